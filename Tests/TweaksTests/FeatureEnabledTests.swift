import Testing

@testable import Tweaks

@Suite("isFeatureEnabled: the highest-priority opinion decides")
struct FeatureEnabledTests {
    @Test func anOverrideCanSwitchAFeatureOff() throws {
        let overrides = EphemeralTweakProvider()
        let defaults = TableProvider(name: "defaults", ["checkout.enabled": true])
        let manager = TweakManager(tweakProviders: [overrides, defaults])
        #expect(manager.isFeatureEnabled("checkout"))
        try manager.setFeatureEnabled(false, feature: "checkout")
        #expect(!manager.isFeatureEnabled("checkout"))
        try manager.deleteValue(feature: "checkout", variable: TweakManager.featureEnabledVariable)
        #expect(manager.isFeatureEnabled("checkout"))
    }

    @Test func anOverrideCanSwitchAFeatureOn() throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [
            overrides, TableProvider(name: "defaults", ["beta.enabled": false]),
        ])
        #expect(!manager.isFeatureEnabled("beta"))
        try overrides.setFeatureEnabled(true, feature: "beta")
        #expect(manager.isFeatureEnabled("beta"))
    }

    @Test func noOpinionAnywhereMeansDisabled() {
        let manager = TweakManager(tweakProviders: [TableProvider(name: "p", ["beta.color": "red"])])
        #expect(!manager.isFeatureEnabled("beta"))
        #expect(!manager.isFeatureEnabled("unknown"))
    }

    @Test func aNonBooleanEnabledValueIsReportedAndPassedOver() {
        let high = TableProvider(name: "high", ["beta.enabled": "yes"])
        let manager = TweakManager(tweakProviders: [high, TableProvider(name: "low", ["beta.enabled": false])])
        let log = LogRecorder()
        manager.minimumLogLevel = .debug
        manager.logClosure = log.closure
        #expect(high.isFeatureEnabled("beta") == false)
        #expect(!manager.isFeatureEnabled("beta"))
        #expect(log.contains("beta.enabled: high's value is passed over: expected Bool, found string", level: .error))
        #expect(log.contains("feature beta is disabled (low)", level: .debug))
    }

    @Test func aCustomProviderSwitchesFeaturesOffWithAnEnabledTweak() {
        final class KillSwitch: TweakProvider {
            func tweak(for key: TweakKey) -> Tweak? {
                guard key.feature == "payments", key.variable == TweakManager.featureEnabledVariable else { return nil }
                return Tweak(feature: key.feature, variable: key.variable, value: false)
            }
        }
        let manager = TweakManager(tweakProviders: [
            KillSwitch(), TableProvider(name: "defaults", ["payments.enabled": true, "search.enabled": true]),
        ])
        #expect(!manager.isFeatureEnabled("payments"))
        #expect(manager.isFeatureEnabled("search"))
    }

    /// A provider written for JustTweak decides features with `isFeatureEnabled(_:) -> Bool`
    /// (its Firebase example reads a Boolean remote value named after the feature): `true`
    /// enables the feature, `false` leaves it to the next provider, as in JustTweak.
    @Test func aJustTweakStyleVerdictIsHonoured() {
        final class FirebaseLike: TweakProvider {
            let remoteBooleans: [String: Bool]
            init(_ remoteBooleans: [String: Bool]) { self.remoteBooleans = remoteBooleans }
            func tweak(for key: TweakKey) -> Tweak? { nil }
            func isFeatureEnabled(_ feature: String) -> Bool { remoteBooleans[feature] ?? false }
        }
        let manager = TweakManager(tweakProviders: [
            FirebaseLike(["checkout": true, "search": false]),
            TableProvider(name: "defaults", ["search.enabled": true, "beta.enabled": false]),
        ])
        #expect(manager.isFeatureEnabled("checkout"))
        #expect(manager.isFeatureEnabled("search"))  // false is no verdict: the defaults decide
        #expect(!manager.isFeatureEnabled("beta"))
        #expect(!manager.isFeatureEnabled("unknown"))
        let explanation = manager.explain(feature: "checkout", variable: "enabled")
        #expect(explanation.winner?.provider == "FirebaseLike")
    }

    @Test(arguments: [false, true])
    func cachedOpinionsFollowChanges(useCache: Bool) throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "d", ["f.enabled": true])])
        manager.useCache = useCache
        #expect(manager.isFeatureEnabled("f"))
        // Directly on the provider: only its notification tells the manager.
        try overrides.setFeatureEnabled(false, feature: "f")
        #expect(!manager.isFeatureEnabled("f"))
    }
}

@Suite("Changes through the manager")
struct OverrideTests {
    @Test func setAndDeleteGoToTheHighestPriorityMutableProvider() throws {
        let fixed = TableProvider(name: "fixed", ["f.pinned": 1])
        let first = EphemeralTweakProvider(name: "first")
        let second = EphemeralTweakProvider(name: "second")
        let manager = TweakManager(tweakProviders: [fixed, first, second])
        #expect(manager.mutableTweakProvider === first)
        try manager.set(5, feature: "f", variable: "v")
        #expect(try first.tweakWith(feature: "f", variable: "v").value == 5)
        #expect(second.knownTweaks.isEmpty)
        try manager.set(TweakValue.json(["a": 1]), feature: "f", variable: "j")
        try manager.deleteValue(feature: "f", variable: "v")
        #expect(try manager.tweakIfPresent(feature: "f", variable: "v") == nil)
        try manager.removeAllOverrides()
        #expect(first.knownTweaks.isEmpty)
    }

    @Test func changingAStackWithoutAMutableProviderIsAnError() {
        let log = LogRecorder()
        let manager = TweakManager(tweakProviders: [TableProvider(name: "fixed")])
        manager.logClosure = log.closure
        #expect(throws: TweakManagerError.noMutableProvider(feature: "f", variable: "v")) {
            try manager.set(true, feature: "f", variable: "v")
        }
        #expect(throws: TweakManagerError.noMutableProvider(feature: "f", variable: "v")) {
            try manager.deleteValue(feature: "f", variable: "v")
        }
        #expect(log.contains("no mutable provider", level: .error))
    }
}
