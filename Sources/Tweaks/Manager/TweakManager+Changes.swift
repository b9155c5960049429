extension TweakManager {
    /// Stores `value` in the highest-priority mutable provider (``mutableTweakProvider``): an override.
    /// - Throws: ``TweakManagerError/noMutableProvider(feature:variable:)`` when there is none, or
    ///   the provider's error when it cannot store the value.
    public func set(_ value: TweakValue, feature: String, variable: String) throws {
        let provider = try writableProvider(feature: feature, variable: variable)
        defer { resetCache() }
        try provider.set(value, feature: feature, variable: variable)
    }

    /// Stores `value` of any ``TweakValueConvertible`` type (`Bool`, `Int`, `Double`, `Float`, `String`).
    public func set<Value: TweakValueConvertible>(_ value: Value, feature: String, variable: String) throws {
        try set(value.tweakValueRepresentation, feature: feature, variable: variable)
    }

    /// Switches `feature` on or off in the override layer (its `enabled` tweak).
    public func setFeatureEnabled(_ enabled: Bool, feature: String) throws {
        try set(.bool(enabled), feature: feature, variable: Self.featureEnabledVariable)
    }

    /// Removes the override, so that lower-priority providers answer again.
    /// - Throws: ``TweakManagerError/noMutableProvider(feature:variable:)`` when there is no mutable
    ///   provider, or the provider's error when it cannot remove the value.
    public func deleteValue(feature: String, variable: String) throws {
        let provider = try writableProvider(feature: feature, variable: variable)
        defer { resetCache() }
        try provider.deleteValue(feature: feature, variable: variable)
    }

    /// Removes every value of the highest-priority mutable provider; does nothing without one.
    /// - Throws: the provider's error when it cannot remove them.
    public func removeAllOverrides() throws {
        defer { resetCache() }
        try mutableTweakProvider?.removeAllValues()
    }

    private func writableProvider(feature: String, variable: String) throws -> any MutableTweakProvider {
        guard let mutableTweakProvider else {
            logClosure?("cannot change \(feature).\(variable): no mutable provider", .error)
            throw TweakManagerError.noMutableProvider(feature: feature, variable: variable)
        }
        return mutableTweakProvider
    }
}
