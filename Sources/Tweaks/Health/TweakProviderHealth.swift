public import Foundation

/// How a provider's background work is going: when it last worked, its last failure, and when it
/// tries again. Read it from ``TweakManager/providerHealth``; every
/// change of it is a ``TweakProviderEvent`` on ``TweakManager/providerEvents``.
public struct TweakProviderHealth: Sendable, CustomStringConvertible {
    /// The provider's name.
    public let source: String
    /// When an operation of the provider last worked; `nil` before the first success.
    package internal(set) var lastSuccess: Date?
    /// The provider's latest failure; `nil` when it never failed.
    package internal(set) var lastFailure: TweakProviderEvent?
    /// The failures that are still current: one per operation that failed and has not worked since.
    package internal(set) var currentFailures: [TweakProviderEvent] = []

    /// Whether an operation failed and has not worked since.
    public var isFailing: Bool { !currentFailures.isEmpty }

    /// When the provider next tries an operation that is failing; `nil` when nothing is failing or
    /// it does not try again on its own.
    public var nextRetry: Date? { currentFailures.compactMap(\.nextRetry).min() }

    /// The health of a provider named `source` that has reported nothing yet.
    init(source: String) { self.source = source }

    /// `remote: healthy (last success <time>)`, or the current failures.
    public var description: String {
        guard isFailing else {
            let success = lastSuccess.map { "last success \(EventDate.text($0))" }
            return "\(source): healthy (\(success ?? "nothing reported yet"))"
        }
        return currentFailures.map(\.description).joined(separator: "\n")
    }

    /// Records `event`, and returns it as delivered: a success after a failure of the same
    /// operation is a recovery; a failure that repeats the current one is marked so.
    mutating func record(_ event: TweakProviderEvent) -> TweakProviderEvent {
        var event = event
        let index = currentFailures.firstIndex { $0.operation == event.operation }
        if event.isFailure {
            event.isRepeat = index.map { currentFailures[$0].errorText == event.errorText } ?? false
            lastFailure = event
            if let index { currentFailures[index] = event } else { currentFailures.append(event) }
            return event
        }
        lastSuccess = max(lastSuccess ?? event.date, event.date)
        if let index {
            currentFailures.remove(at: index)
            event.outcome = .recovered
        }
        return event
    }
}
