import Tweaks

/// How one provider of the edited manager is doing, as the editor's status section shows it:
/// its health (last success, current failures, next retry) and, for a provider with an event
/// stream, the stream's last state. Made from `TweakManager.providerHealth` and
/// `TweakManager.providerEvents`, so it needs no remote module.
public struct TweakEditorProviderStatus: Sendable, Identifiable {
    /// The provider's health as the manager sees it.
    let health: TweakProviderHealth
    /// The provider's last event-stream event, when it has an event stream (`TweaksRemote`'s
    /// `startEventStream`): a failure while it reconnects, a success once connected.
    let eventStream: TweakProviderEvent?

    /// The provider's name.
    package var name: String { health.source }
    /// The provider's name.
    public var id: String { name }
    /// Whether an operation of the provider is failing (a fetch, the manager's type check).
    public var isFailing: Bool { health.isFailing }

    /// The event stream's state in words: `connected`, `reconnecting: <error>`, or `nil` without a stream.
    var eventStreamState: String? {
        guard let eventStream else { return nil }
        guard eventStream.isFailure else { return "connected" }
        return "reconnecting: \(eventStream.error.map { String(describing: $0) } ?? "unknown error")"
    }

    /// The status in words: `remote: healthy (last success …)`, or the current failures with the
    /// next retry, then the event stream's state (`event stream connected`,
    /// `event stream reconnecting: …`).
    public var summary: String {
        [health.description, eventStreamState.map { "event stream \($0)" }].compactMap { $0 }.joined(separator: "\n")
    }
}
