import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// nginx with the nchan module (Debian: `libnginx-mod-nchan`), for the server-sent event tests of
/// TweaksRemote and of `tweak watch`: the module's path, whether the tests run here, the server's
/// configuration, and publishing.
///
/// The configuration serves the documents of `www/`, and server-sent event channels:
/// - `POST /pub/CHANNEL` publishes its body as one event of `CHANNEL` (nchan's message ID becomes
///   the event's `id:`); `DELETE /pub/CHANNEL` deletes the channel, closing its subscribers.
/// - `GET /sub/CHANNEL` is an `nchan_subscriber eventsource` stream of `CHANNEL`, starting with
///   the next message (or after `Last-Event-ID`); nchan sends no comments in between, so an idle
///   stream is silent. `/ping/CHANNEL` is the same with a `: ping` comment every second.
/// - `/no-content` answers `204 No Content` (EventSource: "stop reconnecting").
/// - `/slow/` serves files at 32 bytes per second after the first 512 bytes (headers included);
///   files ending in `.sse` are `text/event-stream`.
///
/// The access log (`access.log`) has one line per finished request: method, path, status and
/// `Last-Event-ID`, separated by tabs.
public enum Nchan {
    /// The nchan module: `$NCHAN_MODULE`, or where Debian's `libnginx-mod-nchan` puts it.
    public static let module: String? = {
        let candidates =
            [ProcessInfo.processInfo.environment["NCHAN_MODULE"]].compactMap { $0 } + [
                "/usr/lib/nginx/modules/ngx_nchan_module.so", "/usr/local/lib/nginx/modules/ngx_nchan_module.so",
            ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// Whether the nchan tests run here: nginx and the module are installed, or this is CI, where
    /// a missing one must fail them rather than skip them.
    public static let isRequiredOrAvailable =
        NginxProcess.canStartProcesses && ((NginxProcess.binary != nil && module != nil) || NginxProcess.isCI)

    /// The message of a skipped nchan test.
    public static let skipMessage = """
        ⚠️ NGINX WITH NCHAN IS NOT INSTALLED: the realtime (server-sent events) tests are SKIPPED. \
        Install it (apt-get install -y nginx libnginx-mod-nchan) to run them; CI (CI=true) fails without it.
        """

    /// Starts nginx with nchan (see ``configuration(root:port:redisURL:)``), on `port` when given,
    /// keeping its channels in the Redis server at `redisURL` when given.
    public static func start(name: String, port: Int? = nil, redisURL: String? = nil) async throws -> NginxProcess {
        guard module != nil else {
            throw TestServerError(
                "the nginx module nchan is not installed, and CI requires it: apt-get install -y libnginx-mod-nchan "
                    + "(or set NCHAN_MODULE to ngx_nchan_module.so)")
        }
        return try await NginxProcess.start(name: name, port: port) { root, port in
            configuration(root: root, port: port, redisURL: redisURL)
        }
    }

    /// Publishes `data` as one event on `channel` of the server on `port`; returns nchan's status
    /// (201: created, 202: accepted, no subscriber).
    @discardableResult
    public static func publish(_ data: String, on channel: String = "tweaks", port: Int) async throws -> Int {
        try await send("POST", channel: channel, port: port, body: Data(data.utf8))
    }

    /// Deletes `channel` on the server on `port`: nchan closes its subscribers' streams.
    @discardableResult
    public static func deleteChannel(_ channel: String = "tweaks", port: Int) async throws -> Int {
        try await send("DELETE", channel: channel, port: port, body: nil)
    }

    private static func send(_ method: String, channel: String, port: Int, body: Data?) async throws -> Int {
        var request = URLRequest(
            url: URL(string: "http://127.0.0.1:\(port)/pub/\(channel)")!,
            cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: HangGuard.seconds)
        request.httpMethod = method
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// The configuration of a server in `root` on 127.0.0.1:`port`. With `redisURL`, its channels
    /// (messages and subscribers) live in that Redis server, shared with every node that uses it.
    public static func configuration(root: String, port: Int, redisURL: String? = nil) -> String {
        """
        load_module \(module ?? "ngx_nchan_module.so");
        \(NginxProcess.processDirectives(root: root))
        events { worker_connections 1024; }
        http {
            log_format counted escape=none '$request_method\\t$uri\\t$status\\t$http_last_event_id';
            access_log \(root)/access.log counted;
            \(NginxProcess.temporaryPaths(root: root))
            types { application/json json; text/event-stream sse; }
            default_type application/octet-stream;
            client_max_body_size 1m;
            \(redisUpstream(redisURL))
            server {
                listen 127.0.0.1:\(port);
                root \(root)/www;
                location ~ ^/pub/(\\w+)$ {
                    nchan_publisher;
                    \(redisPass(redisURL))
                    nchan_channel_id $1;
                    nchan_message_buffer_length 50;
                    nchan_message_timeout 10m;
                }
                location ~ ^/sub/(\\w+)$ {
                    nchan_subscriber eventsource;
                    \(redisPass(redisURL))
                    nchan_channel_id $1;
                    nchan_subscriber_first_message newest;
                }
                location ~ ^/ping/(\\w+)$ {
                    nchan_subscriber eventsource;
                    \(redisPass(redisURL))
                    nchan_channel_id $1;
                    nchan_subscriber_first_message newest;
                    nchan_eventsource_ping_interval 1;
                }
                location = /no-content { return 204; }
                location /slow/ {
                    limit_rate 32;
                    limit_rate_after 512;
                }
            }
        }
        """
    }

    // nchan 1.3 prefers an upstream of Redis servers that each channel location passes to (it
    // warns that `nchan_redis_url` and `nchan_use_redis` are deprecated).
    private static func redisUpstream(_ url: String?) -> String {
        url.map { "upstream channel_store { nchan_redis_server \"\($0)\"; }" } ?? ""
    }

    private static func redisPass(_ url: String?) -> String {
        url == nil ? "" : "nchan_redis_pass channel_store;"
    }
}
