import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// The invalidation stream against a real nginx + nchan: publishes become activated values, and
/// the stream survives restarts, deleted channels, silence, slowness, garbage and oversize events.
@Suite("Remote event stream against nginx + nchan", requiresNchan)
struct RemoteEventStreamTests {
    /// A provider of `tweaks.json` listening to `path`, whose first fetch (the one that follows
    /// the stream's opening) has activated `documentV1`.
    private func connectedProvider(
        _ server: NchanServer, stream path: String = "sub/tweaks", fetchDelay: ClosedRange<Double> = 0...0.1,
        inactivityTimeout: Double = 30, maximumEventSize: Int = 4096
    ) async throws -> RemoteTweakProvider {
        try server.write(documentV1, to: "tweaks.json")
        let provider = try makeProvider(url: server.url("tweaks.json"))
        provider.startEventStream(
            try RemoteEventStreamConfiguration(
                url: server.url(path), fetchDelay: fetchDelay, inactivityTimeout: inactivityTimeout,
                reconnectionDelay: 0.2, maximumEventSize: maximumEventSize))
        let ready = await eventually {
            provider.isEventStreamConnected && provider.value("checkout", "max_items") == 10
        }
        try #require(
            ready,
            """
            connected: \(provider.isEventStreamConnected), stream error: \(String(describing: provider.eventStreamError)), \
            fetch: \(provider.lastFetchStatus); \(server.errorLog)
            """)
        return provider
    }

    @Test func aPublishIsFetchedAndActivatedAsOneChange() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server)
            defer { provider.stopEventStream() }
            var updates = provider.updates.makeAsyncIterator()
            try server.write(documentV2, to: "tweaks.json")
            #expect(try await server.publish("changed") == 201)
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            #expect(provider.value("ui", "banner") == "Sale")
            let update = await updates.next()
            #expect(update?.changedKeys.count == 3, "one batched change for the whole document")
            #expect(server.requests(for: "/tweaks.json").map(\.status) == [200, 200])
        }
    }

    @Test func aBurstOfPublishesIsOneFetch() async throws {
        try await withNchan { server in
            // Eight seconds to gather the burst (20 publishes sent at once): a window a stall of the machine
            // could only overrun mid-burst, not while this task waits.
            let provider = try await connectedProvider(server, fetchDelay: 8...8)
            defer { provider.stopEventStream() }
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 1) == 1)
            try server.write(documentV2, to: "tweaks.json")
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 { group.addTask { try await server.publish("burst \(index)") } }
                for try await status in group { #expect(status == 201 || status == 202) }
            }
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 2) == 2, "20 events, one fetch")
        }
    }

    @Test func theVersionJustFetchedIsSkipped() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server, fetchDelay: 0...0)
            defer { provider.stopEventStream() }
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 1) == 1)
            try server.write(documentV2, to: "tweaks.json")
            try await server.publish(#"{"version": 7, "note": "checkout limits"}"#)
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 2) == 2)
            // The version just fetched (a replay, a late duplicate) asks nothing of the origin.
            try await server.publish("7")
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 2) == 2)
            // A newer one does; so does an older one (the publisher may have restarted its
            // numbering: see RemoteEventStreamResilienceTests), and an event without a version.
            try await server.publish("8")
            #expect(await eventually { server.requests(for: "/tweaks.json").count == 3 })
            try await server.publish(#"{"version": 3}"#)
            #expect(await eventually { server.requests(for: "/tweaks.json").count == 4 })
            try await server.publish("no version here")
            #expect(await eventually { server.requests(for: "/tweaks.json").count == 5 })
        }
    }

    @Test func aServerRestartIsReconnectedWithLastEventIDAndFetchedOnce() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server)
            defer { provider.stopEventStream() }
            try await server.publish("before the restart")
            #expect(await eventually { server.requests(for: "/tweaks.json").count == 2 })
            try await server.restart()
            // Published while the client was away (the new server's document): the fetch after
            // the reconnection finds it, with no event.
            try server.write(documentV2, to: "tweaks.json")
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            #expect(provider.isEventStreamConnected)
            // The stream reconnected with the ID of the last event it saw.
            try await server.publish("after")
            try? await Task.sleep(nanoseconds: 300_000_000)
            provider.stopEventStream()
            #expect(await eventually { !server.requests(for: "/sub/tweaks").isEmpty })
            let reconnection = try #require(server.requests(for: "/sub/tweaks").first)
            #expect(!reconnection.lastEventID.isEmpty, "Last-Event-ID was sent")
        }
    }

    @Test func aDeletedChannelIsReconnectedAndStillDelivers() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server)
            defer { provider.stopEventStream() }
            let status = try await server.deleteChannel()
            #expect(status == 200 || status == 404, "\(status)")
            #expect(await eventually { server.requests(for: "/sub/tweaks").count >= 1 }, "the stream was closed")
            #expect(await eventually { provider.isEventStreamConnected })
            try server.write(documentV2, to: "tweaks.json")
            // The reconnection's own fetch may already find the new document; a publish must too.
            try await server.publish("after the delete")
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
        }
    }

    @Test func aSilentStreamIsReopenedAndAPingingOneIsNot() async throws {
        try await withNchan { server in
            let silent = try await connectedProvider(server, inactivityTimeout: 1)
            defer { silent.stopEventStream() }
            let pinged = try await connectedProvider(server, stream: "ping/tweaks", inactivityTimeout: 2.5)
            defer { pinged.stopEventStream() }
            // The silent stream is closed after 1 s and opened again, again and again.
            #expect(await eventually { server.requests(for: "/sub/tweaks").count >= 2 })
            #expect(server.requests(for: "/ping/tweaks").isEmpty, "a comment every second keeps a stream open")
            try server.write(documentV2, to: "tweaks.json")
            try await server.publish("changed")
            #expect(await eventually { silent.value("checkout", "max_items") == 20 })
            #expect(await eventually { pinged.value("checkout", "max_items") == 20 })
            #expect(server.requests(for: "/ping/tweaks").isEmpty)
        }
    }

    @Test func aSlowStreamDeliversItsEventInPieces() async throws {
        try await withNchan { server in
            // The headers and a comment at once, then the event's 168 bytes at 32 bytes per second,
            // in pieces: about 5 s, so that the fetch made on connecting is over (even on a loaded
            // machine) before the event arrives and only the event can bring the next change.
            let event = "data: " + String(repeating: "slow ", count: 32) + "\n\n"
            try server.write(": " + String(repeating: "-", count: 300) + "\n\n" + event, to: "slow/events.sse")
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(url: server.url("tweaks.json"))
            defer { provider.stopEventStream() }
            provider.startEventStream(
                try RemoteEventStreamConfiguration(
                    url: server.url("slow/events.sse"), fetchDelay: 0...0, reconnectionDelay: 60))
            #expect(await eventually { provider.value("checkout", "max_items") == 10 })
            try server.write(documentV2, to: "tweaks.json")
            #expect(provider.value("checkout", "max_items") == 10)
            // Only the event can bring the change: reconnection waits a minute.
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
        }
    }

    @Test func garbageIsIgnoredAndAnOversizeEventClosesTheStreamWithoutLoopingOnIt() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server, maximumEventSize: 1024)
            defer { provider.stopEventStream() }
            // Bytes that are no event stream: nchan frames them as data lines, the parser copes.
            try await server.publish("\u{0}\u{1}\r\r:::\n\u{FEFF}retry: x\nid\n\u{FFFD}ÿ")
            #expect(await eventually { server.requests(for: "/tweaks.json").count == 2 })
            #expect(provider.isEventStreamConnected)
            try server.write(documentV2, to: "tweaks.json")
            try await server.publish(String(repeating: "x", count: 4096))
            #expect(await eventually { provider.eventStreamError?.reason == .tooLarge(limit: 1024) })
            // Reconnected after the backoff (1 s), past the oversize event; the reconnection fetches.
            #expect(
                await eventually { provider.isEventStreamConnected && provider.value("checkout", "max_items") == 20 })
            try server.write(documentV1, to: "tweaks.json")
            try await server.publish("fine again")
            #expect(await eventually { provider.value("checkout", "max_items") == 10 })
            #expect(provider.isEventStreamConnected, "\(String(describing: provider.eventStreamError))")
        }
    }

    @Test func aPublishWhilePausedIsPickedUpOnResume() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server)
            defer { provider.stopEventStream() }
            provider.pauseEventStream()
            #expect(!provider.isEventStreamConnected)
            try server.write(documentV2, to: "tweaks.json")
            try await server.publish("while the app was in the background")
            try await Task.sleep(nanoseconds: 500_000_000)
            #expect(provider.value("checkout", "max_items") == 10, "paused: nothing fetched")
            provider.resumeEventStream()
            #expect(await eventually { provider.value("checkout", "max_items") == 20 })
            #expect(provider.isEventStreamConnected)
        }
    }

    @Test func pollingIsTheFallbackWhileTheStreamIsDown() async throws {
        try await withNchan { server in
            let provider = try await connectedProvider(server)
            defer { provider.stopEventStream() }
            provider.startPolling(every: 0.2)
            defer { provider.stopPolling() }
            try await Task.sleep(nanoseconds: 1_000_000_000)
            #expect(try await server.settledCount(for: "/tweaks.json", atLeast: 1) == 1, "no polling while connected")
            provider.pauseEventStream()
            #expect(await eventually { server.requests(for: "/tweaks.json").count >= 3 }, "polling while down")
        }
    }

    @Test func theServersRetryAndLastEventIDAreUsedWhenAStreamEnds() async throws {
        try await withNchan { server in
            // A stream that ends after one event, at once: a failed connection, reconnected after
            // the reconnection backoff (0.2 s here; at least the server's 100 ms), not the
            // configured minute, with the event's ID.
            try server.write("retry: 100\nid: 42\ndata: x\n\n", to: "short.sse")
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(url: server.url("tweaks.json"))
            defer { provider.stopEventStream() }
            provider.startEventStream(
                try RemoteEventStreamConfiguration(
                    url: server.url("short.sse"), fetchDelay: 0...0, reconnectionDelay: 60,
                    reconnectionBackoff: RemoteBackoffPolicy(initialDelay: 0.2, maximumDelay: 0.4, jitter: 0)))
            #expect(await eventually { server.requests(for: "/short.sse").count >= 3 })
            provider.stopEventStream()
            let streams = server.requests(for: "/short.sse")
            #expect(streams.first?.lastEventID == "")
            #expect(streams.dropFirst().allSatisfy { $0.lastEventID == "42" }, "\(streams)")
        }
    }

    @Test func failedConnectionsBackOffAndNoContentStopsReconnecting() async throws {
        try await withNchan { server in
            try server.write(documentV1, to: "tweaks.json")
            try server.write("{}", to: "not-a-stream.json")
            let missing = try makeProvider(url: server.url("tweaks.json"))
            defer { missing.stopEventStream() }
            let start = Date()
            missing.startEventStream(try RemoteEventStreamConfiguration(url: server.url("missing"), fetchDelay: 0...0))
            let wrongType = try makeProvider(url: server.url("tweaks.json"))
            defer { wrongType.stopEventStream() }
            wrongType.startEventStream(
                try RemoteEventStreamConfiguration(url: server.url("not-a-stream.json"), fetchDelay: 0...0))
            let stopped = try makeProvider(url: server.url("tweaks.json"))
            defer { stopped.stopEventStream() }
            stopped.startEventStream(
                try RemoteEventStreamConfiguration(url: server.url("no-content"), fetchDelay: 0...0))
            #expect(await eventually { missing.eventStreamError?.reason == .httpStatus(404, retryAfter: nil) })
            #expect(
                await eventually { wrongType.eventStreamError?.reason == .unexpectedContentType("application/json") })
            #expect(await eventually { stopped.eventStreamError?.reason == .httpStatus(204, retryAfter: nil) })
            // The reconnection backoff doubles from 1 s, with ±50 % jitter, so n retries take at least
            // 0.5 × (2ⁿ − 1) s: a few attempts (3 after about 2 s), where a loop would make
            // hundreds. Bounded by the time elapsed, which a loaded machine may stretch.
            try await Task.sleep(nanoseconds: 2_000_000_000)
            let attempts = server.requests(for: "/missing")
            let most = 1 + Int(log2(2 * Date().timeIntervalSince(start) + 1))
            #expect((1...most).contains(attempts.count), "\(attempts)")
            #expect(server.requests(for: "/no-content").count == 1, "204: never again")
            #expect(!missing.isEventStreamConnected && !stopped.isEventStreamConnected)
        }
    }

    @Test func anInsecureStreamURLIsRefused() throws {
        let url = URL(string: "http://example.com/events")!
        #expect(throws: RemoteFetchError(source: url.absoluteString, reason: .insecureURL(url.absoluteString))) {
            try RemoteEventStreamConfiguration(url: url)
        }
        #expect(throws: Never.self) { try RemoteEventStreamConfiguration(url: url, allowsInsecureHTTP: true) }
    }
}

@Suite("Remote invalidation event versions")
struct RemoteInvalidationEventTests {
    @Test func versionsArePlainNumbersOrAJSONVersion() {
        #expect(RemoteInvalidationEvent.version(in: "42") == 42)
        #expect(RemoteInvalidationEvent.version(in: " 42\n") == 42)
        #expect(RemoteInvalidationEvent.version(in: #"{"version": 7, "by": "ci"}"#) == 7)
        for none in ["", "-1", "4.5", "v2", #"{"version": "7"}"#, #"{"version": true}"#, #"{"version": 4.5}"#, "[7]"] {
            #expect(RemoteInvalidationEvent.version(in: none) == nil, "\(none)")
        }
    }
}
