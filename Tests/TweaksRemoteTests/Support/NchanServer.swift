import Foundation
import TestSupport
import Testing
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real nginx with the nchan module on 127.0.0.1 (see `Nchan` in TestSupport for its locations):
/// documents in `www/`, event channels to publish to and subscribe to.
///
/// `requests(for:)` reads the access log (which records `Last-Event-ID`). `restart()` stops nginx
/// and starts a new one on the same port (an empty channel store, an empty document root).
final class NchanServer: Sendable {
    private let process: Locked<NginxProcess>
    /// The Redis server that keeps the channels, shared with other nodes (`nil`: nginx keeps them).
    private let redisURL: String?

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
        try await Nchan.publish(data, on: channel, port: port)
    }

    /// Deletes `channel`: nchan closes its subscribers' streams.
    @discardableResult
    func deleteChannel(_ channel: String = "tweaks") async throws -> Int {
        try await Nchan.deleteChannel(channel, port: port)
    }

    /// The subscribers of `channel` that nchan counts (with Redis: on every node), from the
    /// publisher location's channel information; 0 for a channel that does not exist yet.
    func subscriberCount(_ channel: String = "tweaks") async throws -> Int {
        var request = URLRequest(url: url("pub/\(channel)"), cachePolicy: .reloadIgnoringLocalCacheData)
        request.setValue("text/plain", forHTTPHeaderField: "Accept")
        let (data, _) = try await URLSession.shared.data(for: request)
        let prefix = "active subscribers: "
        // Lines end with CR LF, one `Character` in Swift: split on any line end.
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        let line = lines.first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    /// One line of the access log.
    struct Request: Equatable {
        let method: String
        let path: String
        let status: Int
        let lastEventID: String
    }

    /// The finished requests nginx has logged for `path` (with a leading `/`), oldest first. A
    /// stream is logged when it ends. The bare `OPTIONS` that opens each stream's connection on
    /// Linux (see `EventStreamConnection`) is left out.
    func requests(for path: String) -> [Request] {
        let log =
            (try? String(contentsOf: process.withLock { $0.root }.appendingPathComponent("access.log"), encoding: .utf8))
            ?? ""
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let status = Int(fields[2]), fields[1] == path, fields[0] != "OPTIONS" else {
                return nil
            }
            return Request(
                method: fields[0], path: fields[1], status: status, lastEventID: fields[3] == "-" ? "" : fields[3])
        }
    }

    /// The requests for `path` so far, counted once there are at least `minimum` (waited for on
    /// progress, within ``HangGuard``: on a loaded machine nginx may log a request the client has
    /// finished seconds later) and nginx has written all their lines (the count has stayed the same
    /// for 300 ms: a request that should not come has had that long to show).
    func settledCount(for path: String, atLeast minimum: Int = 0) async throws -> Int {
        _ = await eventually { requests(for: path).count >= minimum }
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

    /// Stops nginx and starts a new one on the same port `outage` seconds later: open streams are
    /// cut, and the new server has no channels and an empty document root.
    func restart(outage: Double = 0) async throws {
        let old = process.withLock { $0 }
        try await onOwnThread { old.stop() }
        if outage > 0 { try await Task.sleep(nanoseconds: UInt64(outage * 1_000_000_000)) }
        let new = try await Nchan.start(name: "TweaksRemoteNchan", port: old.port, redisURL: redisURL)
        process.withLock { $0 = new }
    }

    /// Stops nginx on a thread of its own: with nchan loaded, nginx takes about a second to exit,
    /// too long to block one of the few threads every test's tasks run on.
    func stop() async {
        let process = process.withLock { $0 }
        _ = try? await onOwnThread { process.stop() }
    }

    private init(process: NginxProcess, redisURL: String?) {
        self.process = Locked(process)
        self.redisURL = redisURL
    }

    /// Starts a server; with `redis`, one node of several that share their channels through it.
    static func start(redis: RedisProcess? = nil) async throws -> NchanServer {
        NchanServer(
            process: try await Nchan.start(name: "TweaksRemoteNchan", redisURL: redis?.url), redisURL: redis?.url)
    }
}

/// The nchan tests' trait: like `requiresNginx`, for nginx with the nchan module.
let requiresNchan = ConditionTrait.enabled(if: Nchan.isRequiredOrAvailable, Comment(rawValue: Nchan.skipMessage))

/// Runs `body` with a started nginx + nchan (keeping its channels in `redis` when given) that is
/// stopped afterwards, whatever happens.
func withNchan<Value>(redis: RedisProcess? = nil, _ body: (NchanServer) async throws -> Value) async throws -> Value {
    let server = try await NchanServer.start(redis: redis)
    let outcome: Result<Value, any Error>
    do {
        outcome = .success(try await body(server))
    } catch {
        outcome = .failure(error)
    }
    await server.stop()
    return try outcome.get()
}
