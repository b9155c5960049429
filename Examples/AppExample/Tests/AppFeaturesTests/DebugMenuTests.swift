import AppFeatures
import Testing
import Tweaks
import TweaksEditor

/// The debug menu over a test-local stack, as QA uses it on a device.
@MainActor
@Suite struct DebugMenuTests {
    /// Searching, switching express pay on and mistyping the free-shipping threshold: the switch
    /// reaches the checkout settings, the mistake is refused with a message and changes nothing.
    @Test func theDebugMenuChangesTheAppsFlags() throws {
        let overrides = EphemeralTweakProvider(name: "debug menu")
        let manager = AppServices.makeTweakManager(overrides: overrides)
        let menu = DebugMenu.editor(of: manager)
        menu.searchText = "express"
        #expect(menu.sections.flatMap(\.rows).map(\.title) == ["Express pay"])

        try menu.setBool(true, for: TweakKey(feature: "checkout", variable: "express_pay"))
        #expect(CheckoutSettings(tweakManager: manager).isExpressPayEnabled)

        let threshold = TweakKey(feature: "checkout", variable: "free_shipping_threshold")
        #expect(throws: TweakEditorError.self) { try menu.set("fifty", for: threshold) }
        #expect(overrides.knownTweaks.count == 1)
    }
}
