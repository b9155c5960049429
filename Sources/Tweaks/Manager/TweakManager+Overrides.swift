extension TweakManager {
    /// Strict mode: reports a task-local override to ``TweakOverrides/onTypeMismatch`` when its
    /// value has another type than the tweak it overrides (the declared default), or when no
    /// provider declares the tweak at all.
    func reportMismatch(of entry: TweakOverrides.Entry, key: TweakKey, overrides: TweakOverrides) {
        guard let onTypeMismatch = overrides.onTypeMismatch, case .value(let tweak) = entry else { return }
        let editable = editableTweak(feature: key.feature, variable: key.variable)
        if let editable, editable.type.violation(by: tweak.value) == nil { return }
        onTypeMismatch(
            TweakOverrideMismatch(
                feature: key.feature, variable: key.variable, overrideValue: tweak.value,
                declared: editable?.declaration))
    }
}
