/// A provider whose values can be changed at run time: the override layer of a stack.
///
/// After every change a mutable provider posts ``TweakProviderDidChangeNotification``
/// synchronously, on the thread that made the change and outside any lock, with itself as the
/// notification's object and the changed tweak under ``TweakProviderDidChangeNotificationTweakKey``
/// (for a deletion, the tweak as it was before). ``removeAllValues()`` posts once per removed tweak.
public protocol MutableTweakProvider: TweakProvider {
    /// Stores `value` for the tweak, replacing any earlier value.
    func set(_ value: TweakValue, feature: String, variable: String)
    /// Removes the stored value, so that lower-priority providers answer again.
    func deleteValue(feature: String, variable: String)
    /// Removes every stored value.
    func removeAllValues()
}

extension MutableTweakProvider {
    /// Stores `value` of any ``TweakValueConvertible`` type (`Bool`, `Int`, `Double`, `Float`, `String`).
    public func set<Value: TweakValueConvertible>(_ value: Value, feature: String, variable: String) {
        set(value.tweakValue, feature: feature, variable: variable)
    }

    /// Switches `feature` on or off through its ``TweakManager/featureEnabledVariable`` tweak.
    public func setFeatureEnabled(_ enabled: Bool, feature: String) {
        set(.bool(enabled), feature: feature, variable: TweakManager.featureEnabledVariable)
    }
}
