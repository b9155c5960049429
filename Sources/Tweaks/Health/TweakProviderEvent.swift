public import Foundation

/// Something a provider did off the read path — a remote fetch, an activation, a cache load or
/// write, a reload of a file — and whether it worked, as its managers hear it (see
/// ``TweakManager/providerEvents``, ``TweakManager/logClosure``).
///
/// Providers make events with ``failed(_:error:nextRetry:at:)`` and ``succeeded(_:at:)`` and post
/// them with ``TweakProvider/postEvent(_:)``.
public struct TweakProviderEvent: Sendable, CustomStringConvertible {
    /// The name of the provider; empty until the event is posted.
    public internal(set) var source: String
    /// What the provider did.
    public let operation: Operation
    /// Whether it worked.
    public internal(set) var outcome: Outcome
    /// Why it failed; `nil` when it worked.
    public let error: (any Error)?
    /// When it happened.
    public let date: Date
    /// When the provider tries again after a failure (the end of a backoff, the next poll); `nil`
    /// when it does not on its own.
    public let nextRetry: Date?
    /// Whether this failure repeats the current failure of its operation with the same error (a
    /// file still broken at the next poll): the log gets it at `debug` level, and a watcher shows
    /// only the first.
    public internal(set) var isRepeat = false
    /// The text of ``error``, made with the event: a repeat is recognised by it under a lock,
    /// without calling the error's own code there.
    let errorText: String?

    /// A failure of `operation`, to be tried again at `nextRetry` (`nil`: not on its own).
    public static func failed(
        _ operation: Operation, error: any Error, nextRetry: Date?, at date: Date = Date()
    ) -> TweakProviderEvent {
        TweakProviderEvent(
            source: "", operation: operation, outcome: .failed, error: error, date: date, nextRetry: nextRetry,
            errorText: String(describing: error))
    }

    /// A success of `operation`. Posted after a failure of the same operation, it is delivered as
    /// ``Outcome-swift.struct/recovered``.
    public static func succeeded(_ operation: Operation, at date: Date = Date()) -> TweakProviderEvent {
        TweakProviderEvent(
            source: "", operation: operation, outcome: .succeeded, error: nil, date: date, nextRetry: nil,
            errorText: nil)
    }

    /// Whether the operation failed (`outcome == .failed`).
    package var isFailure: Bool { outcome == .failed }

    /// The event in words, e.g. `remote: fetch failed: <reason>; next try at 2026-05-01T10:00:02Z
    /// (in 2 s)`, or `remote: fetch works again`.
    public var description: String {
        let name = source.isEmpty ? "a provider" : source
        switch outcome {
        case .failed:
            let reason = errorText ?? "unknown error"
            let failure = "\(name): \(operation) failed: \(reason)"
            // A check of what a provider holds (its environment, its values' types) has no retry to speak of.
            if nextRetry == nil, operation == .environment || operation == .typeCheck { return failure }
            return "\(failure); \(Self.describe(nextRetry: nextRetry, from: date))"
        case .recovered: return "\(name): \(operation) works again"
        default: return "\(name): \(operation) succeeded"
        }
    }

    /// `next try at <ISO 8601 time> (in N s)`, or `no automatic retry`; any date is described (an
    /// invalid one as such), never a trap.
    static func describe(nextRetry: Date?, from now: Date) -> String {
        EventDate.nextRetry(nextRetry, from: now)
    }
}

extension TweakProviderEvent {
    /// What a provider did. A struct rather than an enum, so that providers can name operations of
    /// their own (`Operation("sync")`) and later versions can add more without breaking callers.
    public struct Operation: Sendable, Hashable, CustomStringConvertible {
        /// The operation's name, e.g. `fetch`: its ``description``.
        package let name: String

        /// An operation called `name`.
        public init(_ name: String) { self.name = name }

        /// A request for a newer document (a remote fetch, including each round of polling).
        public static let fetch = Operation("fetch")
        /// The check of a provider's values against the types its manager's local defaults file
        /// declares, after each change (a remote activation, a reload); its error is a
        /// ``TweakTypeMismatches``.
        public static let typeCheck = Operation("type check")
        /// Loading persisted values at start-up (a remote cache file).
        public static let cacheLoad = Operation("cache load")
        /// Writing persisted values (a remote cache file).
        public static let cacheWrite = Operation("cache write")
        /// Reading a file again after another process changed it (an overrides file).
        public static let reload = Operation("reload")

        /// The name.
        public var description: String { name }
    }

    /// Whether an operation worked. A struct over a private enum, so that later versions can add
    /// outcomes: compare with `==`.
    public struct Outcome: Sendable, Hashable, CustomStringConvertible {
        private enum Code: Sendable, Hashable {
            case succeeded, failed, recovered
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        /// It worked, as it did the last time.
        public static let succeeded = Outcome(.succeeded)
        /// It failed.
        public static let failed = Outcome(.failed)
        /// It worked after failing the last time.
        public static let recovered = Outcome(.recovered)

        /// `succeeded`, `failed` or `recovered`.
        public var description: String {
            switch code {
            case .succeeded: "succeeded"
            case .failed: "failed"
            case .recovered: "recovered"
            }
        }
    }
}
