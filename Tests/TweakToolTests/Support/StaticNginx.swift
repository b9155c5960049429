import Foundation
import TestSupport
import Testing

/// A real nginx serving static files from a temporary directory on 127.0.0.1, for running the
/// `tweak` executable against a remote document. A plain file server only: the TweaksRemote tests
/// have the one with faults (`Tests/TweaksRemoteTests/Support/NginxServer.swift`); both run on
/// `NginxProcess` from the TestSupport target.
final class StaticNginx: Sendable {
    private let process: NginxProcess

    var port: Int { process.port }

    /// The tests' trait: they run where nginx is installed, and always on CI (where a missing nginx
    /// fails them); elsewhere they are skipped with a loud message.
    static let required = ConditionTrait.enabled(
        if: NginxProcess.isRequiredOrAvailable,
        """
        ⚠️ NGINX IS NOT INSTALLED: the tweak --remote tests against a real server are SKIPPED. \
        Install it (apt-get install -y nginx, or brew install nginx) to run them; CI (CI=true) fails without it.
        """)

    private init(process: NginxProcess) {
        self.process = process
    }

    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    /// Replaces the file at `path` in the document root atomically (nginx never sees half a file).
    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: process.root.appendingPathComponent("www/\(path)"), options: .atomic)
    }

    /// Stops nginx and removes its directory; stopping twice does nothing more.
    func stop() {
        process.stop()
    }

    /// Runs `body` with a started server that is stopped afterwards, whatever happens.
    static func with<Result>(_ body: (StaticNginx) async throws -> Result) async throws -> Result {
        let server = try await start()
        defer { server.stop() }
        return try await body(server)
    }

    /// Starts nginx on a free port of 127.0.0.1 and waits until it accepts connections.
    static func start() async throws -> StaticNginx {
        let process = try await NginxProcess.start(name: "TweakToolTests") { root, port in
            """
            \(NginxProcess.processDirectives(root: root))
            events { worker_connections 64; }
            http {
                access_log off;
                \(NginxProcess.temporaryPaths(root: root))
                types { application/json json; }
                server {
                    listen 127.0.0.1:\(port);
                    root \(root)/www;
                }
            }
            """
        }
        return StaticNginx(process: process)
    }
}
