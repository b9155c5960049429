/// What `$property` gives for a tweak property wrapper: the resolved tweak, an explanation, and
/// the property's value now and after every change.
public struct TweakPropertyProjection<Value>: Sendable {
    /// The feature of the property's tweak.
    package let feature: String
    /// The variable of the property's tweak.
    package let variable: String
    /// The manager the property reads from and writes to.
    package let manager: TweakManager
    let explain: @Sendable () -> TweakExplanation
    let read: @Sendable () -> Value

    /// The tweak as the manager resolves it.
    /// - Throws: what ``TweakManager/tweakWith(feature:variable:)`` throws.
    public func resolvedTweak() throws -> Tweak {
        try manager.tweakWith(feature: feature, variable: variable)
    }

    /// Every provider's answer, and whether the winning value has the property's type.
    public var explanation: TweakExplanation { explain() }

    /// The property's value now, then after each change to the tweak, read with the property's
    /// own rules (fallback, type checks).
    public var updates: AsyncMapSequence<TypedTweakValueUpdates<TweakValue>, Value> {
        let read = self.read
        return manager.values(feature: feature, variable: variable).map { _ in read() }
    }
}
