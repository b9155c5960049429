public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real nginx on a free port of 127.0.0.1, in a temporary directory of its own (`www/` is the
/// document root), with a configuration its owner writes; stopped by its PID.
///
/// The test targets' servers (`NginxServer` with its faults, `StaticNginx`) are built on it.
public final class NginxProcess: Sendable {
    /// The server's directory: `nginx.conf`, `error.log`, `www/`, `tmp/`.
    public let root: URL
    /// The port of 127.0.0.1 the server listens on.
    public let port: Int
    /// The process ID of the nginx that was started.
    public var pid: pid_t { process.pid }
    private let process: ServerProcess

    /// Whether `CI` is set (and not `false`): there a missing nginx fails the tests instead of
    /// skipping them.
    public static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false

    /// Whether this platform can start nginx: Foundation's `Process` exists on macOS and Linux
    /// only (not on iOS, tvOS or watchOS, where the nginx tests are skipped, even on CI).
    public static let canStartProcesses: Bool = {
        #if os(macOS) || os(Linux)
            true
        #else
            false
        #endif
    }()

    /// Whether the nginx tests run here: nginx is installed, or this is CI, where a missing nginx
    /// must fail them rather than skip them; never where no process can be started.
    public static let isRequiredOrAvailable = canStartProcesses && (binary != nil || isCI)

    /// The nginx executable: `$NGINX`, or the usual install locations (Debian's, then Homebrew's
    /// on Apple silicon and on Intel Macs), or the `PATH`; `nil` where no process can be started.
    public static let binary: String? = {
        guard canStartProcesses else { return nil }
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["NGINX"]].compactMap { $0 }
        candidates += ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/nginx" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The contents of the error log, for failure messages.
    public var errorLog: String {
        (try? String(contentsOf: root.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    private init(process: ServerProcess, port: Int) {
        self.root = process.root
        self.port = port
        self.process = process
    }

    /// The top of every test server's configuration: in the foreground, one worker, its pid file
    /// and error log in `root`.
    public static func processDirectives(root: String) -> String {
        """
        daemon off;
        worker_processes 1;
        pid \(root)/nginx.pid;
        error_log \(root)/error.log warn;
        """
    }

    /// The temporary-file folders of an `http` block, all in `root`, where the test may write.
    public static func temporaryPaths(root: String) -> String {
        """
        client_body_temp_path \(root)/tmp/body;
        proxy_temp_path \(root)/tmp/proxy;
        fastcgi_temp_path \(root)/tmp/fastcgi;
        uwsgi_temp_path \(root)/tmp/uwsgi;
        scgi_temp_path \(root)/tmp/scgi;
        """
    }

    /// Starts nginx with the configuration `configuration(root path, port)` and waits (without
    /// blocking a thread) until it accepts connections, retrying on another port when another
    /// process took the free one first. `name` begins the temporary directory's name. `port`, when
    /// given, is used instead of a free one (to restart a server where its clients expect it).
    public static func start(
        name: String, port: Int? = nil, configuration: (_ root: String, _ port: Int) -> String
    ) async throws -> NginxProcess {
        guard let binary else {
            throw TestServerError(
                canStartProcesses
                    ? "nginx is not installed, and CI requires it: apt-get install -y nginx, or brew install nginx"
                    : "nginx cannot be started on this platform (Foundation's Process does not exist here)")
        }
        return try await ServerProcess.retrying {
            try await start(binary: binary, name: name, port: port, configuration: configuration)
        }
    }

    private static func start(
        binary: String, name: String, port: Int?, configuration: (String, Int) -> String
    ) async throws -> NginxProcess {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-nginx-\(UUID().uuidString)", isDirectory: true)
        for directory in ["www", "tmp"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        let port = try port ?? Loopback.freePort()
        let configurationFile = root.appendingPathComponent("nginx.conf")
        try configuration(root.path, port).write(to: configurationFile, atomically: true, encoding: .utf8)
        let arguments = [
            "-p", root.path, "-c", configurationFile.path, "-e", root.appendingPathComponent("error.log").path,
        ]
        let (process, isAccepting) = try await ServerProcess.launch(
            binary, arguments, root: root, port: port,
            // Ours only once nginx wrote its pid file, which it does after binding the port: while a
            // failed bind is retried (nginx tries 5 times in 2 s), a connection would reach the
            // process that took the port, another test run's server, and the test would talk to it.
            readyFile: root.appendingPathComponent("nginx.pid"))
        let server = NginxProcess(process: process, port: port)
        guard isAccepting else {
            let log = server.errorLog
            server.stop()
            throw TestServerError("nginx did not start on port \(port): \(log)")
        }
        return server
    }

    /// Stops nginx (SIGTERM to its master's PID, SIGKILL after 5 seconds), waits for it to exit,
    /// and removes its directory. Stopping twice does nothing more.
    public func stop() {
        process.stop()
    }
}
