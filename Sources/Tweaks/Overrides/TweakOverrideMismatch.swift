/// An override whose value has another type than the tweak it overrides: what strict mode
/// (``TweakOverrides/onTypeMismatch``) reports.
public struct TweakOverrideMismatch: Sendable, CustomStringConvertible {
    /// The overridden tweak's feature.
    public let feature: String
    /// The overridden tweak's variable.
    public let variable: String
    /// The override's value.
    public let overrideValue: TweakValue
    /// The declared tweak: the lowest-priority provider's, typically the local JSON default.
    public let declared: Tweak

    public var description: String {
        let shown = overrideValue.description
        return
            "override of \(feature).\(variable) is \(overrideValue.kind) \(shown), but \(declared.source ?? "its provider") declares \(declared.value.kind)"
    }
}
