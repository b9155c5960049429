import Foundation

// Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// Runs a program found on the `PATH` (through `/usr/bin/env`) to its end.
    public enum Subprocess {
        /// Runs `executable` with `arguments`; returns the exit status and the output (both streams).
        public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

#endif
