import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real nginx serving static files from a temporary directory on 127.0.0.1, for running the
/// `tweak` executable against a remote document. A plain file server only: the TweaksRemote tests
/// have the full one (`Tests/TweaksRemoteTests/Support/NginxServer.swift`) with its faults, which a
/// test target cannot share.
final class StaticNginx: Sendable {
    let root: URL
    let port: Int
    private let pid: pid_t
    private let stopLock = NSLock()
    // Only read and written while `stopLock` is held.
    nonisolated(unsafe) private var isStopped = false

    /// The tests' trait: they run where nginx is installed, and always on CI (where a missing nginx
    /// fails them); elsewhere they are skipped with a loud message.
    static let required = ConditionTrait.enabled(
        if: binary != nil || isCI,
        """
        ⚠️ NGINX IS NOT INSTALLED: the tweak --remote tests against a real server are SKIPPED. \
        Install it (apt-get install -y nginx, or brew install nginx) to run them; CI (CI=true) fails without it.
        """)

    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false

    /// The nginx executable: `$NGINX`, or the usual install locations, or the `PATH`.
    static let binary: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["NGINX"]].compactMap { $0 }
        candidates += ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/nginx" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    /// Replaces the file at `path` in the document root atomically (nginx never sees half a file).
    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent("www/\(path)"), options: .atomic)
    }

    /// Stops nginx (SIGTERM to its master's PID, SIGKILL after 5 seconds), waits for it to exit,
    /// and removes its directory. Stopping twice does nothing more.
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

    private init(root: URL, port: Int, pid: pid_t) {
        self.root = root
        self.port = port
        self.pid = pid
    }

    /// Runs `body` with a started server that is stopped afterwards, whatever happens.
    static func with<Result>(_ body: (StaticNginx) async throws -> Result) async throws -> Result {
        let server = try await start()
        defer { server.stop() }
        return try await body(server)
    }

    /// Starts nginx on a free port of 127.0.0.1 and waits until it accepts connections (retrying
    /// on another port when another process took the free one first).
    static func start() async throws -> StaticNginx {
        guard let binary else {
            throw StartError("nginx is not installed, and CI requires it: apt-get install -y nginx")
        }
        var lastError: (any Error)?
        for _ in 0..<5 {
            do {
                return try await start(binary: binary)
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    private static func start(binary: String) async throws -> StaticNginx {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("TweakToolTests-nginx-\(UUID().uuidString)", isDirectory: true)
        for directory in ["www", "tmp"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        let port = try freePort()
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(root.path)/nginx.pid;
            error_log \(root.path)/error.log warn;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(root.path)/tmp/body;
                proxy_temp_path \(root.path)/tmp/proxy;
                fastcgi_temp_path \(root.path)/tmp/fastcgi;
                uwsgi_temp_path \(root.path)/tmp/uwsgi;
                scgi_temp_path \(root.path)/tmp/scgi;
                types { application/json json; }
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path)/www;
                }
            }
            """
        let configurationFile = root.appendingPathComponent("nginx.conf")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "-p", root.path, "-c", configurationFile.path, "-e", root.appendingPathComponent("error.log").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = StaticNginx(root: root, port: port, pid: process.processIdentifier)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if canConnect(port: port) { return server }
            if !process.isRunning { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let log = (try? String(contentsOf: root.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        server.stop()
        throw StartError("nginx did not start on port \(port): \(log)")
    }

    struct StartError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func freePort() throws -> Int {
        let socketDescriptor = socket(AF_INET, streamSocket, 0)
        guard socketDescriptor >= 0 else { throw StartError("socket() failed") }
        defer { close(socketDescriptor) }
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw StartError("bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func canConnect(port: Int) -> Bool {
        let socketDescriptor = socket(AF_INET, streamSocket, 0)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var address = loopbackAddress(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    #if canImport(Glibc)
        private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamSocket = SOCK_STREAM
    #endif

    /// 127.0.0.1:`port` as a socket address.
    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
