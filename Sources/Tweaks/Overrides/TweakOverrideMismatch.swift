/// An override whose value has another type than the tweak it overrides, or that overrides a tweak
/// no provider declares (a typo, or a tweak removed from the defaults file): what strict mode
/// (``TweakOverrides/onTypeMismatch``) reports.
package struct TweakOverrideMismatch: Sendable, CustomStringConvertible, CustomReflectable {
    /// The overridden tweak's feature.
    package let feature: String
    /// The overridden tweak's variable.
    package let variable: String
    /// The override's value.
    package let overrideValue: TweakValue
    /// The declared tweak: the lowest-priority provider's, typically the local JSON default;
    /// `nil` when no provider has the tweak.
    package let declared: Tweak?

    /// The mismatch in words; the override's value is redacted when the declared tweak is
    /// encrypted (an override of a secret is a secret too).
    package var description: String {
        guard let declared else {
            return
                "override of \(feature).\(variable) is \(overrideValue.kind.rawValue) \(shownValue), but no provider declares \(feature).\(variable) (a typo, or a tweak that was removed?)"
        }
        return
            "override of \(feature).\(variable) is \(overrideValue.kind.rawValue) \(shownValue), but \(declared.source ?? "its provider") declares \(declared.value.kind.rawValue)"
    }

    /// A mirror with the same redaction, so that `dump(_:)` cannot reveal a secret either.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "feature": feature, "variable": variable, "overrideValue": shownValue, "declared": declared as Any,
            ])
    }

    private var shownValue: String { declared?.isEncrypted == true ? "<encrypted>" : overrideValue.description }
}
