import Foundation
import Tweaks

/// The service's log: one line per event on standard output, as a container platform collects it.
///
/// Each line is one unbuffered `write`, so lines of concurrent tasks never mix and none is lost
/// when the process ends.
enum Log {
    /// Logs an event of normal operation.
    static func info(_ message: String) {
        write(message)
    }

    /// Logs a problem the service survives: a bad flag value, an unreachable server.
    static func error(_ message: String) {
        write("error: \(message)")
    }

    /// A `TweakManager.logClosure` that logs the manager's messages of `minimumLevel` and above.
    ///
    /// The manager reports here what its reads cannot throw: a provider that fails, a value of the
    /// wrong type that a property wrapper replaced with its fallback.
    static func tweakLogger(from minimumLevel: LogLevel) -> LogClosure {
        { message, level in
            guard level >= minimumLevel else { return }
            level >= .error ? error("tweaks: \(message)") : info("tweaks (\(level)): \(message)")
        }
    }

    /// Writes `line` and a newline to standard output.
    private static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
