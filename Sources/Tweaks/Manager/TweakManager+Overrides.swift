extension TweakManager {
    /// The answer of a task-local override, reported to ``TweakOverrides/onTypeMismatch`` first
    /// when it has another type than the tweak it overrides.
    func overriddenTweak(_ entry: TweakOverrides.Entry, key: TweakKey, overrides: TweakOverrides) -> Tweak? {
        guard case .value(let tweak) = entry else { return nil }
        if let onTypeMismatch = overrides.onTypeMismatch, let declared = declaredTweak(key),
            !declared.value.isCompatible(with: tweak.value.kind)
        {
            onTypeMismatch(
                TweakOverrideMismatch(
                    feature: key.feature, variable: key.variable, overrideValue: tweak.value, declared: declared))
        }
        return tweak
    }

    /// A task-local override's opinion on `feature`: `nil` when its `enabled` tweak is not
    /// overridden, `false` when it is removed (no provider has an opinion then).
    func overriddenFeatureEnabled(_ feature: String, overrides: TweakOverrides) -> Bool? {
        let key = TweakKey(feature: feature, variable: Self.featureEnabledVariable)
        guard let entry = overrides.entry(for: key, in: self) else { return nil }
        guard let tweak = overriddenTweak(entry, key: key, overrides: overrides) else { return false }
        if let enabled = tweak.value.boolValue { return enabled }
        logClosure?(
            "feature \(feature): the override's opinion is passed over: \(tweak.value.kind) is not bool", .error)
        return nil
    }

    /// The tweak as the lowest-priority provider that has it declares it: the default a stack
    /// falls back to, typically from the local JSON file.
    private func declaredTweak(_ key: TweakKey) -> Tweak? {
        for lookup in lookups.reversed() {
            if let tweak = try? lookup.tweak(for: key) { return tweak }
        }
        return nil
    }
}
