import Foundation
import Testing

@testable import Tweaks

@Suite("Change notifications and streams")
struct ObservationTests {
    @Test func registeredClosuresGetEachChangedTweakUntilDeregistered() throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides])
        let observer = NSObject()
        let seen = Locked<[TweakValue]>([])
        manager.registerForConfigurationsUpdates(observer) { tweak in seen.withLock { $0.append(tweak.value) } }
        try manager.set(1, feature: "f", variable: "v")
        try overrides.set(2, feature: "f", variable: "v")
        try EphemeralTweakProvider().set(99, feature: "f", variable: "v")  // not this manager's provider
        manager.deregisterFromConfigurationsUpdates(observer)
        try manager.set(3, feature: "f", variable: "v")
        #expect(seen.withLock { $0 } == [1, 2])
    }

    @Test func changesStreamYieldsOneElementPerChange() async throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "d", ["f.v": 1])])
        var iterator = manager.changes.makeAsyncIterator()
        try manager.set(2, feature: "f", variable: "v")
        try manager.deleteValue(feature: "f", variable: "v")
        try manager.set("x", feature: "g", variable: "w")
        try manager.deleteValue(feature: "g", variable: "w")
        let first = await iterator.next()
        let second = await iterator.next()
        let third = await iterator.next()
        let fourth = await iterator.next()
        let (fv, gw) = (TweakKey(feature: "f", variable: "v"), TweakKey(feature: "g", variable: "w"))
        // Each element names what the provider changed, as the provider reported it.
        #expect(first?.keys == [fv] && first?.tweaks.first?.value == 2 && first?.source == "EphemeralTweakProvider")
        #expect(second?.keys == [fv] && second?.tweaks.first?.value == 2, "a removed tweak as it was")
        #expect(third?.keys == [gw] && third?.affects(TweakKey(feature: "g", variable: "w")) == true)
        #expect(fourth?.keys == [gw] && fourth?.affects(fv) == false)
        #expect(try manager.tweakWith(feature: "f", variable: "v").source == "d")
    }

    @Test func valuesStreamStartsWithTheCurrentValueThenFollowsChanges() async throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "d", ["f.v": 1])])
        manager.useCache = true
        var values = manager.values(feature: "f", variable: "v").makeAsyncIterator()
        #expect(await values.next() == .some(1))
        try overrides.set(5, feature: "f", variable: "v")
        #expect(await values.next() == .some(5))
        try overrides.set("unrelated", feature: "f", variable: "other")
        try overrides.set(5, feature: "f", variable: "v")  // same value: no element
        try overrides.set(6, feature: "f", variable: "v")
        #expect(await values.next() == .some(6))
        try manager.removeAllOverrides()
        #expect(await values.next() == .some(1))
    }

    @Test func typedValuesFollowTheLookupRuleAndYieldOnlyWhenTheTypedValueChanges() async throws {
        enum Mode: String, Equatable { case fast, safe }
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [
            overrides, TableProvider(name: "d", ["f.limit": 3, "f.mode": "fast"]),
        ])
        var limits = manager.values(feature: "f", variable: "limit", as: Int.self).makeAsyncIterator()
        var modes = manager.values(feature: "f", variable: "mode", as: Mode.self).makeAsyncIterator()
        #expect(await limits.next() == .some(3))
        #expect(await modes.next() == .some(.fast))
        try overrides.set("many", feature: "f", variable: "limit")  // a String: passed over, still 3
        try overrides.set(3.0, feature: "f", variable: "limit")  // the same Int: no element
        try overrides.set(8, feature: "f", variable: "limit")
        #expect(await limits.next() == .some(8))
        try overrides.set("slow", feature: "f", variable: "mode")  // names no case: the default's case
        try overrides.set("safe", feature: "f", variable: "mode")
        #expect(await modes.next() == .some(.safe))
    }

    @Test func valuesStreamReportsDisappearanceAsNil() async throws {
        let overrides = EphemeralTweakProvider(values: ["f": ["v": true]])
        let manager = TweakManager(tweakProviders: [overrides])
        var values = manager.values(feature: "f", variable: "v").makeAsyncIterator()
        #expect(await values.next() == .some(true))
        overrides.deleteValue(feature: "f", variable: "v")
        #expect(await values.next() == .some(nil))
    }

    @Test func aStreamConsumedInAnotherTaskSeesAChange() async throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "d", ["f.v": 1])])
        let updates = manager.values(feature: "f", variable: "v")
        let consumer = Task {
            var seen: [TweakValue?] = []
            for await value in updates {
                seen.append(value)
                if value == 3 { break }
            }
            return seen
        }
        // Keep changing until the consumer has seen the final value (it may start late and coalesce).
        for value in 2...3 {
            try await Task.sleep(for: .milliseconds(10))
            overrides.set(.int(value), feature: "f", variable: "v")
        }
        let seen = await consumer.value
        #expect(seen.last == .some(3))
        #expect(seen.allSatisfy { $0 == 1 || $0 == 2 || $0 == 3 })
    }

    @Test func cancellingAConsumerEndsItsStream() async {
        let manager = TweakManager(tweakProviders: [EphemeralTweakProvider()])
        let consumer = Task {
            var count = 0
            for await _ in manager.changes { count += 1 }
            return count
        }
        try? await Task.sleep(for: .milliseconds(20))
        consumer.cancel()
        #expect(await consumer.value == 0)
        #expect(manager.state.withLock { $0.subscribers.isEmpty })
    }
}
