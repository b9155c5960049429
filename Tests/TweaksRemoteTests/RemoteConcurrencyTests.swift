import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

@Suite("Remote provider concurrency and polling against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteConcurrencyTests {
    @Test func concurrentFetchesShareOneRequest() async throws {
        // The answer does not end until the others have joined: the first request stays open
        // however late they arrive.
        let document = HeldDocument(paddedDocument(bytes: 6_000))
        try await withNginx(holding: document) { server, upstream in
            let provider = try makeProvider(server, "held/tweaks.json")
            let first = Task { await provider.fetch(expirationDuration: 0) }
            try await waitForRequests(1, to: upstream)
            let others = Task {
                await withTaskGroup(of: RemoteFetchStatus.self) { group in
                    for _ in 0..<7 { group.addTask { await provider.fetch(expirationDuration: 0) } }
                    return await group.reduce(into: []) { $0.append($1) }
                }
            }
            try #require(await eventually { provider.callersOfTheFetchUnderWay == 8 }, "the seven joined the first")
            document.release()
            var statuses = await others.value
            statuses.append(await first.value)
            #expect(statuses == Array(repeating: .fetchedFromRemote, count: 8), "every caller gets the result")
            #expect(await server.requests(for: "/held/tweaks.json").count == 1)
        }
    }

    @Test func markStaleDuringAFetchLeadsToAFreshRequest() async throws {
        let document = HeldDocument(paddedDocument(bytes: 6_000))
        try await withNginx(holding: document) { server, upstream in
            let provider = try makeProvider(server, "held/tweaks.json")
            let early = Task { await provider.fetch(expirationDuration: 0) }
            try await waitForRequests(1, to: upstream)
            // The push arrives while the first request is under way (held unfinished until the late
            // caller has joined it): its answer may predate the change.
            provider.markStale()
            let lateFetch = Task { await provider.fetch() }
            try #require(await eventually { provider.callersOfTheFetchUnderWay == 2 }, "the late caller joined")
            document.release()
            let late = await lateFetch.value
            #expect(await early.value == .fetchedFromRemote)
            #expect(late == .noChange)
            #expect(await server.requests(for: "/held/tweaks.json").count == 2)
            #expect(!provider.isStale)
        }
    }

    @Test func cancellingTheOnlyCallerCancelsTheRequestPromptly() async throws {
        // Held unfinished (its last byte) for as long as the test runs: only the client can
        // end the transfer.
        try await withNginx(holding: HeldDocument(paddedDocument(bytes: 40_000))) { server, upstream in
            let provider = try makeProvider(server, "held/tweaks.json")
            let fetch = Task { await provider.fetch() }
            try await waitForRequests(1, to: upstream)
            fetch.cancel()
            let status = await fetch.value
            #expect(status.failure == .cancelled)
            // Not the end of the body: nginx logs a transfer the client ended. Bytes, not seconds,
            // so that time in which a loaded machine did not run this task does not count.
            #expect(await eventually { await !server.requests(for: "/held/tweaks.json").isEmpty })
            #expect(await server.requests(for: "/held/tweaks.json").allSatisfy { $0.bodyBytesSent < 40_000 })
            #expect(provider.lastFetchStatus == .noFetchYet, "a cancelled fetch is not recorded")
            #expect(provider.throttledUntil == nil, "nor does it back off")
        }
    }

    @Test func pollingPicksUpAChangeAndStopsPromptly() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            let updates = provider.updates
            provider.startPolling(every: 0.1)
            #expect(provider.isPolling)
            var iterator = updates.makeAsyncIterator()
            #expect(await iterator.next()?.changedKeys.count == 3)
            #expect(await eventually { await server.requests(for: "/tweaks.json").count >= 3 })
            #expect(
                await server.requests(for: "/tweaks.json").dropFirst().allSatisfy { $0.status == 304 },
                "rounds without a change are conditional requests")
            try server.write(documentV2, to: "tweaks.json")
            let update = await iterator.next()
            #expect(update?.changedKeys.contains(TweakKey(feature: "ui", variable: "banner")) == true)
            #expect(provider.value("ui", "banner") == "Sale")
            provider.stopPolling()
            #expect(!provider.isPolling)
            let countAtStop = await server.requests(for: "/tweaks.json").count
            try await Task.sleep(nanoseconds: 400_000_000)
            #expect(await server.requests(for: "/tweaks.json").count <= countAtStop + 1, "at most the round under way")
        }
    }

    @Test func stopPollingCancelsARequestUnderWay() async throws {
        // Held unfinished for as long as the test runs: only the client can end the transfer.
        try await withNginx(holding: HeldDocument(paddedDocument(bytes: 40_000))) { server, upstream in
            let provider = try makeProvider(server, "held/tweaks.json")
            provider.startPolling(every: 60)
            try await waitForRequests(1, to: upstream)
            provider.stopPolling()
            // The cancelled request ends although the server never finishes sending.
            _ = await eventually { await !server.requests(for: "/held/tweaks.json").isEmpty }
            let requests = await server.requests(for: "/held/tweaks.json")
            #expect(requests.count == 1, "nginx logged the request, ended by the client")
            #expect(provider.lastFetchStatus == .noFetchYet)
            #expect(provider.knownTweaks.isEmpty)
        }
    }

    @Test func pollingDoesNotKeepTheProviderAlive() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            weak var weakProvider: RemoteTweakProvider?
            do {
                let provider = try makeProvider(server, "tweaks.json")
                weakProvider = provider
                provider.startPolling(every: 0.05)
                try await Task.sleep(nanoseconds: 100_000_000)
            }
            #expect(await eventually { weakProvider == nil })
        }
    }
}
