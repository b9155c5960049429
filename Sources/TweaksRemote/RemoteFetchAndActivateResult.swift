public import Tweaks

/// The outcome of ``RemoteTweakProvider/fetchAndActivate(expirationDuration:)``.
public struct RemoteFetchAndActivateResult: Sendable, Hashable {
    /// What the fetch did. `.fetchedFromRemote` only when a new document arrived in this call.
    public let status: RemoteFetchStatus
    /// The tweaks whose active value or metadata changed (empty when nothing was activated).
    /// Whether the values fit the types a manager declares is that manager's verdict: see
    /// `TweakManager.typeMismatches()` and its `providerEvents`.
    public let changedKeys: Set<TweakKey>
}
