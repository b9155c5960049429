import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An idle event stream costs almost no CPU in the cases Docs/RemoteConfig.md lists beside the
/// plain one (issue 39 item K): a stream redirected to another host, and a server that closes the
/// connection after the warm-up `OPTIONS`. On Linux, FoundationNetworking's leftover write source
/// spun on such a stream's socket (about 93 % of a core).
///
/// As in ``IdleEventStreamCostTests``, each measurement runs in a process of its own (an exit test)
/// and counts that process's own CPU time (user + system) while the stream is idle, so that a busy
/// machine slows the measurement down but does not inflate it; the bound is the same, 5 % of a core.
@Suite("An idle event stream's CPU cost, redirected or without a kept connection")
struct IdleEventStreamEdgeCostTests {
    @Test func aStreamRedirectedToAnotherHostUsesAlmostNoCPU() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let share = try await IdleEventStreamEdgeCostTests.shareOfACore(.redirectedToAnotherHost)
            FileHandle.standardError.write(Data("share of a core: \(share)\n".utf8))
        }
        try IdleEventStreamCostTests.check(result, "a stream redirected to another host")
    }

    @Test func aStreamWhoseServerClosesAfterTheWarmUpUsesAlmostNoCPU() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let share = try await IdleEventStreamEdgeCostTests.shareOfACore(.closingAfterOptions)
            FileHandle.standardError.write(Data("share of a core: \(share)\n".utf8))
        }
        try IdleEventStreamCostTests.check(result, "a stream whose server closes the connection after OPTIONS")
    }

    enum Case {
        /// The stream's URL on 127.0.0.1 answers `302` to the stream on 127.0.0.2 (its `OPTIONS`, `204`).
        case redirectedToAnotherHost
        /// The server answers `OPTIONS` with `Connection: close` and closes.
        case closingAfterOptions
    }

    /// Connects a provider's stream in `setup`, then measures as ``IdleEventStreamCostTests`` does.
    static func shareOfACore(_ setup: Case) async throws -> Double {
        let stream = try KeepAliveEventServer(host: setup == .redirectedToAnotherHost ? "127.0.0.2" : "127.0.0.1")
        defer { stream.stop() }
        stream.closesAfterOptions = setup == .closingAfterOptions
        let redirect = try KeepAliveEventServer(redirectTo: stream.url("events"))
        defer { redirect.stop() }
        let eventsURL = setup == .redirectedToAnotherHost ? redirect.url("events") : stream.url("events")
        let provider = try makeProvider(url: stream.url("tweaks.json"))
        provider.startEventStream(try RemoteEventStreamConfiguration(url: eventsURL, fetchDelay: 0...0))
        defer { provider.stopEventStream() }
        return try await IdleEventStreamCostTests.shareOfACoreOnceConnected(provider)
    }
}

/// A loopback HTTP/1.1 server that keeps connections alive, as nginx does: `OPTIONS` is answered
/// `204` (with `Connection: close`, and the connection closed, when ``closesAfterOptions``); `HEAD`
/// of the stream the stream's header;
/// `/tweaks.json` the first document; `GET /events` an event stream with a ping comment every
/// second, until the server stops. With a `redirectTo` URL, every request but `OPTIONS` is answered
/// `302` to it (as an application server that routes by method may do).
final class KeepAliveEventServer: Sendable {
    private let listener: LoopbackListener
    private let redirectTo: URL?
    private let closesAfterOptionsFlag = Locked(false)

    var port: Int { listener.port }
    var host: String { listener.host }

    /// Whether `OPTIONS` is answered with `Connection: close`, and the connection closed.
    var closesAfterOptions: Bool {
        get { closesAfterOptionsFlag.withLock { $0 } }
        set { closesAfterOptionsFlag.withLock { $0 = newValue } }
    }

    func url(_ path: String) -> URL { listener.url(path) }

    init(host: String = "127.0.0.1", redirectTo: URL? = nil) throws {
        self.redirectTo = redirectTo
        listener = try LoopbackListener(host: host)
        listener.start { [self] connection in serve(connection) }
    }

    /// Stops accepting; connections under way end within a second.
    func stop() { listener.stop() }

    private var stopped: Bool { listener.isStopped }

    /// Answers the connection's requests one after another, until one closes it.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        while !stopped, let head = LoopbackListener.readHead(connection) {
            if let redirectTo, !head.hasPrefix("OPTIONS") {
                let answer = "HTTP/1.1 302 Found\r\nLocation: \(redirectTo.absoluteString)\r\nContent-Length: 0\r\n\r\n"
                guard transmit(connection, answer) else { return }
            } else if head.hasPrefix("OPTIONS") {
                guard !closesAfterOptions else {
                    _ = transmit(connection, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
                    return
                }
                guard transmit(connection, "HTTP/1.1 204 No Content\r\n\r\n") else { return }
            } else if head.hasPrefix("HEAD /events") {
                let answer = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
                guard transmit(connection, answer) else { return }
            } else if head.hasPrefix("GET /tweaks.json") {
                let answer =
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(documentV1.utf8.count)\r\n\r\n"
                    + documentV1
                guard transmit(connection, answer) else { return }
            } else if head.hasPrefix("GET /events") {
                let start = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
                guard transmit(connection, start) else { return }
                while !stopped, transmit(connection, ": ping\n\n") { sleep(1) }
                return
            } else {
                _ = transmit(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            }
        }
    }

    private func transmit(_ connection: Int32, _ text: String) -> Bool {
        LoopbackListener.transmit(connection, text)
    }
}
