import Foundation
import TestSupport
import Testing

@testable import Tweaks
@testable import TweaksRemote

/// The event stream against outages and misbehaving servers (nginx + nchan, static `.sse` files
/// that end at once): it reconnects within seconds, reports every change of state, never traps on
/// a duration, never lets an event's content or ID stop updates, and never storms a server.
@Suite("Remote event stream resilience against nginx + nchan", requiresNchan, .timeLimit(.minutes(5)))
struct RemoteEventStreamResilienceTests {
    /// A provider of `tweaks.json` on `server` with the library's fetch backoff (2 minutes and up),
    /// so that a reconnection that waited for it would be seen.
    private func provider(_ server: NchanServer) throws -> RemoteTweakProvider {
        try server.write(documentV1, to: "tweaks.json")
        return try makeProvider(url: server.url("tweaks.json"), configuration: .init(minimumFetchInterval: 60))
    }

    /// A stream configuration with no fetch delay and, unless given, the library's defaults.
    private func stream(
        _ server: NchanServer, _ path: String, backoff: RemoteBackoffPolicy? = nil, inactivityTimeout: Double = 90
    ) throws -> RemoteEventStreamConfiguration {
        var configuration = try RemoteEventStreamConfiguration(
            url: server.url(path), fetchDelay: 0...0, inactivityTimeout: inactivityTimeout)
        if let backoff { configuration.reconnectionBackoff = backoff }
        return configuration
    }

    private var fastBackoff: RemoteBackoffPolicy {
        RemoteBackoffPolicy(initialDelay: 0.2, maximumDelay: 1, multiplier: 2, jitter: 0)
    }

    @Test func aShortOutageCostsSecondsAndEachChangeOfStateIsReportedOnce() async throws {
        try await withNchan { server in
            let provider = try provider(server)
            let manager = TweakManager(tweakProviders: [provider])
            let heard = Heard(manager)
            provider.startEventStream(try stream(server, "sub/tweaks"))
            defer { provider.stopEventStream() }
            let connected = try await heard.event(after: 0) { $0.operation == .eventStream }
            #expect(connected.outcome == .succeeded, "\(connected)")
            #expect(await eventually { provider.value("checkout", "max_items") == 10 })

            // nginx goes away for 4 s: longer than the first reconnection delay (3 s ± 50 %).
            let before = heard.count
            let restart = Task { try await server.restart(outage: 4) }
            let lost = try await heard.event(after: before) { $0.operation == .eventStream }
            #expect(lost.isFailure && !lost.isRepeat, "\(lost)")
            let nextRetry = try #require(lost.nextRetry, "the next attempt is announced")
            #expect(nextRetry.timeIntervalSince(lost.date) <= 5, "\(lost)")
            #expect(provider.health.isFailing, "health tells while the stream is down")
            try await restart.value
            try server.write(documentV2, to: "tweaks.json")
            // Within seconds of the server's return, not after the fetch backoff's 2 minutes (the
            // bound allows for the worst jitter on a loaded machine).
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            let back = try await heard.event(after: before) { $0.operation == .eventStream && $0.outcome == .recovered }
            #expect(back.date.timeIntervalSince(lost.date) < 60, "half the fetch backoff: \(lost) … \(back)")
            #expect(!provider.health.isFailing)
            #expect(provider.eventStreamError == nil)

            // Once per change: the loss, maybe one refused attempt (a new reason), then repeats;
            // the log has each at error level once, and the recovery.
            let stream = heard.events.withLock { $0.dropFirst(before).filter { $0.operation == .eventStream } }
            #expect(stream.filter { $0.isFailure && !$0.isRepeat }.count <= 2, "\(stream.map(\.description))")
            #expect(stream.filter { $0.outcome == .recovered }.count == 1)
            #expect(stream.allSatisfy { !$0.isFailure || $0.nextRetry != nil })
            let errors = heard.errorLogs.filter { $0.contains("event stream failed") }
            #expect((1...2).contains(errors.count), "\(heard.errorLogs)")
            #expect(errors.allSatisfy { !$0.contains("Error Domain") && $0.contains("next try at") }, "\(errors)")
        }
    }

    @Test func aStreamThatEndsAtOnceBacksOffInsteadOfStormingAndIsNotHealthy() async throws {
        try await withNchan { server in
            try server.write("retry: 0\ndata: x\n\n", to: "storm.sse")
            let provider = try provider(server)
            // The library's defaults, fetch delay included.
            provider.startEventStream(try RemoteEventStreamConfiguration(url: server.url("storm.sse")))
            defer { provider.stopEventStream() }
            let start = Date()
            // Waited for, not slept for: on a loaded machine the first connection may take seconds.
            #expect(await eventually { provider.eventStreamError?.reason == .streamEndedAtOnce(within: 1) })
            let waited = Date().timeIntervalSince(start)
            if waited < 3 { try await Task.sleep(nanoseconds: UInt64((3 - waited) * 1e9)) }
            provider.stopEventStream()
            let elapsed = Date().timeIntervalSince(start)
            // Backoff from 1 s (±50 %), doubling: in t seconds at most 2 + log2(t / 0.5 + 1)
            // connections, 5 in 3 s (thousands before).
            let bound = 2 + Int(log2(elapsed / 0.5 + 1).rounded(.up))
            let connections = try await server.settledCount(for: "/storm.sse", atLeast: 1)
            #expect((1...bound).contains(connections), "\(connections) connections in \(elapsed) s")
            #expect(server.requests(for: "/tweaks.json").count <= bound)
            #expect(provider.health.isFailing, "\(provider.health)")
            #expect(provider.health.currentFailures.first { $0.operation == .eventStream }?.nextRetry != nil)
        }
    }

    @Test func aServersHugeRetryIsBoundedAndNoDurationTraps() async throws {
        try await withNchan { server in
            try server.write("retry: 99999999999999\ndata: x\n\n", to: "huge-retry.sse")
            let provider = try provider(server)
            let manager = TweakManager(tweakProviders: [provider])
            let heard = Heard(manager)
            provider.startEventStream(try stream(server, "huge-retry.sse"))
            defer { provider.stopEventStream() }
            let lost = try await heard.event(after: 0) { $0.operation == .eventStream && $0.isFailure }
            let wait = try #require(lost.nextRetry).timeIntervalSince(lost.date)
            #expect(wait > 0 && wait <= 60, "the server's retry is taken within the backoff's 60 s: \(wait)")
            provider.stopEventStream()

            // Durations from callers: infinite, NaN or absurd values are clamped, never trap.
            provider.startPolling(every: .infinity)
            #expect(provider.isPolling)
            provider.stopPolling()
            provider.startPolling(every: .nan)
            provider.stopPolling()
            var silent = try stream(server, "sub/tweaks", inactivityTimeout: .infinity)
            silent.reconnectionDelay = .infinity
            silent.fetchDelay = 0...Double.infinity
            silent.reconnectionBackoff = RemoteBackoffPolicy(initialDelay: .infinity, maximumDelay: .infinity)
            provider.startEventStream(silent)
            #expect(await eventually { provider.isEventStreamConnected })
            provider.stopEventStream()
            let source = try HTTPRemoteTweakSource(url: server.url("tweaks.json"), timeout: .infinity)
            let response = try await source.fetch(RemoteFetchRequest(etag: nil, maximumDocumentSize: 1 << 20))
            #expect(response != .notModified)
            let directory = TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
            let overrides = try OverridesFileTweakProvider(
                fileURL: directory.file("overrides.json"), pollInterval: .infinity)
            #expect(overrides.pollInterval == Seconds.longest)
            #expect(Seconds.nanoseconds(1e12) == UInt64(Seconds.longest * 1e9))
            #expect(Seconds.nanoseconds(-.infinity) == 0 && Seconds.nanoseconds(.nan) == 0)
        }
    }

    @Test func noVersionStopsUpdates() async throws {
        try await withNchan { server in
            let provider = try provider(server)
            provider.startEventStream(try stream(server, "sub/tweaks"))
            defer { provider.stopEventStream() }
            #expect(
                await eventually { provider.isEventStreamConnected && provider.value("checkout", "max_items") == 10 })
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 1) == 1)
            // The largest version there is, then the publisher's real numbering.
            try await server.publish("18446744073709551615")
            #expect(await eventually { server.requests(for: "/tweaks.json").count == 2 })
            try server.write(documentV2, to: "tweaks.json")
            try await server.publish("43")
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            // A publisher that restarts its numbering.
            try server.write(documentV1, to: "tweaks.json")
            try await server.publish(#"{"version": 1}"#)
            #expect(await eventually { provider.value("checkout", "max_items") == 10 })
            // A duplicate of the version just fetched is still skipped.
            let fetches = try await server.settledCount(for: "/tweaks.json")
            try await server.publish("1")
            #expect(try await server.settledCount(for: "/tweaks.json") == fetches)
        }
    }

    @Test func aHugeEventIDIsNeverSentBackAndIsReported() async throws {
        try await withNchan { server in
            try server.write("id: \(String(repeating: "i", count: 60_000))\ndata: x\n\n", to: "huge-id.sse")
            let provider = try provider(server)
            provider.startEventStream(try stream(server, "huge-id.sse", backoff: fastBackoff))
            defer { provider.stopEventStream() }
            #expect(await eventually { server.requests(for: "/huge-id.sse").count >= 3 })
            #expect(provider.eventStreamError?.reason == .eventIDTooLong(limit: 1024))
            provider.stopEventStream()
            // Every reconnection is answered (nginx refuses a 60 kB header with 400).
            let streams = server.requests(for: "/huge-id.sse")
            #expect(streams.allSatisfy { $0.status == 200 && $0.lastEventID.isEmpty }, "\(streams.map(\.status))")
        }
    }

    @Test func aStreamErrorReadsLikeAFetchError() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let port = refusing.port
        let provider = try makeProvider(url: URL(string: "http://127.0.0.1:\(port)/tweaks.json")!)
        provider.startEventStream(
            try RemoteEventStreamConfiguration(
                url: URL(string: "http://127.0.0.1:\(port)/sub/tweaks")!, reconnectionBackoff: fastBackoff))
        defer { provider.stopEventStream() }
        #expect(await eventually { provider.eventStreamError != nil })
        let error = try #require(provider.eventStreamError)
        #expect(error.description.contains("could not connect to the server (URLError"), "\(error)")
        #expect(!error.description.contains("Error Domain"), "\(error)")
        #expect(provider.health.currentFailures.contains { $0.operation == .eventStream })
    }
}
