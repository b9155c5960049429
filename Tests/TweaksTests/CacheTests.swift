import Foundation
import Testing

@testable import Tweaks

/// Serialized: one test posts a nil-object notification, which empties every manager's cache, and
/// another counts provider lookups.
@Suite("Cache: hits and misses, always coherent", .serialized)
struct CacheTests {
    @Test func hitsAndMissesAreServedFromTheCache() throws {
        let provider = TableProvider(name: "p", ["f.v": 1])
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        for _ in 0..<3 {
            _ = try manager.tweakWith(feature: "f", variable: "v")
            _ = try manager.tweakIfPresent(feature: "f", variable: "missing")
        }
        #expect(provider.lookups.withLock { $0 } == 2)
    }

    @Test func offByDefaultAndNothingIsCachedThen() throws {
        let provider = TableProvider(name: "p", ["f.v": 1])
        let manager = TweakManager(tweakProviders: [provider])
        #expect(manager.useCache == false)
        for _ in 0..<3 { _ = try manager.tweakWith(feature: "f", variable: "v") }
        #expect(provider.lookups.withLock { $0 } == 3)
    }

    @Test func resetCacheAndANilObjectNotificationEmptyIt() throws {
        let provider = TableProvider(name: "p", ["f.v": 1])
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        _ = try manager.tweakWith(feature: "f", variable: "v")
        manager.resetCache()
        _ = try manager.tweakWith(feature: "f", variable: "v")
        NotificationCenter.default.post(name: TweakProviderDidChangeNotification, object: nil)
        _ = try manager.tweakWith(feature: "f", variable: "v")
        #expect(provider.lookups.withLock { $0 } == 3)
    }

    @Test func anotherStacksNotificationsDoNotEmptyIt() throws {
        let provider = TableProvider(name: "p", ["f.v": 1])
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        _ = try manager.tweakWith(feature: "f", variable: "v")
        EphemeralTweakProvider().set(.int(2), feature: "f", variable: "v")
        _ = try manager.tweakWith(feature: "f", variable: "v")
        #expect(provider.lookups.withLock { $0 } == 1)
    }

    @Test func aChangeMadeDirectlyOnAProviderIsSeenAtOnce() throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "d", ["f.v": 1])])
        manager.useCache = true
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)
        overrides.set(.int(2), feature: "f", variable: "v")
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 2)
        overrides.deleteValue(feature: "f", variable: "v")
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)
        overrides.set(.int(3), feature: "f", variable: "new")
        #expect(try manager.tweakWith(feature: "f", variable: "new").value == 3)  // a cached miss is dropped too
    }

    @Test func settingTheDecryptionClosureEmptiesTheCache() throws {
        let provider = TableProvider(name: "p", ["f.v": 1])
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        _ = try manager.tweakWith(feature: "f", variable: "v")
        manager.decryptionClosure = { $0.value }
        #expect(provider.decryptionClosure != nil)
        _ = try manager.tweakWith(feature: "f", variable: "v")
        #expect(provider.lookups.withLock { $0 } == 2)
    }

    /// A provider that posts the change notification in the middle of a read (JustTweak 10.1.1
    /// traps: its cache calls providers inside `DispatchQueue.sync`).
    final class NotifyingOnRead: MutableTweakProvider {
        func tweak(for key: TweakKey) -> Tweak? {
            let tweak = Tweak(feature: key.feature, variable: key.variable, value: 7)
            postDidChange(.tweaks([tweak]))
            return tweak
        }
        func set(_ value: TweakValue, feature: String, variable: String) {}
        func deleteValue(feature: String, variable: String) {}
    }

    @Test func featureFlagsAndValuesOfTheSameKeyAreCachedApart() throws {
        // `c.enabled` is text: its value is readable, but it does not enable the feature.
        let provider = TableProvider(name: "p", ["a.enabled": true, "b.enabled": false, "c.enabled": "yes"])
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        for _ in 0..<2 {
            #expect(manager.isFeatureEnabled("a"))
            #expect(!manager.isFeatureEnabled("b"))
            #expect(!manager.isFeatureEnabled("c"))
            #expect(try manager.tweakWith(feature: "c", variable: "enabled").value == "yes")
            #expect(try manager.tweakWith(feature: "a", variable: "enabled").value == true)
        }
        // Each flag and each value was looked up once, and the second round came from the cache,
        // except the flag `c`: an answer that is not a `Bool` is not kept, so it is walked again.
        #expect(provider.lookups.withLock { $0 } == 6)
    }

    @Test func aProviderPostingDuringAReadNeitherDeadlocksNorCrashes() async throws {
        let manager = TweakManager(tweakProviders: [NotifyingOnRead()])
        manager.useCache = true
        let handled = Locked(0)
        let observer = NSObject()
        manager.registerForConfigurationsUpdates(observer) { _ in handled.withLock { $0 += 1 } }
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 7)
        #expect(manager.isFeatureEnabled("f") == false)
        #expect(handled.withLock { $0 } >= 1)
        // The answer read while the provider announced a change is not kept.
        _ = try manager.tweakWith(feature: "f", variable: "v")
        #expect(manager.explain(feature: "f", variable: "v").isCached == false)
    }

    @Test func insideAnOverrideScopeOtherTweaksAreStillAnsweredFromTheCache() throws {
        let provider = TableProvider(name: "p", ["f.v": 1, "f.w": 2])
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)
        #expect(try manager.tweakWith(feature: "f", variable: "w").value == 2)
        var overrides = TweakOverrides()
        overrides.set(9, feature: "f", variable: "w")
        try overrides.withScope { () throws in
            // The overridden tweak is never answered from the cache, which holds the provider's 2.
            for _ in 0..<3 { #expect(try manager.tweakWith(feature: "f", variable: "w").value == 9) }
            // Any other tweak is: the scope does not make its reads ask the providers again.
            let before = provider.lookups.withLock { $0 }
            for _ in 0..<3 { #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1) }
            #expect(provider.lookups.withLock { $0 } == before)
        }
        #expect(try manager.tweakWith(feature: "f", variable: "w").value == 2)
    }

    @Test func readsNeverAskAProviderItsNameAndLogMessagesUseTheRecordedOne() throws {
        struct Probe: CustomStringConvertible {
            let built: Locked<Int>
            var description: String { built.withLock { $0 += 1 }; return "probe" }
        }
        // A name that is costly to make (the default one is made from the type's name).
        final class Named: TweakProvider {
            let probe: Locked<Int>
            init(_ probe: Locked<Int>) { self.probe = probe }
            var name: String { "\(Probe(built: probe))" }
            func tweak(for key: TweakKey) -> Tweak? { nil }
        }
        let built = Locked(0)
        let manager = TweakManager(tweakProviders: [Named(built), TableProvider(name: "d", ["f.v": 1])])
        // The manager asks each provider's name once, when it makes its schema; reads do not,
        // with or without a log closure.
        let atStart = built.withLock { $0 }
        _ = try manager.tweakWith(feature: "f", variable: "v")
        #expect(built.withLock { $0 } == atStart)
        let log = LogRecorder()
        manager.minimumLogLevel = .trace
        manager.logClosure = log.closure
        _ = try manager.tweakWith(feature: "f", variable: "v")
        #expect(built.withLock { $0 } == atStart)
        #expect(log.contains("f.v resolved", level: .debug))
        #expect(log.contains("not in probe", level: .debug))
    }

    /// Managers whose reads fill more caches than a thread keeps (``ThreadLocalCaches/capacity``).
    static func otherManagers() -> [TweakManager] {
        (0...ThreadLocalCaches.capacity).map { index in
            let manager = TweakManager(tweakProviders: [TableProvider(name: "other \(index)", ["o.v": .int(index)])])
            manager.useCache = true
            return manager
        }
    }

    @Test func anAnswerWhoseProviderReadOtherManagersMeanwhileIsStillCached() throws {
        // A provider that reads enough other managers to push the reading manager's cache out of
        // the thread's, while the read that asks it is under way.
        final class ReadingOthers: TweakProvider {
            let others = CacheTests.otherManagers()
            let lookups = Locked(0)
            func tweak(for key: TweakKey) throws -> Tweak? {
                lookups.withLock { $0 += 1 }
                for other in others { _ = try other.tweakWith(feature: "o", variable: "v") }
                return Tweak(feature: key.feature, variable: key.variable, value: 7)
            }
        }
        let provider = ReadingOthers()
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        for _ in 0..<3 { #expect(try manager.tweakWith(feature: "f", variable: "v").value == 7) }
        #expect(provider.lookups.withLock { $0 } == 1)
    }

    @Test func aCachedValueWhoseDecodingReadsOtherManagersLogsToItsOwnManager() throws {
        // A typed read's decoding runs while the read is under way: here it reads enough other
        // managers to push the reading manager's cache out of the thread's.
        Decoded.others = Self.otherManagers()
        defer { Decoded.others = [] }
        let others = LogRecorder()
        for other in Decoded.others {
            other.minimumLogLevel = .trace
            other.logClosure = others.closure
        }
        let log = LogRecorder()
        let manager = TweakManager(tweakProviders: [TableProvider(name: "d", ["f.v": 3])])
        manager.useCache = true
        manager.minimumLogLevel = .trace
        manager.logClosure = log.closure
        for _ in 0..<3 {
            #expect(try manager.value(feature: "f", variable: "v", as: Decoded.self) == Decoded(value: 3))
        }
        #expect(log.contains("f.v answered from the cache", level: .trace))
        #expect(!others.contains("f.v", level: .trace))
    }
}

/// A value whose decoding reads other managers (``CacheTests``).
private struct Decoded: Codable, Equatable {
    // Safe: only one test of a serialized suite sets it, before its reads, and empties it after.
    nonisolated(unsafe) static var others: [TweakManager] = []
    let value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        for other in Self.others { _ = try other.tweakWith(feature: "o", variable: "v") }
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}
