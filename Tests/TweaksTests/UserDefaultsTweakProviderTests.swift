import Foundation
import Testing

@testable import Tweaks

@Suite("UserDefaultsTweakProvider")
struct UserDefaultsTweakProviderTests {
    static let everyKind: [(String, TweakValue)] = [
        ("bool_true", true), ("bool_false", false), ("int_one", 1), ("int_zero", 0), ("int_max", .int(Int.max)),
        ("double_whole", 1.0), ("double", -2.75), ("string", "héllo \"world\""), ("string_number", "42"),
        ("json", .json(["isUnderMaintenance": true, "retries": 3, "ratio": 1.0, "tags": ["a"], "none": nil])),
    ]

    @Test func everyValueTypeRoundTripsExactlyAcrossInstances() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let writer = UserDefaultsTweakProvider(userDefaults: suite.make())
        for (variable, value) in Self.everyKind { writer.set(value, feature: "f", variable: variable) }
        // A new provider on a new UserDefaults object for the same suite: what a relaunch sees.
        let reader = UserDefaultsTweakProvider(userDefaults: suite.make())
        for (variable, value) in Self.everyKind {
            let tweak = try reader.tweakWith(feature: "f", variable: variable)
            #expect(tweak.value == value, "\(variable)")
            #expect(tweak.value.kind == value.kind, "\(variable)")
            #expect(tweak.source == "UserDefaultsTweakProvider")
        }
        #expect(reader.knownTweaks.count == Self.everyKind.count)
    }

    @Test func featuresScopeVariables() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let provider = UserDefaultsTweakProvider(userDefaults: suite.make())
        try provider.set(true, feature: "a", variable: "enabled")
        try provider.set(false, feature: "b", variable: "enabled")
        #expect(provider.isFeatureEnabled("a"))
        #expect(!provider.isFeatureEnabled("b"))
        #expect(!provider.isFeatureEnabled("c"))
        #expect(throws: TweakError.notFound(feature: "c", variable: "enabled")) {
            try provider.tweakWith(feature: "c", variable: "enabled")
        }
    }

    @Test func deletingTheLastValueRemovesTheKey() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let provider = UserDefaultsTweakProvider(userDefaults: defaults)
        try provider.set(1, feature: "f", variable: "a")
        try provider.set(2, feature: "f", variable: "b")
        provider.deleteValue(feature: "f", variable: "a")
        #expect(try provider.tweakIfPresent(feature: "f", variable: "a") == nil)
        #expect(try provider.tweakIfPresent(feature: "f", variable: "b")?.value == 2)
        provider.removeAllValues()
        #expect(defaults.object(forKey: "Tweaks.Overrides") == nil)
        #expect(provider.knownTweaks.isEmpty)
        provider.deleteValue(feature: "f", variable: "never_set")  // no crash, no hang
    }

    @Test func aSiblingProviderOnTheSameDefaultsSeesChanges() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let appProvider = UserDefaultsTweakProvider(userDefaults: defaults)
        let debugMenuProvider = UserDefaultsTweakProvider(userDefaults: defaults)
        try debugMenuProvider.set("on", feature: "f", variable: "v")
        #expect(try appProvider.tweakIfPresent(feature: "f", variable: "v")?.value == "on")
    }

    @Test func aManagerOfTheSiblingSeesTheChangeDespiteItsCache() async throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let debugMenuProvider = UserDefaultsTweakProvider(userDefaults: defaults)
        let appManager = TweakManager(tweakProviders: [
            UserDefaultsTweakProvider(userDefaults: defaults), TableProvider(name: "d", ["f.v": "default"]),
        ])
        appManager.useCache = true
        var changes = appManager.changes.makeAsyncIterator()
        #expect(try appManager.tweakWith(feature: "f", variable: "v").value == "default")
        try debugMenuProvider.set("debug", feature: "f", variable: "v")
        #expect(try appManager.tweakWith(feature: "f", variable: "v").value == "debug")
        let change = await changes.next()
        #expect(change?.keys == [TweakKey(feature: "f", variable: "v")] && change?.tweaks.first?.value == "debug")
        try debugMenuProvider.set("debug", feature: "f", variable: "v")  // unchanged: the sibling stays quiet
        debugMenuProvider.deleteValue(feature: "f", variable: "v")
        #expect(try appManager.tweakWith(feature: "f", variable: "v").value == "default")
    }

    @Test func reloadAfterAnExternalWriteTellsManagers() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let provider = UserDefaultsTweakProvider(userDefaults: defaults)
        let manager = TweakManager(tweakProviders: [provider, TableProvider(name: "d", ["f.v": 1])])
        manager.useCache = true
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)
        TemporaryDefaults.writeAsAnotherProcess(2, feature: "f", variable: "v", into: defaults)
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)  // not yet reloaded
        provider.reload()
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 2)
    }

    @Test func anObserverOfUserDefaultsChangesMayReadAndWriteTweaks() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let provider = UserDefaultsTweakProvider(userDefaults: defaults)
        let observer = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { _ in
            _ = try? provider.tweakIfPresent(feature: "f", variable: "v")
            if (try? provider.tweakIfPresent(feature: "f", variable: "echo")) == nil {
                try? provider.set(true, feature: "f", variable: "echo")
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try provider.set(1, feature: "f", variable: "v")
        #expect(try provider.tweakWith(feature: "f", variable: "v").value == 1)
    }

    @Test func separateKeysAreSeparateOverrideSets() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        let first = UserDefaultsTweakProvider(userDefaults: defaults, key: "first")
        let second = UserDefaultsTweakProvider(userDefaults: defaults, key: "second")
        try first.set(1, feature: "f", variable: "v")
        #expect(try second.tweakIfPresent(feature: "f", variable: "v") == nil)
    }

    @Test func foreignDataIsReportedPerTweakNotCrashedOn() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let defaults = suite.make()
        defaults.set(
            [
                "f": ["good": ["int": 3], "bad_kind": ["float": 1.5], "bare": 7, "two": ["int": 1, "bool": true]],
                "notadict": 5,
            ],
            forKey: "Tweaks.Overrides")
        let provider = UserDefaultsTweakProvider(userDefaults: defaults)
        #expect(try provider.tweakWith(feature: "f", variable: "good").value == 3)
        for variable in ["bad_kind", "bare", "two"] {
            let error = #expect(throws: TweakError.self) { try provider.tweakWith(feature: "f", variable: variable) }
            guard case .notSupported(let feature, let name, _)? = error else {
                Issue.record("\(variable): \(String(describing: error))")
                continue
            }
            #expect(feature == "f" && name == variable)
        }
        // Writing keeps the readable entries and drops the unreadable ones.
        try provider.set(true, feature: "g", variable: "v")
        let reloaded = UserDefaultsTweakProvider(userDefaults: suite.make())
        #expect(try reloaded.tweakWith(feature: "f", variable: "good").value == 3)
        #expect(try reloaded.tweakWith(feature: "g", variable: "v").value == true)
    }

    @Test func changesPostTheNotificationSynchronously() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        let provider = UserDefaultsTweakProvider(userDefaults: suite.make())
        let received = Locked<[Tweak]>([])
        let observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: provider, queue: nil
        ) { notification in
            if let tweak = notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak {
                received.withLock { $0.append(tweak) }
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try provider.set(5, feature: "f", variable: "v")
        #expect(received.withLock { $0.map(\.value) } == [5])
        provider.deleteValue(feature: "f", variable: "v")
        #expect(received.withLock { $0.count } == 2)
    }
}

@Suite("EphemeralTweakProvider")
struct EphemeralTweakProviderTests {
    @Test func initialValuesSetDeleteAndNotifications() throws {
        let provider = EphemeralTweakProvider(values: ["f": ["a": 1, "b": "x"]])
        #expect(try provider.tweakWith(feature: "f", variable: "a").value == 1)
        let received = Locked(0)
        let observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: provider, queue: nil
        ) { _ in received.withLock { $0 += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        try provider.set(2, feature: "f", variable: "a")
        provider.deleteValue(feature: "f", variable: "b")
        provider.deleteValue(feature: "f", variable: "b")  // nothing removed: no notification
        provider.removeAllValues()
        #expect(received.withLock { $0 } == 3)
        #expect(provider.knownTweaks.isEmpty)
    }
}
