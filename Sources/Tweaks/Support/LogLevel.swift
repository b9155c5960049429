/// How much a log message matters.
public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Something is wrong: a provider error, a type mismatch, a value that could not be written.
    case error
    /// A decision worth knowing when debugging: which provider answered, a fallback used.
    case debug
    /// Every step of a lookup.
    case verbose

    /// Whether `lhs` is less verbose than `rhs`: ``error`` < ``debug`` < ``verbose``.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Receives the messages of a ``TweakManager``. Messages are only built when one is set.
public typealias LogClosure = @Sendable (String, LogLevel) -> Void
