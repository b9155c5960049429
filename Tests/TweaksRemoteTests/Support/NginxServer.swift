import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real nginx serving a temporary directory on 127.0.0.1, started for one test on a free port
/// with a configuration written next to it, and stopped by its PID.
///
/// Locations with special behaviour (see `configuration`): `/flaky.json` answers 503 with
/// `Retry-After: 1` while the file `flaky.down` exists; `/busy.json` always answers 429 with
/// `Retry-After: 1`; `/broken.json` 500; `/slow/` sends 2 KB per second; `/gzip/` compresses on
/// the fly (chunked, no `Content-Length`); `/gzip-static/` serves pre-compressed `.gz` files;
/// `/private.json` needs `Authorization: Bearer secret`, `/moved-private.json` redirects to it;
/// `/insecure-redirect.json` redirects to plain http on a public host.
///
/// Faults (see `RemoteServerFaultTests`): `/f/NAME` serves the file `f/NAME` until the file
/// `faults.on` exists, then `/fault/NAME` instead: `closed.json` closes the connection without an
/// answer (`444`), `loop.json` redirects to itself, `html-error.json` is a 200 HTML page,
/// `html-as-json.json` the same page labelled `application/json`, `as-html/` and `as-xml/` serve
/// files as `text/html` and `application/xml`, `as-text/` as `text/plain`, `endless/` sends 1 KB per
/// second.
///
/// Waiting on progress, not seconds: `/crawl/` sends 50 bytes per second (a transfer still under
/// way minutes later), `/held/` (with `start(upstream:)`, see `withNginx(holding:_:)`) answers with
/// a `HeldDocument` that does not end until the test releases it, and `/nginx-status` (nginx's
/// `stub_status`) tells `requests(for:)` when every request has been logged.
final class NginxServer: Sendable {
    private let process: NginxProcess

    var root: URL { process.root }
    var port: Int { process.port }

    var documentRoot: URL { root.appendingPathComponent("www", isDirectory: true) }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Replaces the file at `path` in the document root atomically (nginx never sees half a file).
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let file = documentRoot.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    /// Moves the file's modification time `seconds` ahead: nginx's entity tag (modification time
    /// and size) changes while the bytes stay the same.
    func touch(_ path: String, secondsAhead seconds: Double) throws {
        let file = documentRoot.appendingPathComponent(path)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date ?? Date()
        try FileManager.default.setAttributes(
            [.modificationDate: modified.addingTimeInterval(seconds)], ofItemAtPath: file.path)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: documentRoot.appendingPathComponent(path))
    }

    /// Waits until an nginx worker has the file at `path` open, i.e. is sending it (Linux: from
    /// `/proc`; elsewhere a fixed half second).
    ///
    /// It waits on progress, for as long as ``HangGuard`` allows: on a loaded machine this task and
    /// the request it waits for can both go unscheduled for tens of seconds. The file must be sent
    /// slowly enough (`/crawl/`: minutes) that it is still open when this task next runs.
    func waitUntilSending(_ path: String) async throws {
        let file = documentRoot.appendingPathComponent(path).resolvingSymlinksInPath().path
        #if os(Linux)
            var children = ""
            let isOpen = await eventually {
                let pid = process.pid
                children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
                return children.split(separator: " ").contains { worker in
                    let descriptors = "/proc/\(worker)/fd"
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
                    return names.contains {
                        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")) == file
                    }
                }
            }
            guard isOpen else {
                let requests = await requests(for: "/" + path)
                throw TestServerError(
                    "nginx (workers: \(children)) did not open \(file) within the hang guard; requests: "
                        + "\(requests); error log: \(process.errorLog)")
            }
        #else
            _ = file
            try await Task.sleep(nanoseconds: 500_000_000)
        #endif
    }

    /// One line of the access log.
    struct Request: Equatable {
        let method: String
        let path: String
        let status: Int
        let ifNoneMatch: String
        /// The bytes of the body nginx sent: fewer than the file's when the client ended the
        /// transfer.
        let bodyBytesSent: Int
    }

    /// The requests nginx has logged for `path` (with a leading `/`), oldest first: every request
    /// that had ended when this was called.
    ///
    /// nginx writes a request's line just after it has sent the response, so a client that already
    /// has its answer can read the log too early (a loaded machine can leave nginx unscheduled for
    /// a while in between). So the log is read once nginx has no request under way but the status
    /// query that asks it (`stub_status`, from its only worker: a request it no longer counts has
    /// been logged), waiting for that at most ``HangGuard``'s time; then it is read as it is.
    func requests(for path: String) async -> [Request] {
        _ = await eventually { (try? await requestsUnderWay()) == 0 }
        let log = (try? String(contentsOf: root.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let status = Int(fields[2]), let bodyBytesSent = Int(fields[4]) else { return nil }
            let request = Request(
                method: fields[0], path: fields[1], status: status, ifNoneMatch: fields[3], bodyBytesSent: bodyBytesSent
            )
            return request.path == path ? request : nil
        }
    }

    /// The requests nginx is reading or answering, besides the status query that asks.
    private func requestsUnderWay() async throws -> Int {
        let request = URLRequest(
            url: url("nginx-status"), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: HangGuard.seconds)
        let (data, _) = try await URLSession.shared.data(for: request)
        // "Reading: 0 Writing: 1 Waiting: 0"
        let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        func count(_ label: String) -> Int? {
            guard let index = words.firstIndex(of: label), index + 1 < words.count else { return nil }
            return Int(words[index + 1])
        }
        guard let reading = count("Reading:"), let writing = count("Writing:") else {
            throw TestServerError("unexpected stub_status answer: \(words)")
        }
        return reading + writing - 1
    }

    /// Stops nginx and removes its directory; stopping twice does nothing more.
    func stop() {
        process.stop()
    }

    // MARK: Starting

    /// Whether the nginx tests can run here: nginx is installed, or this is CI, where a missing
    /// nginx must fail the tests rather than skip them (never on iOS, tvOS or watchOS).
    static let isRequiredOrAvailable = NginxProcess.isRequiredOrAvailable

    static let skipMessage: Comment = """
        ⚠️ NGINX IS NOT INSTALLED: the TweaksRemote tests against a real server are SKIPPED. \
        Install it (apt-get install -y nginx, or brew install nginx) to run them; CI (CI=true) fails without it.
        """

    private init(process: NginxProcess) {
        self.process = process
    }

    /// Starts nginx on a free port of 127.0.0.1 and waits (without blocking a thread) until it
    /// accepts connections. With `upstream`, `/held/PATH` is passed to that server (unbuffered).
    static func start(upstream: FaultyHTTPServer? = nil) async throws -> NginxServer {
        NginxServer(
            process: try await NginxProcess.start(name: "TweaksRemoteTests") { root, port in
                configuration(root: root, port: port, upstreamPort: upstream?.port)
            })
    }

    private static func configuration(root: String, port: Int, upstreamPort: Int?) -> String {
        """
        \(NginxProcess.processDirectives(root: root))
        events { worker_connections 64; }
        http {
            log_format counted escape=none '$request_method\\t$uri\\t$status\\t$http_if_none_match\\t$body_bytes_sent';
            access_log \(root)/access.log counted;
            \(NginxProcess.temporaryPaths(root: root))
            types { application/json json; text/plain txt; }
            default_type application/octet-stream;
            sendfile on;
            server {
                listen 127.0.0.1:\(port);
                root \(root)/www;
                location = /flaky.json {
                    if (-f $document_root/flaky.down) {
                        add_header Retry-After 1 always;
                        return 503;
                    }
                }
                location = /busy.json {
                    add_header Retry-After 1 always;
                    return 429;
                }
                location = /broken.json { return 500; }
                location = /private.json {
                    if ($http_authorization != "Bearer secret") { return 401; }
                }
                location = /insecure-redirect.json { return 302 http://example.com/tweaks.json; }
                location = /moved-private.json { return 302 /private.json; }
                location /slow/ {
                    limit_rate 2k;
                    limit_rate_after 0;
                }
                location /crawl/ {
                    limit_rate 50;
                    limit_rate_after 0;
                }
                location = /nginx-status {
                    stub_status;
                    access_log off;
                }
                \(upstreamPort.map { "location /held/ { proxy_pass http://127.0.0.1:\($0)/; proxy_buffering off; }" } ?? "")
                location /gzip/ {
                    gzip on;
                    gzip_types application/json;
                    gzip_min_length 0;
                }
                location /gzip-static/ { gzip_static always; }
                location /f/ {
                    if (-f $document_root/faults.on) { rewrite ^/f/(.*)$ /fault/$1 last; }
                }
                location = /fault/closed.json { return 444; }
                location = /fault/loop.json { return 302 /fault/loop.json; }
                location = /fault/html-error.json {
                    types { } default_type text/html;
                    return 200 "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>";
                }
                location = /fault/html-as-json.json {
                    types { } default_type application/json;
                    return 200 "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>";
                }
                location /fault/as-html/ { types { } default_type "text/html; charset=utf-8"; }
                location /fault/as-xml/ { types { } default_type application/xml; }
                location /fault/as-text/ { types { } default_type text/plain; }
                location /fault/endless/ {
                    limit_rate 1k;
                    limit_rate_after 0;
                }
            }
        }
        """
    }
}
