import AppFeatures
import Testing
import Tweaks
import TweaksTesting

/// The checkout screen with its flags on and off. Each test overrides flags for itself only, with
/// a trait or `withTweakOverrides`; the tests run in parallel against the app's one shared manager.
@MainActor
@Suite struct CheckoutViewModelTests {
    /// A cart of two items worth 30.00.
    let items = [
        CartItem(id: "tea", name: "Green tea", price: 10),
        CartItem(id: "mug", name: "Mug", price: 20),
    ]

    /// Without overrides, the model shows what `AppTweaks.tweaks.json` says.
    @Test func withTheBundledDefaults() {
        let model = CheckoutViewModel(items: items)
        #expect(!model.showsExpressPay)
        #expect(model.buttonStyle == .standard)
        #expect(model.banner == nil)
        #expect(model.maxQuantity == nil)
        #expect(model.shippingNote == "Add 20.00 for free shipping")
    }

    /// A trait overrides a flag for the whole test.
    @Test(.tweak("checkout", "express_pay", true))
    func expressPayIsShownWhenTheFlagIsOn() {
        #expect(CheckoutViewModel(items: items).showsExpressPay)
    }

    /// Both branches of a flag, each case with its own override.
    @Test(arguments: [true, false])
    func expressPayFollowsTheFlag(isOn: Bool) {
        withTweakOverrides(.set("checkout", "express_pay", .bool(isOn))) {
            #expect(CheckoutViewModel(items: items).showsExpressPay == isOn)
        }
    }

    /// An enum flag is overridden with its raw value.
    @Test(.tweak("checkout", "button_style", "prominent"))
    func theButtonStyleComesFromItsRawValue() {
        #expect(CheckoutViewModel(items: items).buttonStyle == .prominent)
    }

    /// `.tweakFeature` switches a whole feature on or off (its `enabled` variable).
    @Test(.tweakFeature("promotions", enabled: true))
    func theBannerIsShownWhenPromotionsAreOn() {
        #expect(CheckoutViewModel(items: items).banner?.code == "SPRING")
    }

    /// A `Codable` flag is overridden with its JSON.
    @Test(
        .tweakFeature("promotions", enabled: true),
        .tweak("promotions", "banner", .json(["title": "Last day", "message": "Free gift wrap"])))
    func aBannerWithoutCode() {
        #expect(CheckoutViewModel(items: items).banner == PromoBanner(title: "Last day", message: "Free gift wrap"))
    }

    /// An optional flag that the bundled file leaves out, set for this test.
    @Test(.tweak("checkout", "max_quantity", 2))
    func theQuantityStopsAtTheLimit() {
        let model = CheckoutViewModel(items: items)
        model.increaseQuantity(of: "tea")
        model.increaseQuantity(of: "tea")
        #expect(model.items[0].quantity == 2)
        #expect(!model.canIncreaseQuantity(of: "tea"))
    }

    /// The same optional flag, not set: no limit.
    @Test func theQuantityHasNoLimitWhenTheFlagIsNotSet() {
        let model = CheckoutViewModel(items: items)
        for _ in 1...9 { model.increaseQuantity(of: "mug") }
        #expect(model.items[1].quantity == 10)
    }

    /// Strict mode fails the test if an override's type differs from the declared one (here a
    /// `Double`, as the bundled file writes `50.0`; an `Int` would pass too, as it is exact).
    @Test(.tweaks(.set("checkout", "free_shipping_threshold", 25.0), strict: true))
    func shippingIsFreeFromTheThreshold() {
        #expect(CheckoutViewModel(items: items).shippingNote == "Free shipping")
    }

    /// An override of the wrong type makes the property fall back, and nothing crashes.
    @Test(.tweak("checkout", "express_pay", "yes"))
    func aFlagOfTheWrongTypeFallsBack() {
        #expect(!CheckoutViewModel(items: items).showsExpressPay)
    }
}
