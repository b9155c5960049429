/// A tweak's conditional values, which any provider can give (``Tweak/with(conditionalValues:)``):
/// the manager's lookup decides them for the read's context by Firebase's rule — the value of the
/// first true condition, in order, else the default.
///
/// ```swift
/// let tweak = Tweak(feature: "checkout", variable: "new_flow", value: false).with(
///     conditionalValues: TweakConditionalValues(
///         [.init(name: "beta", condition: beta, value: true)], default: false))
/// ```
///
/// A value of `nil` is "no answer here" (Firebase's `useInAppDefault`): the provider does not
/// answer for that context, and the next layer does. What a read decided shows in
/// ``TweakManager/explain(feature:variable:as:)`` and ``TweakManager/evaluate(feature:variable:)``.
public struct TweakConditionalValues: Sendable, Hashable {
    /// A named condition and the tweak's value when it is the first true one.
    public struct Branch: Sendable, Hashable {
        let name: String
        let condition: TweakCondition
        let value: TweakValue?

        /// A branch named `name` (what `explain` shows as the deciding condition, the variant):
        /// `value` when `condition` is the first true one (`nil`: no answer, the next layer answers).
        public init(name: String, condition: TweakCondition, value: TweakValue?) {
            self.name = name
            self.condition = condition
            self.value = value
        }
    }

    let targeting: TweakTargeting

    /// `branches` in the order they are decided, with the value of a context for which none is
    /// true (`nil`: no answer).
    public init(_ branches: [Branch], default defaultValue: TweakValue?) {
        targeting = TweakTargeting(
            branches: branches.map {
                TweakTargeting.Branch(
                    condition: NamedCondition(name: $0.name, condition: $0.condition.condition), value: $0.value)
            }, defaultValue: defaultValue)
    }
}

extension Tweak {
    /// A copy with `conditionalValues` (`nil`: none), decided by the manager's lookup for each
    /// read's context.
    public func with(conditionalValues: TweakConditionalValues?) -> Tweak {
        with(targeting: conditionalValues?.targeting)
    }
}
