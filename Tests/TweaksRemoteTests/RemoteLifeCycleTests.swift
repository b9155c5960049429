import Foundation
import Testing
import Tweaks
import TweaksRemote

@Suite("Remote provider life cycle against nginx", requiresNginx)
struct RemoteLifeCycleTests {
    @Test func firstFetchIsPendingUntilActivated() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            #expect(provider.lastFetchStatus == .noFetchYet)
            let status = await provider.fetch()
            #expect(status == .fetchedFromRemote)
            #expect(provider.lastFetchStatus == .fetchedFromRemote)
            #expect(provider.lastFetchTime != nil)
            #expect(provider.hasPendingConfiguration)
            #expect(provider.value("checkout", "max_items") == nil, "a fetched document is not active yet")
            let changed = provider.activate()
            #expect(
                changed == [
                    TweakKey(feature: "checkout", variable: "enabled"),
                    TweakKey(feature: "checkout", variable: "max_items"),
                    TweakKey(feature: "ui", variable: "label_text"),
                ])
            #expect(!provider.hasPendingConfiguration)
            let tweak = try provider.tweakWith(feature: "checkout", variable: "enabled")
            #expect(tweak.value == true && tweak.title == "Checkout" && tweak.source == "remote")
            #expect(provider.value("checkout", "max_items") == 10)
            #expect(provider.activate().isEmpty, "nothing is pending any more")
            #expect(provider.activeETag != nil)
            #expect(await server.requests(for: "/tweaks.json").map(\.status) == [200])
        }
    }
}

extension RemoteLifeCycleTests {
    @Test func unchangedDocumentIsAConditionalRequestAnswered304() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            let etag = try #require(provider.activeETag)
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            #expect(!provider.hasPendingConfiguration)
            let requests = await server.requests(for: "/tweaks.json")
            #expect(requests.map(\.status) == [200, 304])
            #expect(requests.map(\.ifNoneMatch) == ["", etag])
            #expect(provider.value("checkout", "max_items") == 10)
        }
    }

    @Test func changedDocumentReportsTheChangedKeysOnActivation() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            let updates = provider.updates
            try server.write(documentV2, to: "tweaks.json")
            #expect(await provider.fetch(expirationDuration: 0) == .fetchedFromRemote)
            #expect(await server.requests(for: "/tweaks.json").map(\.status) == [200, 200])
            // Fetched but not active: reads still see the first document.
            #expect(provider.value("checkout", "max_items") == 10)
            #expect(provider.value("ui", "banner") == nil)
            let expected: Set = [
                TweakKey(feature: "checkout", variable: "max_items"),
                TweakKey(feature: "ui", variable: "label_text"),
                TweakKey(feature: "ui", variable: "banner"),
            ]
            #expect(provider.activate() == expected)
            #expect(provider.value("checkout", "max_items") == 20)
            #expect(provider.value("ui", "label_text") == nil)
            #expect(provider.value("ui", "banner") == "Sale")
            var iterator = updates.makeAsyncIterator()
            let update = await iterator.next()
            #expect(update?.changedKeys == expected)
            #expect(update?.etag == provider.activeETag)
        }
    }

    @Test func sameBytesUnderANewETagAreNoChange() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            // Re-uploaded, same bytes: nginx's entity tag (modification time, size) changes.
            try server.touch("tweaks.json", secondsAhead: 10)
            let oldETag = provider.activeETag
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            #expect(await server.requests(for: "/tweaks.json").map(\.status) == [200, 200])
            #expect(provider.activeETag != oldETag, "the new entity tag is kept for the next conditional request")
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            #expect(await server.requests(for: "/tweaks.json").last?.status == 304)
        }
    }

    @Test func minimumFetchIntervalAvoidsRequestsUntilItExpires() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let clock = TestClock()
            let provider = try makeProvider(
                server, "tweaks.json", configuration: testConfiguration(minimumFetchInterval: 600), clock: clock)
            #expect(await provider.fetch() == .fetchedFromRemote)
            #expect(await provider.fetch() == .withinMinimumInterval)
            #expect(provider.lastFetchStatus == .withinMinimumInterval)
            #expect(await provider.fetch(expirationDuration: 60) == .withinMinimumInterval)
            #expect(await server.requests(for: "/tweaks.json").count == 1)
            // A per-call expiration of 0 forces a request.
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            #expect(await server.requests(for: "/tweaks.json").count == 2)
            // Once the interval has passed, a plain fetch asks again.
            clock.advance(by: 599)
            #expect(await provider.fetch() == .withinMinimumInterval)
            clock.advance(by: 1)
            #expect(await provider.fetch() == .noChange)
            #expect(await server.requests(for: "/tweaks.json").count == 3)
        }
    }

    @Test func markStaleMakesTheNextFetchAskTheServer() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            #expect(await provider.fetch() == .withinMinimumInterval)
            // A push message says the configuration changed.
            try server.write(documentV2, to: "tweaks.json")
            provider.markStale()
            #expect(provider.isStale)
            let result = await provider.fetchAndActivate()
            #expect(result.status == .fetchedFromRemote)
            #expect(result.changedKeys.contains(TweakKey(feature: "ui", variable: "banner")))
            #expect(!provider.isStale)
            #expect(await provider.fetch() == .withinMinimumInterval, "only the next fetch ignores the interval")
            #expect(await server.requests(for: "/tweaks.json").count == 2)
        }
    }

    @Test func activationEmptiesManagerCachesAndFeedsTheirChangeStreams() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            let manager = TweakManager(tweakProviders: [provider])
            manager.useCache = true
            await provider.fetchAndActivate()
            #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 10)
            let changes = manager.changes
            let observed = ObservedTweaks()
            let observer = NotificationCenter.default.addObserver(
                forName: TweakProviderDidChangeNotification, object: provider, queue: nil
            ) { notification in
                observed.append(notification.userInfo?[TweakProviderDidChangeNotificationChangeKey] as? TweakChange)
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            try server.write(documentV2, to: "tweaks.json")
            await provider.fetchAndActivate(expirationDuration: 0)
            #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 20)
            let expected: Set<TweakKey> = [
                TweakKey(feature: "checkout", variable: "max_items"), TweakKey(feature: "ui", variable: "label_text"),
                TweakKey(feature: "ui", variable: "banner"),
            ]
            #expect(observed.changes.map(\.keys) == [expected], "one notification for the whole activation")
            for await change in changes {
                #expect(change.keys == expected, "one change event for the whole activation")
                #expect(change.source == provider.name)
                break
            }
        }
    }
}

/// Tweaks seen by a notification observer.
final class ObservedTweaks: Sendable {
    private let recorded = Locked<[TweakChange]>([])
    func append(_ change: TweakChange?) { recorded.withLock { $0.append(change ?? .tweaks([])) } }
    var changes: [TweakChange] { recorded.withLock { $0 } }
}
