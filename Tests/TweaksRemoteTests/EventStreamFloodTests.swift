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

/// A server that floods its event stream as fast as loopback carries it must not make the client
/// buffer without limit (issue 39 item B: 3.1 GB in 10 s): the bytes between the session and the
/// parser are bounded, a server beyond the budget is cut off and reconnected after the backoff, and
/// the provider still applies the latest document once the flood is over.
///
/// The measurement runs in a process of its own (an exit test), so that other tests' memory is not
/// counted: it reads its resident size from `/proc/self/statm` while the flood lasts.
@Suite("An event stream under a flood")
struct EventStreamFloodTests {
    /// The most the resident size may grow during the flood, in bytes.
    static let maximumGrowth = 128 * 1024 * 1024

    #if os(Linux)
        @Test func aFloodingServerNeitherExhaustsMemoryNorStopsUpdates() async throws {
            // The child reports on standard error (a failed exit test returns no output).
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                let report = try await EventStreamFloodTests.flood()
                FileHandle.standardError.write(
                    Data("growth: \(report.growth)\nlatest: \(report.isLatest)\ncpu: \(report.cpu)\n".utf8))
            }
            let lines = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self).split(separator: "\n")
            let growth = try #require(
                lines.first { $0.hasPrefix("growth: ") }.flatMap { Int($0.dropFirst("growth: ".count)) },
                "\(lines)")
            let cpu = lines.first { $0.hasPrefix("cpu: ") }.map { $0.dropFirst("cpu: ".count) } ?? "?"
            let figure = "the resident size grew by \(growth / 1024 / 1024) MiB during the flood (CPU: \(cpu))"
            #expect(growth <= Self.maximumGrowth, "\(figure)")
            #expect(lines.contains("latest: true"), "the provider did not apply the document published after the flood")
            print(figure)  // in the test log
        }
    #endif

    /// Floods a provider's stream (bounded by the server in bytes and time), then publishes the
    /// second document; returns the largest growth of the resident size seen, whether the provider
    /// applied that document, and the process's CPU time during the flood (for the log).
    static func flood() async throws -> (growth: Int, isLatest: Bool, cpu: String) {
        let server = try FloodingEventServer(floodBytes: 768 * 1024 * 1024, floodSeconds: 6)
        defer { server.stop() }
        let provider = try makeProvider(url: server.url("tweaks.json"))
        _ = await provider.fetchAndActivate()
        guard provider.value("checkout", "max_items") == 10 else { throw TestServerError("the first fetch failed") }
        let baseline = residentBytes()
        var configuration = try RemoteEventStreamConfiguration(url: server.url("events"), fetchDelay: 0...0)
        configuration.reconnectionBackoff = RemoteBackoffPolicy(
            initialDelay: 0.05, maximumDelay: 0.5, multiplier: 2, jitter: 0)
        let cpuBefore = IdleEventStreamCostTests.processCPUSeconds()
        let wallBefore = ProcessInfo.processInfo.systemUptime
        provider.startEventStream(configuration)
        defer { provider.stopEventStream() }
        var peak = baseline
        // The server ends the flood by itself (bytes or seconds); the bound only guards a hang.
        for _ in 0..<6_000 where !server.isFloodOver {
            peak = max(peak, residentBytes())
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        peak = max(peak, residentBytes())
        guard server.isFloodOver else { throw TestServerError("the flood did not end") }
        let cpu = String(
            format: "%.1f s in %.1f s", IdleEventStreamCostTests.processCPUSeconds() - cpuBefore,
            ProcessInfo.processInfo.systemUptime - wallBefore)
        // After the flood: the stream reconnects, and its opening fetches the second document.
        let isLatest = await eventually(checks: 3_000) { provider.value("checkout", "max_items") == 20 }
        return (peak - baseline, isLatest, cpu)
    }

    /// This process's resident size, in bytes (Linux: the second field of `/proc/self/statm`).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// A loopback server whose event stream floods: `/tweaks.json` answers the current document (the
/// first, then the second once the flood is over); `GET /events` answers an event stream that
/// writes events as fast as the connection takes them while the flood lasts — until `floodBytes`
/// were written over all connections or `floodSeconds` passed since the first — then only a ping
/// comment every 100 ms. One request per connection; anything else is answered `204`.
final class FloodingEventServer: Sendable {
    private let listener: LoopbackListener
    private let floodBytes: Int
    private let floodSeconds: Double
    /// Bytes of events written so far, and when the flood started (system uptime).
    private let flood = Locked((written: 0, startedAt: Double?.none, isOver: false))

    var port: Int { listener.port }

    func url(_ path: String) -> URL { listener.url(path) }

    /// Whether the flood has ended (it ends by itself, in bytes or seconds).
    var isFloodOver: Bool {
        let now = ProcessInfo.processInfo.systemUptime
        return flood.withLock { $0.isOver || $0.startedAt.map { now - $0 > floodSeconds } == true }
    }

    init(floodBytes: Int, floodSeconds: Double) throws {
        self.floodBytes = floodBytes
        self.floodSeconds = floodSeconds
        listener = try LoopbackListener()
        listener.start { [self] connection in serve(connection) }
    }

    /// Stops accepting; connections under way end within 100 ms.
    func stop() { listener.stop() }

    private var stopped: Bool { listener.isStopped }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let head = LoopbackListener.readHead(connection) else { return }
        if head.hasPrefix("GET /tweaks.json") {
            let document = isFloodOver ? documentV2 : documentV1
            _ = transmit(
                connection,
                Array(
                    ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(document.utf8.count)\r\n"
                        + "Connection: close\r\n\r\n" + document).utf8))
        } else if head.hasPrefix("GET /events") {
            let start = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
            guard transmit(connection, Array(start.utf8)) else { return }
            let block = Array(String(repeating: "data: flood\n\n", count: 5_000).utf8)
            while !stopped, floods(block.count) {
                guard transmit(connection, block) else { return }
            }
            while !stopped, transmit(connection, Array(": ping\n\n".utf8)) { usleep(100_000) }
        } else {
            _ = transmit(connection, Array("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".utf8))
        }
    }

    /// Whether the flood goes on for `count` more bytes (counted as written).
    private func floods(_ count: Int) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        return flood.withLock { flood in
            let startedAt = flood.startedAt ?? now
            flood.startedAt = startedAt
            if flood.written + count > floodBytes || now - startedAt > floodSeconds { flood.isOver = true }
            guard !flood.isOver else { return false }
            flood.written += count
            return true
        }
    }

    private func transmit(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        LoopbackListener.transmit(connection, bytes)
    }
}
