import Foundation
import TestSupport
import Testing
import Tweaks
import TweaksRemote

@Suite("Remote provider persistence", requiresNginx, .timeLimit(.minutes(5)))
struct RemotePersistenceTests {
    @Test func aNewProviderStartsOfflineFromThePersistedFile() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("caches/remote.cache")
        let server = try await NginxServer.start()
        try server.write(documentV1, to: "tweaks.json")
        let first = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
        #expect(first.cacheError == nil)
        await first.fetch()
        #expect(!FileManager.default.fileExists(atPath: cacheURL.path), "only the active configuration is persisted")
        first.activate()
        let etag = try #require(first.activeETag)
        let fetchTime = try #require(first.lastFetchTime)
        let permissions = try FileManager.default.attributesOfItem(atPath: cacheURL.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600, "the cache is readable by the user only")
        let url = server.url("tweaks.json")
        server.stop()

        // A new process: the server is gone, the last-good values are there before any request.
        let restarted = RemoteTweakProvider(
            source: try HTTPRemoteTweakSource(url: url, timeout: HangGuard.seconds), cacheURL: cacheURL, name: "remote",
            configuration: testConfiguration())
        #expect(restarted.cacheError == nil)
        #expect(restarted.value("checkout", "max_items") == 10)
        #expect(try restarted.tweakWith(feature: "checkout", variable: "enabled").title == "Checkout")
        #expect(restarted.activeETag == etag)
        #expect(abs(try #require(restarted.lastFetchTime).timeIntervalSince(fetchTime)) < 0.001)
        #expect(await restarted.fetch() == .withinMinimumInterval, "the persisted fetch time counts")
        guard await restarted.fetch(expirationDuration: 0).failure?.transportDetail != nil else {
            Issue.record("expected a transport error, got \(restarted.lastFetchStatus)")
            return
        }
        #expect(restarted.value("checkout", "max_items") == 10)
    }

    @Test func thePersistedEntityTagBelongsToThePersistedDocument() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("remote.cache")
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let first = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            await first.fetchAndActivate()
            // A newer document is fetched but never activated before the app quits.
            try server.write(documentV2, to: "tweaks.json")
            #expect(await first.fetch(expirationDuration: 0) == .fetchedFromRemote)
            // The next launch asks with the persisted (v1) entity tag, so the server sends v2 again
            // instead of "not modified" for a document the app never stored.
            let restarted = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            #expect(restarted.value("checkout", "max_items") == 10)
            let result = await restarted.fetchAndActivate(expirationDuration: 0)
            #expect(result.status == .fetchedFromRemote)
            #expect(restarted.value("checkout", "max_items") == 20)
            let conditional = await server.requests(for: "/tweaks.json").last
            #expect(conditional?.status == 200 && conditional?.ifNoneMatch != "")
        }
    }

    @Test func aNotModifiedAnswerRefreshesThePersistedFetchTime() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("remote.cache")
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            await provider.fetchAndActivate()
            let firstTime = try #require(provider.lastFetchTime)
            try await Task.sleep(nanoseconds: 50_000_000)
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            let restarted = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            #expect(try #require(restarted.lastFetchTime) > firstTime)
        }
    }

    @Test func damagedOrForeignCacheFilesAreIgnoredWithAReportedError() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("remote.cache")
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let writer = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            await writer.fetchAndActivate()
            let good = try Data(contentsOf: cacheURL)
            let header = good.prefix(through: try #require(good.firstIndex(of: UInt8(ascii: "\n"))))
            let cases: [(String, Data, (RemoteCacheError.Reason) -> Bool)] = [
                ("garbage", Data("not a cache at all".utf8), { $0 == .foreign($0.detail ?? "") }),
                ("empty", Data(), { $0 == .foreign($0.detail ?? "") }),
                ("cut short", good.dropLast(7), { $0 == .corrupt($0.detail ?? "") }),
                (
                    "flipped byte", header + Data(documentV1.replacingOccurrences(of: "10", with: "11").utf8),
                    { $0 == .corrupt($0.detail ?? "") }
                ),
                (
                    "another source",
                    Data(
                        String(decoding: good, as: UTF8.self).replacingOccurrences(
                            of: "tweaks.json", with: "other.json"
                        ).utf8),
                    { $0 == .foreign($0.detail ?? "") }
                ),
            ]
            for (name, contents, matches) in cases {
                try contents.write(to: cacheURL)
                let provider = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
                let error = try #require(provider.cacheError, "\(name)")
                #expect(matches(error.reason), "\(name): \(error)")
                #expect(error.path == cacheURL.path)
                #expect(provider.knownTweaks.isEmpty, "\(name): nothing is served from a bad file")
                #expect(provider.lastFetchTime == nil)
                // The provider recovers: it fetches, and the next write replaces the bad file.
                await provider.fetchAndActivate()
                #expect(provider.cacheError == nil)
                let next = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
                #expect(next.cacheError == nil && next.value("checkout", "max_items") == 10, "\(name)")
            }
        }
    }

    @Test func aCachedDocumentThatFailsVerificationIsIgnored() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("remote.cache")
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            try await makeProvider(server, "tweaks.json", cacheURL: cacheURL).fetchAndActivate()
            struct Revoked: Error {}
            let strict = try makeProvider(
                server, "tweaks.json", cacheURL: cacheURL,
                configuration: testConfiguration(verifyDocument: { _ in throw Revoked() }))
            guard let reason = strict.cacheError?.reason, reason == .rejected(reason.detail ?? "") else {
                Issue.record("expected a rejected cache, got \(String(describing: strict.cacheError))")
                return
            }
            #expect(strict.knownTweaks.isEmpty)
        }
    }

    @Test func anUnwritableCacheIsReportedAndTheActivationStillHappens() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // The cache's directory is a file: nothing can be written below it.
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data().write(to: directory.file("blocker"))
        let cacheURL = directory.file("blocker/remote.cache")
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            await provider.fetchAndActivate()
            guard provider.cacheError?.reason.isWriteFailure == true else {
                Issue.record("expected an unwritable cache, got \(String(describing: provider.cacheError))")
                return
            }
            #expect(provider.value("checkout", "max_items") == 10)
        }
    }
}
