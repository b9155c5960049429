import Foundation
import TestSupport
import Testing
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real nginx with the nchan module (Debian: `libnginx-mod-nchan`) on 127.0.0.1: it serves the
/// documents of `www/` like `NginxServer`, and server-sent event channels.
///
/// - `POST /pub/CHANNEL` publishes its body as one event of `CHANNEL` (nchan's message ID becomes
///   the event's `id:`); `DELETE /pub/CHANNEL` deletes the channel, closing its subscribers.
/// - `GET /sub/CHANNEL` is an `nchan_subscriber eventsource` stream of `CHANNEL`, starting with
///   the next message (or after `Last-Event-ID`); nchan sends no comments in between, so an idle
///   stream is silent. `/ping/CHANNEL` is the same with a `: ping` comment every second.
/// - `/slow/` serves files at 32 bytes per second after the first 512 bytes (headers included);
///   files ending in `.sse` are `text/event-stream`.
///
/// The access log records `Last-Event-ID` (see `requests(for:)`). `restart()` stops nginx and starts
/// a new one on the same port (an empty channel store, an empty document root).
final class NchanServer: Sendable {
    private let process: Locked<NginxProcess>

    var port: Int { process.withLock { $0.port } }
    var documentRoot: URL { process.withLock { $0.root }.appendingPathComponent("www", isDirectory: true) }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(path)")! }

    /// Replaces the file at `path` in the document root atomically.
    func write(_ text: String, to path: String) throws {
        let file = documentRoot.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
    }

    /// Publishes `data` as one event on `channel`; returns nchan's HTTP status (201 or 202).
    @discardableResult
    func publish(_ data: String, on channel: String = "tweaks") async throws -> Int {
        try await send("POST", "pub/\(channel)", body: Data(data.utf8))
    }

    /// Deletes `channel`: nchan closes its subscribers' streams.
    @discardableResult
    func deleteChannel(_ channel: String = "tweaks") async throws -> Int {
        try await send("DELETE", "pub/\(channel)", body: nil)
    }

    private func send(_ method: String, _ path: String, body: Data?) async throws -> Int {
        var request = URLRequest(url: url(path), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// One line of the access log.
    struct Request: Equatable {
        let method: String
        let path: String
        let status: Int
        let lastEventID: String
    }

    /// The finished requests nginx has logged for `path` (with a leading `/`), oldest first. A
    /// stream is logged when it ends.
    func requests(for path: String) -> [Request] {
        let log =
            (try? String(contentsOf: process.withLock { $0.root }.appendingPathComponent("access.log"), encoding: .utf8))
            ?? ""
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let status = Int(fields[2]), fields[1] == path else { return nil }
            return Request(
                method: fields[0], path: fields[1], status: status, lastEventID: fields[3] == "-" ? "" : fields[3])
        }
    }

    /// The requests for `path` so far, counted once nginx has written their lines (the count has
    /// stayed the same for 300 ms).
    func settledCount(for path: String) async throws -> Int {
        var count = requests(for: path).count
        while true {
            try await Task.sleep(nanoseconds: 300_000_000)
            let again = requests(for: path).count
            if again == count { return count }
            count = again
        }
    }

    /// The error log, for failure messages.
    var errorLog: String { process.withLock { $0.errorLog } }

    /// Stops nginx and starts a new one on the same port: open streams are cut, and the new server
    /// has no channels and an empty document root.
    func restart() async throws {
        let old = process.withLock { $0 }
        old.stop()
        let new = try await NginxProcess.start(
            name: "TweaksRemoteNchan", port: old.port, configuration: Self.configuration)
        process.withLock { $0 = new }
    }

    func stop() { process.withLock { $0 }.stop() }

    // MARK: Starting

    /// The nchan module: `$NCHAN_MODULE`, or where Debian's `libnginx-mod-nchan` puts it.
    static let module: String? = {
        let candidates =
            [ProcessInfo.processInfo.environment["NCHAN_MODULE"]].compactMap { $0 } + [
                "/usr/lib/nginx/modules/ngx_nchan_module.so", "/usr/local/lib/nginx/modules/ngx_nchan_module.so",
            ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// Whether the nchan tests run here: nginx and the module are installed, or this is CI, where
    /// a missing one must fail them rather than skip them.
    static let isRequiredOrAvailable =
        NginxProcess.canStartProcesses && ((NginxProcess.binary != nil && module != nil) || NginxProcess.isCI)

    static let skipMessage: Comment = """
        ⚠️ NGINX WITH NCHAN IS NOT INSTALLED: the realtime (server-sent events) tests are SKIPPED. \
        Install it (apt-get install -y nginx libnginx-mod-nchan) to run them; CI (CI=true) fails without it.
        """

    private init(process: NginxProcess) {
        self.process = Locked(process)
    }

    static func start() async throws -> NchanServer {
        guard module != nil else {
            throw TestServerError(
                "the nginx module nchan is not installed, and CI requires it: apt-get install -y libnginx-mod-nchan "
                    + "(or set NCHAN_MODULE to ngx_nchan_module.so)")
        }
        return NchanServer(
            process: try await NginxProcess.start(name: "TweaksRemoteNchan", configuration: configuration))
    }

    private static func configuration(root: String, port: Int) -> String {
        """
        load_module \(module ?? "ngx_nchan_module.so");
        daemon off;
        worker_processes 1;
        pid \(root)/nginx.pid;
        error_log \(root)/error.log warn;
        events { worker_connections 256; }
        http {
            log_format counted escape=none '$request_method\\t$uri\\t$status\\t$http_last_event_id';
            access_log \(root)/access.log counted;
            client_body_temp_path \(root)/tmp/body;
            proxy_temp_path \(root)/tmp/proxy;
            fastcgi_temp_path \(root)/tmp/fastcgi;
            uwsgi_temp_path \(root)/tmp/uwsgi;
            scgi_temp_path \(root)/tmp/scgi;
            types { application/json json; text/event-stream sse; }
            default_type application/octet-stream;
            client_max_body_size 1m;
            server {
                listen 127.0.0.1:\(port);
                root \(root)/www;
                location ~ ^/pub/(\\w+)$ {
                    nchan_publisher;
                    nchan_channel_id $1;
                    nchan_message_buffer_length 50;
                    nchan_message_timeout 10m;
                }
                location ~ ^/sub/(\\w+)$ {
                    nchan_subscriber eventsource;
                    nchan_channel_id $1;
                    nchan_subscriber_first_message newest;
                }
                location ~ ^/ping/(\\w+)$ {
                    nchan_subscriber eventsource;
                    nchan_channel_id $1;
                    nchan_subscriber_first_message newest;
                    nchan_eventsource_ping_interval 1;
                }
                location /slow/ {
                    limit_rate 32;
                    limit_rate_after 512;
                }
            }
        }
        """
    }
}

/// The nchan tests' trait: like `requiresNginx`, for nginx with the nchan module.
let requiresNchan = ConditionTrait.enabled(if: NchanServer.isRequiredOrAvailable, NchanServer.skipMessage)

/// Runs `body` with a started nginx + nchan that is stopped afterwards, whatever happens.
func withNchan<Result>(_ body: (NchanServer) async throws -> Result) async throws -> Result {
    let server = try await NchanServer.start()
    defer { server.stop() }
    return try await body(server)
}

/// Waits until `condition` holds, checking every 20 ms, for `seconds` at most; returns whether it
/// held. Generous bounds: the machine may be loaded.
func eventually(within seconds: Double = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return try await condition()
}
