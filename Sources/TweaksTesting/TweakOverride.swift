public import Tweaks

/// One flag override for a test: a value, a feature switched on or off, or a tweak removed.
///
/// ```swift
/// try withTweakOverrides(.set("checkout", "new_flow", true), .featureEnabled("promotions", false)) {
///     …
/// }
/// ```
public struct TweakOverride: Sendable {
    enum Change: Sendable {
        case value(TweakValue)
        case contextValue(TweakValue, TweakContext)
        case removed
    }

    let feature: String
    let variable: String
    let change: Change

    /// Reads of `feature.variable` answer `value` (`true`, `42`, `1.5`, `"text"` are literals).
    public static func set(_ feature: String, _ variable: String, _ value: TweakValue) -> Self {
        Self(feature: feature, variable: variable, change: .value(value))
    }

    /// Reads of `feature.variable` for `context` answer `value`; reads for other contexts answer
    /// as without this override.
    public static func set(_ feature: String, _ variable: String, _ value: TweakValue, for context: TweakContext)
        -> Self
    {
        Self(feature: feature, variable: variable, change: .contextValue(value, context))
    }

    /// Reads of `feature.variable` answer `value`: a `Bool`, `Int`, `Double`, `Float` or `String`
    /// variable (`.set("checkout", "limit", limit)`).
    public static func set<Value: TweakValueConvertible>(_ feature: String, _ variable: String, _ value: Value) -> Self
    {
        set(feature, variable, value.tweakValueRepresentation)
    }

    /// Reads of `feature.variable` answer `value`'s raw value (`.set("ui", "theme", Theme.dark)`).
    public static func set<Value: RawRepresentable & Sendable>(_ feature: String, _ variable: String, _ value: Value)
        -> Self where Value.RawValue: TweakValueConvertible
    {
        set(feature, variable, value.rawValue.tweakValueRepresentation)
    }

    /// `TweakManager.isFeatureEnabled(_:)` answers `enabled` for `feature`.
    public static func featureEnabled(_ feature: String, _ enabled: Bool) -> Self {
        set(feature, TweakManager.featureEnabledVariable, .bool(enabled))
    }

    /// Reads of `feature.variable` answer "not found", whatever the providers hold.
    public static func removed(_ feature: String, _ variable: String) -> Self {
        Self(feature: feature, variable: variable, change: .removed)
    }
}

extension TweakOverrides {
    /// `overrides` applied in order (a later override of the same tweak wins), for every manager
    /// or only for `manager`.
    init(_ overrides: [TweakOverride], in manager: TweakManager?) {
        self.init()
        for override in overrides {
            switch override.change {
            case .value(let value):
                set(value, feature: override.feature, variable: override.variable, in: manager)
            case .contextValue(let value, let context):
                set(value, feature: override.feature, variable: override.variable, for: context, in: manager)
            case .removed:
                remove(feature: override.feature, variable: override.variable, in: manager)
            }
        }
    }
}
