/// How much a log message matters: swift-log's seven levels in swift-log's order, from ``trace``
/// (lowest) to ``critical``, with swift-log's names, so that a manager's messages go to a
/// swift-log `Logger` with one line:
///
/// ```swift
/// import Logging
/// let logger = Logger(label: "tweaks")
/// manager.logClosure = { message, level in
///     logger.log(level: Logger.Level(rawValue: level.description) ?? .critical, "\(message)")
/// }
/// ```
///
/// What a manager logs at each level:
/// - ``trace``: every step of every read (a provider without the tweak, an answer from the cache).
/// - ``debug``: decisions (which layer answered, a fallback used) and a problem seen again.
/// - ``notice``: a recovery: a provider that works again, a tweak whose problem is gone.
/// - ``error``: a problem, once when it appears: a provider that fails, a value of the wrong type.
///
/// ``info``, ``warning`` and ``critical`` complete swift-log's scale.
///
/// A struct rather than an enum, so that a later version can add a level without breaking callers:
/// compare levels (`level >= .notice`) or match them in a `switch` with a `default:`.
public struct LogLevel: Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// The rank: a higher rank matters more.
    let rank: Int
    /// The name, swift-log's.
    package let name: String

    private init(_ rank: Int, _ name: String) {
        self.rank = rank
        self.name = name
    }

    /// Every step of a read: the most detailed level.
    public static let trace = LogLevel(0, "trace")
    /// A decision worth knowing when debugging: which layer answered, a fallback used, a problem
    /// seen again.
    public static let debug = LogLevel(1, "debug")
    /// Information about normal operation.
    public static let info = LogLevel(2, "info")
    /// A normal but significant event: a recovery.
    public static let notice = LogLevel(3, "notice")
    /// Something unexpected that does not stop the work.
    public static let warning = LogLevel(4, "warning")
    /// Something is wrong: a provider error, a value of the wrong type, a value that could not be
    /// written.
    public static let error = LogLevel(5, "error")
    /// Something is wrong and needs attention at once.
    public static let critical = LogLevel(6, "critical")

    /// Every level this version knows, from ``trace`` to ``critical``.
    public static let allCases = [trace, debug, info, notice, warning, error, critical]

    /// Whether `lhs` matters less than `rhs`: ``trace`` < ``debug`` < … < ``critical``.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }

    /// The name, swift-log's: `trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical`.
    public var description: String { name }
}

/// Receives the messages of a ``TweakManager``. Messages are only built when one is set, and only
/// at or above the manager's ``TweakManager/minimumLogLevel``.
public typealias LogClosure = @Sendable (String, LogLevel) -> Void

/// A manager's log as its code calls it: the closure and the manager's minimum level. A message
/// below the minimum is never built (it is an autoclosure, evaluated after the level check), so
/// a filtered log costs a read one comparison.
struct ManagerLog: Sendable {
    /// The closure set as ``TweakManager/logClosure``.
    let closure: LogClosure
    /// The rank of ``TweakManager/minimumLogLevel`` (a level's name, a `String`, is not copied
    /// with the log).
    let minimumRank: Int
    /// Whether `trace` and `debug` messages are delivered: decided once, so that a read tests a
    /// Boolean (a level is a struct with a name, loaded from a global at each use).
    let logsTrace: Bool
    let logsDebug: Bool

    init(closure: @escaping LogClosure, minimum: LogLevel) {
        self.closure = closure
        self.minimumRank = minimum.rank
        logsTrace = minimum <= .trace
        logsDebug = minimum <= .debug
    }

    /// Delivers `message` at `level`, built only when the level is at or above the minimum.
    @inline(__always)
    func callAsFunction(_ message: @autoclosure () -> String, _ level: LogLevel) {
        guard level.rank >= minimumRank else { return }
        closure(message(), level)
    }
}
