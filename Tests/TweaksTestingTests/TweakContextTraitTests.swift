import Foundation
import Testing
import Tweaks
import TweaksTesting

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
}
