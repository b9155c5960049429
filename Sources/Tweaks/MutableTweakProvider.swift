/// A provider whose values can be changed at run time: the override layer of a stack.
///
/// Writes throw when they cannot be made (a file that cannot be written, say); a write that
/// returns has been stored. After every change a mutable provider announces it with
/// ``TweakProvider/postDidChange(_:)``, outside any lock: one change event per call, naming the
/// tweaks it changed (for a deletion, the tweak as it was before).
public protocol MutableTweakProvider: TweakProvider {
    /// Stores `value` for the tweak, replacing any earlier value.
    func set(_ value: TweakValue, feature: String, variable: String) throws
    /// Removes the stored value, so that lower-priority providers answer again.
    func deleteValue(feature: String, variable: String) throws
    /// Removes every stored value. By default, deletes each of ``TweakProvider/knownTweaks``.
    func removeAllValues() throws
    /// Stores every value of `values`, replacing earlier ones; with `removingOthers`, every other
    /// stored value is removed. A provider that persists its values writes them once for the
    /// whole batch and announces one change naming every tweak changed. By default,
    /// ``removeAllValues()`` (with `removingOthers`) then ``set(_:feature:variable:)`` for each
    /// value.
    func setValues(_ values: [TweakKey: TweakValue], removingOthers: Bool) throws
}

extension MutableTweakProvider {
    /// Deletes each of ``TweakProvider/knownTweaks``.
    public func removeAllValues() throws {
        for tweak in knownTweaks { try deleteValue(feature: tweak.feature, variable: tweak.variable) }
    }

    /// ``removeAllValues()`` when `removingOthers`, then ``set(_:feature:variable:)`` for each
    /// of `values`, in the order of their keys.
    public func setValues(_ values: [TweakKey: TweakValue], removingOthers: Bool) throws {
        if removingOthers { try removeAllValues() }
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            try set(value, feature: key.feature, variable: key.variable)
        }
    }

    /// Stores `value` of any ``TweakValueConvertible`` type (`Bool`, `Int`, `Double`, `Float`, `String`).
    public func set<Value: TweakValueConvertible>(_ value: Value, feature: String, variable: String) throws {
        try set(value.tweakValueRepresentation, feature: feature, variable: variable)
    }

    /// Switches `feature` on or off through its `enabled` tweak.
    package func setFeatureEnabled(_ enabled: Bool, feature: String) throws {
        try set(.bool(enabled), feature: feature, variable: TweakManager.featureEnabledVariable)
    }
}
