public import Foundation
public import Tweaks

/// How one provider of the edited manager is doing, as the editor's status section shows it:
/// its health (last success, current failures, next retry) and, for a provider with an event
/// stream, the stream's last state. Made from `TweakManager.providerHealth` and
/// `TweakManager.providerEvents`, so it needs no remote module.
public struct TweakEditorProviderStatus: Sendable, Identifiable {
    /// The provider's health as the manager sees it.
    public let health: TweakProviderHealth
    /// The provider's last event-stream event, when it has an event stream (`TweaksRemote`'s
    /// `startEventStream`): a failure while it reconnects, a success once connected.
    public let eventStream: TweakProviderEvent?

    /// The provider's name.
    public var name: String { health.source }
    /// ``name``.
    public var id: String { name }
    /// When an operation of the provider last worked (the last fetch, for a remote provider).
    public var lastSuccess: Date? { health.lastSuccess }
    /// When the provider tries a failing operation again.
    public var nextRetry: Date? { health.nextRetry }
    /// Whether an operation is failing.
    public var isFailing: Bool { health.isFailing }
    /// The current failures in words, one per failing operation.
    public var failures: [String] { health.currentFailures.map(\.description) }

    /// The event stream's state in words: `connected`, `reconnecting: <error>`, or `nil` without a stream.
    public var eventStreamState: String? {
        guard let eventStream else { return nil }
        guard eventStream.isFailure else { return "connected" }
        return "reconnecting: \(eventStream.error.map { String(describing: $0) } ?? "unknown error")"
    }

    /// `remote: healthy (last success …)`, or the current failures, then the stream state.
    public var summary: String {
        [health.description, eventStreamState.map { "event stream \($0)" }].compactMap { $0 }.joined(separator: "\n")
    }
}
