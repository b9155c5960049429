import Foundation
import Testing

@testable import Tweaks

/// Changes travel per provider, one event per change, to the managers of that provider only.
@Suite("Change events")
struct ChangeEventTests {
    @Test func aManagerHearsOnlyItsOwnProviders() async throws {
        let mine = EphemeralTweakProvider(name: "mine")
        let theirs = EphemeralTweakProvider(name: "theirs")
        let defaults = TableProvider(name: "defaults", ["f.v": 1])
        let manager = TweakManager(tweakProviders: [mine, defaults])
        let other = TweakManager(tweakProviders: [theirs, defaults])
        manager.useCache = true
        var changes = manager.changes.makeAsyncIterator()
        _ = try manager.tweakWith(feature: "f", variable: "v")
        theirs.set(.int(2), feature: "f", variable: "v")
        #expect(manager.explain(feature: "f", variable: "v").isCached, "another stack's change leaves the cache")
        mine.set(.int(3), feature: "f", variable: "v")
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 3)
        let change = await changes.next()
        #expect(change?.source == "mine", "the first element is this manager's provider's change")
        withExtendedLifetime(other) {}
    }

    @Test func oneChangeOfManyTweaksIsOneEvent() async throws {
        let overrides = EphemeralTweakProvider(values: ["f": ["a": 1, "b": 2, "c": 3]])
        let manager = TweakManager(tweakProviders: [overrides])
        let handled = Locked<[String]>([])
        let observer = NSObject()
        manager.registerForConfigurationsUpdates(observer) { tweak in handled.withLock { $0.append(tweak.variable) } }
        let notifications = Locked(0)
        let bridge = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: overrides, queue: nil
        ) { _ in notifications.withLock { $0 += 1 } }
        defer { NotificationCenter.default.removeObserver(bridge) }
        var changes = manager.changes.makeAsyncIterator()
        overrides.removeAllValues()
        overrides.set(.int(4), feature: "f", variable: "d")
        let removal = await changes.next()
        #expect(removal?.keys?.count == 3)
        #expect(await changes.next()?.keys == [TweakKey(feature: "f", variable: "d")])
        #expect(notifications.withLock { $0 } == 2, "one bridge notification per change")
        #expect(handled.withLock { $0.sorted() } == ["a", "b", "c", "d"], "JustTweak's closure: once per tweak")
    }

    @Test func theBridgeCarriesJustTweaksKeyForOneTweak() throws {
        let overrides = EphemeralTweakProvider()
        let received = Locked<[Tweak?]>([])
        let observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: overrides, queue: nil
        ) { notification in
            received.withLock {
                $0.append(notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak)
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        overrides.set(.int(1), feature: "f", variable: "v")
        #expect(received.withLock { $0.map { $0?.value } } == [1])
    }

    /// A reload does not know which tweaks changed: every observer hears it all the same.
    @Test func aChangeOfEverythingReachesEveryKindOfObserver() async throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let provider = UserDefaultsTweakProvider(userDefaults: defaults)
        let manager = TweakManager(tweakProviders: [provider, TableProvider(name: "d", ["f.v": 1])])
        manager.useCache = true
        let handled = Locked<[Tweak]>([])
        let observer = NSObject()
        manager.registerForConfigurationsUpdates(observer) { tweak in handled.withLock { $0.append(tweak) } }
        var changes = manager.changes.makeAsyncIterator()
        var values = manager.values(feature: "f", variable: "v").makeAsyncIterator()
        let property = FallbackTweakProperty(fallbackValue: 0, feature: "f", variable: "v", tweakManager: manager)
        var updates = property.projectedValue.updates.makeAsyncIterator()
        #expect(await values.next() == .some(1))
        #expect(await updates.next() == 1)

        TemporaryDefaults.writeAsAnotherProcess(7, feature: "f", variable: "v", into: defaults)
        provider.reload()

        let change = await changes.next()
        #expect(
            change != nil && change?.keys == nil && change?.affects(TweakKey(feature: "any", variable: "thing")) == true
        )
        #expect(await values.next() == .some(7))
        #expect(await updates.next() == 7)
        #expect(handled.withLock { $0.map(\.value) } == [7], "called with each tweak the provider now has")
    }

    /// A provider written for JustTweak posts the notification itself: its managers still hear it.
    @Test func aForeignNotificationStillReachesTheManagersOfItsObject() async throws {
        final class Posting: TweakProvider {
            let value = Locked<TweakValue>(1)
            func tweak(for key: TweakKey) -> Tweak? {
                Tweak(feature: key.feature, variable: key.variable, value: value.withLock { $0 })
            }
            func change(to newValue: TweakValue) {
                value.withLock { $0 = newValue }
                let tweak = Tweak(feature: "f", variable: "v", value: newValue)
                NotificationCenter.default.post(
                    name: TweakProviderDidChangeNotification, object: self,
                    userInfo: [TweakProviderDidChangeNotificationTweakKey: tweak])
            }
        }
        let provider = Posting()
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
        var changes = manager.changes.makeAsyncIterator()
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)
        provider.change(to: 2)
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 2)
        #expect(await changes.next()?.keys == [TweakKey(feature: "f", variable: "v")])

        // Without an object, every manager hears a change of everything.
        NotificationCenter.default.post(name: TweakProviderDidChangeNotification, object: nil)
        #expect(await changes.next()?.keys == nil)
    }
}
