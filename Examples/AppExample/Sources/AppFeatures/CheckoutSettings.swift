import Tweaks

/// The checkout screen's flags, one property per tweak. Reading a property reads the flag as it is
/// now, through the manager's layers (and through a test's overrides).
///
/// A struct of property wrappers is `Sendable` and cheap to create: make one where it is needed.
/// The names are the constants generated from `AppTweaks.tweaks.json`, so a tweak renamed in the
/// file is a compile error here.
public struct CheckoutSettings: Sendable {
    /// Whether the express pay button is shown. `false` when the flag is missing or not a `Bool`
    /// (the reason goes to the manager's `logClosure`).
    @FallbackTweakProperty public var isExpressPayEnabled: Bool
    /// The style of the checkout button. Declared in the bundled file, so it is always there.
    @TweakProperty public var buttonStyle: CheckoutButtonStyle
    /// The promotion banner's texts. Declared in the bundled file too.
    @TweakProperty public var promoBanner: PromoBanner
    /// The most of one item the cart may hold; `nil`, the default, means no limit. The bundled
    /// file does not declare it: a remote document or an override sets it when needed.
    @OptionalTweakProperty public var maxQuantity: Int?
    /// Where the flags are read.
    public let tweakManager: TweakManager

    /// The flags of `tweakManager`.
    public init(tweakManager: TweakManager = AppServices.tweakManager) {
        self.tweakManager = tweakManager
        _isExpressPayEnabled = FallbackTweakProperty(
            fallbackValue: false, feature: AppTweaks.Features.checkout, variable: AppTweaks.Variables.expressPay,
            tweakManager: tweakManager)
        _buttonStyle = TweakProperty(
            feature: AppTweaks.Features.checkout, variable: AppTweaks.Variables.buttonStyle,
            tweakManager: tweakManager)
        _promoBanner = TweakProperty(
            feature: AppTweaks.Features.promotions, variable: AppTweaks.Variables.banner, tweakManager: tweakManager)
        _maxQuantity = OptionalTweakProperty(
            fallbackValue: nil, feature: AppTweaks.Features.checkout, variable: "max_quantity",
            tweakManager: tweakManager)
    }

    /// Whether promotions are on: the `enabled` variable of `promotions`.
    public var arePromotionsEnabled: Bool {
        tweakManager.isFeatureEnabled(AppTweaks.Features.promotions)
    }
}
