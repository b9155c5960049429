import Foundation
import TestSupport
import Testing
import Tweaks
import TweaksRemote

@Suite("Remote provider concurrency and polling against nginx", requiresNginx, .timeLimit(.minutes(1)))
struct RemoteConcurrencyTests {
    @Test func concurrentFetchesShareOneRequest() async throws {
        try await withNginx { server in
            // A slow answer (about two seconds) keeps the first request open while the others arrive.
            try server.write(paddedDocument(bytes: 6_000), to: "slow/tweaks.json")
            let provider = try makeProvider(server, "slow/tweaks.json")
            let first = Task { await provider.fetch(expirationDuration: 0) }
            try await server.waitUntilSending("slow/tweaks.json")
            var statuses = await withTaskGroup(of: RemoteFetchStatus.self) { group in
                for _ in 0..<7 { group.addTask { await provider.fetch(expirationDuration: 0) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            statuses.append(await first.value)
            #expect(statuses == Array(repeating: .fetchedFromRemote, count: 8), "every caller gets the result")
            #expect(await server.requests(for: "/slow/tweaks.json").count == 1)
        }
    }

    @Test func markStaleDuringAFetchLeadsToAFreshRequest() async throws {
        try await withNginx { server in
            try server.write(paddedDocument(bytes: 6_000), to: "slow/tweaks.json")
            let provider = try makeProvider(server, "slow/tweaks.json")
            let early = Task { await provider.fetch(expirationDuration: 0) }
            try await server.waitUntilSending("slow/tweaks.json")
            // The push arrives while the first request is under way: its answer may predate the change.
            provider.markStale()
            let late = await provider.fetch()
            #expect(await early.value == .fetchedFromRemote)
            #expect(late == .noChange)
            #expect(await server.requests(for: "/slow/tweaks.json").count == 2)
            #expect(!provider.isStale)
        }
    }

    @Test func cancellingTheOnlyCallerCancelsTheRequestPromptly() async throws {
        try await withNginx { server in
            try server.write(paddedDocument(bytes: 40_000), to: "slow/tweaks.json")  // about twenty seconds
            let provider = try makeProvider(server, "slow/tweaks.json")
            let fetch = Task { await provider.fetch() }
            try await server.waitUntilSending("slow/tweaks.json")
            fetch.cancel()
            let status = await fetch.value
            #expect(status.failure == .cancelled)
            // Not the end of the body (about twenty seconds): nginx logs a transfer the client ended.
            // Bytes, not seconds, so that time in which a loaded machine did not run this task
            // does not count.
            #expect(await eventually { await !server.requests(for: "/slow/tweaks.json").isEmpty })
            #expect(await server.requests(for: "/slow/tweaks.json").allSatisfy { $0.bodyBytesSent < 40_000 })
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
        try await withNginx { server in
            try server.write(paddedDocument(bytes: 40_000), to: "slow/tweaks.json")  // about twenty seconds
            let provider = try makeProvider(server, "slow/tweaks.json")
            provider.startPolling(every: 60)
            try await server.waitUntilSending("slow/tweaks.json")
            provider.stopPolling()
            // The cancelled request ends long before nginx would have finished sending.
            _ = await eventually(checks: 500) { await !server.requests(for: "/slow/tweaks.json").isEmpty }
            let requests = await server.requests(for: "/slow/tweaks.json")
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
