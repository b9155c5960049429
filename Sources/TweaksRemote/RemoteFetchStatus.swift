public import Foundation

/// The outcome of a ``RemoteTweakProvider/fetch(expirationDuration:)``.
public enum RemoteFetchStatus: Sendable, Hashable, CustomStringConvertible {
    /// No fetch has been made since the provider was created.
    case noFetchYet
    /// A new document arrived from the source and is waiting for ``RemoteTweakProvider/activate()``.
    case fetchedFromRemote
    /// The source was asked and has nothing new: `304 Not Modified`, or the same document again.
    case noChange
    /// No request was made: the last successful fetch is more recent than the expiration duration
    /// (by default ``RemoteTweakProviderConfiguration/minimumFetchInterval``).
    case withinMinimumInterval
    /// No request was made: the provider is backing off after failures until the given time.
    case throttled(until: Date)
    /// The request failed; the configuration that was good before is kept.
    case failed(RemoteFetchError)

    /// Whether a request reached the source and the answer was usable (``fetchedFromRemote`` or
    /// ``noChange``).
    public var isSuccess: Bool {
        switch self {
        case .fetchedFromRemote, .noChange: true
        default: false
        }
    }

    /// The status in words, e.g. `no change` or `throttled until <date> (no request)`.
    public var description: String {
        switch self {
        case .noFetchYet: "no fetch yet"
        case .fetchedFromRemote: "fetched from remote"
        case .noChange: "no change"
        case .withinMinimumInterval: "within the minimum fetch interval (no request)"
        case .throttled(let until): "throttled until \(until) (no request)"
        case .failed(let error): "failed: \(error)"
        }
    }
}
