import Tweaks

// Written as an app target in Xcode 26 is: every declaration here is `@MainActor` by default, so
// the conformances of `Promotion`, `Theme` and `Currency` are isolated to the main actor.

struct Promotion: Codable, Equatable {
    var code: String
    var percentOff: Int
}

enum Theme: String {
    case light, dark
}

struct Currency: RawRepresentable, Equatable {
    var rawValue: String
}

/// A type shared with background code: `nonisolated`, so every wrapper accepts it.
nonisolated struct Limits: Codable, Sendable, Equatable {
    var maxItems: Int
}

let overrides = EphemeralTweakProvider(name: "overrides")
let defaults = EphemeralTweakProvider(
    name: "defaults",
    values: [
        "shop": [
            "promotion": .json(["code": "WINTER", "percentOff": 10]),
            "theme": "dark",
            "currency": "EUR",
            "limits": .json(["maxItems": 5]),
            "enabled": true,
        ]
    ])
let manager = TweakManager(tweakProviders: [overrides, defaults])

final class ShopSettings {
    @TweakProperty(feature: "shop", variable: "promotion", tweakManager: manager)
    var promotion: Promotion
    @TweakProperty(feature: "shop", variable: "theme", tweakManager: manager)
    var theme: Theme
    @TweakProperty(feature: "shop", variable: "currency", tweakManager: manager)
    var currency: Currency
    @FallbackTweakProperty(fallbackValue: false, feature: "shop", variable: "enabled", tweakManager: manager)
    var isEnabled: Bool
    @FallbackTweakProperty(
        fallbackValue: Limits(maxItems: 1), feature: "shop", variable: "limits", tweakManager: manager)
    var limits: Limits
    @OptionalTweakProperty(fallbackValue: nil, feature: "shop", variable: "discount", tweakManager: manager)
    var discount: Int?
}

let settings = ShopSettings()
print("promotion = \(settings.promotion.code) \(settings.promotion.percentOff)")
print("theme = \(settings.theme), currency = \(settings.currency.rawValue), enabled = \(settings.isEnabled)")
print("limits = \(settings.limits.maxItems), discount = \(settings.discount.map(String.init) ?? "nil")")
settings.promotion = Promotion(code: "SPRING", percentOff: 20)
settings.currency = Currency(rawValue: "USD")
settings.discount = 5
print("after writes: \(settings.promotion.code) \(settings.currency.rawValue) \(settings.discount ?? 0)")
let promotion = try manager.value(feature: "shop", variable: "promotion", as: Promotion.self)
let theme = try manager.value(feature: "shop", variable: "theme", as: Theme.self)
print("typed read = \(promotion.percentOff), theme = \(theme)")

// Reflecting the wrappers (print, dump, SwiftUI diffing) must work.
var dumped = ""
dump(settings, to: &dumped)
print("reflected \(dumped.contains("TweakBinding") ? "ok" : "missing")")

// The generated accessor and its JSON struct live in this MainActor-by-default target too.
let home = HomeTweaks(with: manager)
print("home = \(home.banner.title) \(home.banner.isVisible) \(home.columns) \(home.greeting)")
home.columns = 3
print("home.columns after set = \(home.columns)")
