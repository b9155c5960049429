public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real `redis-server` on a free port of 127.0.0.1, in a temporary directory of its own, that
/// keeps nothing on disk; stopped by its PID. Several nginx + nchan nodes share their channels
/// through it (`Nchan.start(name:port:redisURL:)`).
public final class RedisProcess: Sendable {
    /// The server's directory (its working directory and `redis.log`).
    public let root: URL
    /// The port of 127.0.0.1 the server listens on.
    public let port: Int
    /// The process ID of the server.
    public var pid: pid_t { process.pid }
    private let process: ServerProcess

    /// The server's address for nchan's `nchan_redis_server`.
    public var url: String { "redis://127.0.0.1:\(port)" }

    /// The `redis-server` executable: `$REDIS_SERVER`, or the usual install locations (Debian's,
    /// then Homebrew's), or the `PATH`; `nil` where no process can be started.
    public static let binary: String? = {
        guard NginxProcess.canStartProcesses else { return nil }
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["REDIS_SERVER"]].compactMap { $0 }
        candidates += ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/opt/homebrew/bin/redis-server"]
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/redis-server" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the Redis tests run here: `redis-server` is installed, or this is CI, where a missing
    /// one must fail them rather than skip them.
    public static let isRequiredOrAvailable = NginxProcess.canStartProcesses && (binary != nil || NginxProcess.isCI)

    /// The contents of the server's log, for failure messages.
    public var log: String {
        (try? String(contentsOf: root.appendingPathComponent("redis.log"), encoding: .utf8)) ?? ""
    }

    private init(process: ServerProcess, port: Int) {
        self.root = process.root
        self.port = port
        self.process = process
    }

    /// Starts `redis-server` and waits (without blocking a thread) until it accepts connections,
    /// retrying on another port when another process took the free one first. `name` begins the
    /// temporary directory's name.
    public static func start(name: String) async throws -> RedisProcess {
        guard let binary else {
            throw TestServerError(
                NginxProcess.canStartProcesses
                    ? "redis-server is not installed, and CI requires it: apt-get install -y redis-server, "
                        + "or brew install redis (or set REDIS_SERVER)"
                    : "redis-server cannot be started on this platform (Foundation's Process does not exist here)")
        }
        return try await ServerProcess.retrying { try await start(binary: binary, name: name) }
    }

    private static func start(binary: String, name: String) async throws -> RedisProcess {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-redis-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let port = try Loopback.freePort()
        // In the foreground, on loopback only, nothing saved (no RDB snapshot, no append-only file).
        let arguments = [
            "--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no",
            "--dir", root.path, "--logfile", root.appendingPathComponent("redis.log").path,
        ]
        let (process, isAccepting) = try await ServerProcess.launch(binary, arguments, root: root, port: port)
        let server = RedisProcess(process: process, port: port)
        guard isAccepting else {
            let log = server.log
            server.stop()
            throw TestServerError("redis-server did not start on port \(port): \(log)")
        }
        return server
    }

    /// Stops the server (SIGTERM, SIGKILL after 5 seconds), waits for it to exit, and removes its
    /// directory. Stopping twice does nothing more.
    public func stop() {
        process.stop()
    }
}
