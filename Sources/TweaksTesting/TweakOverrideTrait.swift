public import Testing
public import Tweaks

/// A Swift Testing trait that runs a test, or every test of a suite, with flag overrides.
///
/// ```swift
/// @Test(.tweak("checkout", "new_flow", true), .tweakFeature("promotions", enabled: false))
/// func newCheckout() { … }
///
/// @Suite(.tweak("ui_customization", "label_text", "Test"))
/// struct LabelTests { … }  // every test sees the override; a test's own traits win over the suite's
/// ```
///
/// The single-override traits take a `TweakValue`; `.tweaks(.set(…))` (with ``TweakOverride``'s
/// typed `set`) also takes a `Bool`, `Int`, `Double`, `Float`, `String` or enum variable.
public struct TweakOverrideTrait: TestTrait, SuiteTrait, TestScoping {
    let overrides: [TweakOverride]
    let isStrict: Bool

    /// Suite traits apply to every test of the suite.
    public var isRecursive: Bool { true }

    /// Runs `function` with the trait's overrides in effect, in strict mode when asked.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TweakOverrides(overrides, in: nil).strict(isStrict, at: test.sourceLocation).withScope {
            try await function()
        }
    }
}

extension Trait where Self == TweakOverrideTrait {
    /// Reads of `feature.variable` answer `value` during the test.
    public static func tweak(_ feature: String, _ variable: String, _ value: TweakValue) -> Self {
        Self(overrides: [.set(feature, variable, value)], isStrict: false)
    }

    /// `TweakManager.isFeatureEnabled(_:)` answers `enabled` for `feature` during the test.
    public static func tweakFeature(_ feature: String, enabled: Bool) -> Self {
        Self(overrides: [.featureEnabled(feature, enabled)], isStrict: false)
    }

    /// Reads of `feature.variable` answer "not found" during the test.
    public static func tweakRemoved(_ feature: String, _ variable: String) -> Self {
        Self(overrides: [.removed(feature, variable)], isStrict: false)
    }

    /// Several overrides at once; with `strict`, an override whose type differs from the tweak's
    /// declared type, or of a tweak no provider declares, fails the test when it is read; the
    /// issue points at the test.
    public static func tweaks(_ overrides: TweakOverride..., strict: Bool = false) -> Self {
        Self(overrides: overrides, isStrict: strict)
    }
}
