import Foundation
import Tweaks

/// The stack the tests read through: overrides on top of local defaults, caching on (overrides
/// must never be cached).
enum Fixtures {
    static let defaults = try! LocalTweakProvider(
        data: Data(
            """
            {
              "checkout": {
                "enabled": {"Title": "Checkout", "Value": true},
                "new_flow": {"Value": false},
                "limit": {"Value": 3},
                "ratio": {"Value": 0.5},
                "title": {"Value": "Checkout"}
              },
              "promotions": {"enabled": {"Value": false}}
            }
            """.utf8), source: "defaults.json", name: "defaults")

    /// A new manager over a fresh override layer and the shared defaults.
    static func manager() -> TweakManager {
        let manager = TweakManager(tweakProviders: [EphemeralTweakProvider(name: "session"), defaults])
        manager.useCache = true
        return manager
    }

    /// One manager shared by the parallel tests, as an app shares one.
    static let shared = manager()
}

/// Property wrappers as an app declares them.
struct CheckoutFlags: Sendable {
    @TweakProperty var newFlow: Bool
    @FallbackTweakProperty var limit: Int
    @OptionalTweakProperty var title: String?

    init(_ manager: TweakManager) {
        _newFlow = TweakProperty(feature: "checkout", variable: "new_flow", tweakManager: manager)
        _limit = FallbackTweakProperty(fallbackValue: -1, feature: "checkout", variable: "limit", tweakManager: manager)
        _title = OptionalTweakProperty(
            fallbackValue: nil, feature: "checkout", variable: "title", tweakManager: manager)
    }
}
