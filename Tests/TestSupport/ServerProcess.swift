import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test server's process (nginx, Redis) and its temporary directory: started and waited for,
/// then ended and removed once.
final class ServerProcess: Sendable {
    /// The process ID.
    let pid: pid_t
    /// The server's temporary directory.
    let root: URL
    private let stopLock = NSLock()
    // Only read and written while `stopLock` is held.
    nonisolated(unsafe) private var isStopped = false

    private init(pid: pid_t, root: URL) {
        self.pid = pid
        self.root = root
    }

    /// Starts `binary` with `arguments` (its output discarded) and waits, without blocking a thread,
    /// until 127.0.0.1:`port` accepts connections (and `readyFile`, when given, exists), or until
    /// the process exits. Returns the process and whether it accepts connections (`false`: it exited,
    /// or it did not listen within ``HangGuard``; stop it).
    ///
    /// There is no short deadline: on a loaded machine a server can take many seconds to start, and
    /// one that cannot bind its port exits (nginx after its 5 tries in 2 s), which ends the wait.
    static func launch(
        _ binary: String, _ arguments: [String], root: URL, port: Int, readyFile: URL? = nil
    ) async throws -> (process: ServerProcess, isAccepting: Bool) {
        #if os(macOS) || os(Linux)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let server = ServerProcess(pid: process.processIdentifier, root: root)
            var hasExited = false
            let isAccepting = await eventually(checks: 0) {
                if readyFile.map({ FileManager.default.fileExists(atPath: $0.path) }) ?? true,
                    Loopback.canConnect(port: port)
                {
                    return true
                }
                hasExited = !process.isRunning  // e.g. its port was taken: no use waiting
                return hasExited
            }
            return (server, isAccepting && !hasExited)
        #else
            try? FileManager.default.removeItem(at: root)
            throw TestServerError("Foundation's Process, needed to start \(binary), does not exist on this platform")
        #endif
    }

    /// Runs `attempt` up to five times, until it does not throw (a server's free port may be taken
    /// by another process before the server binds it); rethrows the last error.
    static func retrying<Server>(_ attempt: () async throws -> Server) async throws -> Server {
        var lastError: (any Error)?
        for _ in 0..<5 {
            do {
                return try await attempt()
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    /// Ends the process (SIGTERM, SIGKILL after 5 seconds), waits for it to exit, and removes its
    /// directory. Stopping twice does nothing more.
    func stop() {
        stopLock.lock()
        defer { stopLock.unlock() }
        guard !isStopped else { return }  // the PID may belong to another process by now
        isStopped = true
        if kill(pid, SIGTERM) == 0 {
            var status: Int32 = 0
            let deadline = Date().addingTimeInterval(5)
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    break
                }
                usleep(5_000)
            }
        }
        try? FileManager.default.removeItem(at: root)
    }
}
