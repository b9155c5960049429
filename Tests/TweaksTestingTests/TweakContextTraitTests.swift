import Foundation
import Testing
import TweaksTesting

@testable import Tweaks

/// A shared manager whose checkout is on for the "beta" plan only.
private let targetedManager: TweakManager = {
    let document = #"""
        {"$conditions": [{"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}}],
         "checkout": {"enabled": {"Value": false, "ConditionalValues": {"beta": true}}}}
        """#
    let provider = try! LocalTweakProvider(data: Data(document.utf8), name: "defaults")
    let manager = TweakManager(tweakProviders: [provider])
    manager.useCache = true
    return manager
}()

@Suite("The context trait")
struct TweakContextTraitTests {
    @Test(.tweakContext(attributes: ["plan": "beta"]))
    func aTestCanSetTheContext() {
        #expect(targetedManager.isFeatureEnabled("checkout"))
        #expect(TweakContext.current?["plan"] == "beta")
    }

    @Test func withoutTheTraitThereIsNoContext() {
        #expect(TweakContext.current == nil)
        #expect(!targetedManager.isFeatureEnabled("checkout"))
    }

    @Test(.tweakContext(attributes: ["plan": "beta"]), .tweakFeature("checkout", enabled: false))
    func overridesWinOverTheContext() {
        #expect(!targetedManager.isFeatureEnabled("checkout"))
    }

    @Test func aTestCanOverrideATweakForOneContext() throws {
        let alice = TweakContext(randomizationID: "alice")
        let bob = TweakContext(randomizationID: "bob", attributes: ["plan": "beta"])
        try withTweakOverrides(
            .set("checkout", "enabled", false, for: bob), .set("checkout", "limit", 3, for: alice)
        ) { () throws in
            #expect(!targetedManager.reading(for: bob).isFeatureEnabled("checkout"), "the override for bob wins")
            #expect(!targetedManager.reading(for: alice).isFeatureEnabled("checkout"), "alice: the document decides")
            #expect(
                targetedManager.reading(for: TweakContext(attributes: ["plan": "beta"])).isFeatureEnabled("checkout"),
                "another beta context: the document decides")
            #expect(
                try targetedManager.reading(for: alice).tweakIfPresent(feature: "checkout", variable: "limit")?.value
                    == 3)
            #expect(try targetedManager.reading(for: bob).tweakIfPresent(feature: "checkout", variable: "limit") == nil)
            #expect(try targetedManager.tweakIfPresent(feature: "checkout", variable: "limit") == nil)
            let explanation = targetedManager.reading(for: alice).explain(feature: "checkout", variable: "limit")
            #expect(explanation.winner?.decision?.condition == "context randomizationID=alice")
        }
    }

    @Test func aContextOverrideKeepsTheEarlierOverrideForOtherContexts() {
        var overrides = TweakOverrides()
        overrides.setFeatureEnabled(true, feature: "checkout")
        overrides.set(.bool(false), feature: "checkout", variable: "enabled", for: TweakContext(randomizationID: "bob"))
        overrides.withScope {
            #expect(targetedManager.isFeatureEnabled("checkout"))
            #expect(targetedManager.reading(for: TweakContext(randomizationID: "alice")).isFeatureEnabled("checkout"))
            #expect(!targetedManager.reading(for: TweakContext(randomizationID: "bob")).isFeatureEnabled("checkout"))
        }
    }
}
