/// What one read decided: the answer, the layer that gave it and why, the condition that decided
/// it, and the answers passed over on the way. Made by ``TweakManager/evaluate(feature:variable:)``
/// from the one evaluation every read goes through.
///
/// ```swift
/// let evaluation = manager.reading(for: user).evaluate(feature: "checkout", variable: "new_flow")
/// print(evaluation.value, evaluation.reason, evaluation.condition ?? "default")
/// ```
public struct TweakEvaluation: Sendable, CustomStringConvertible {
    /// Why a read answered as it did, OpenFeature's resolution reasons as Tweaks decides them.
    /// Compare with the static members: more may be added.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        /// The reason's name, e.g. `TARGETING_MATCH`.
        public let name: String

        /// A test's task-local override, or a mutable (override) provider answered.
        public static let override = Reason(name: "OVERRIDE")
        /// A condition that is not a percent split decided the value.
        public static let targetingMatch = Reason(name: "TARGETING_MATCH")
        /// A condition with a percent split decided the value (an experiment's variant).
        public static let split = Reason(name: "SPLIT")
        /// The provider that declares the tweak's type (the local defaults file) answered.
        public static let declaredDefault = Reason(name: "DEFAULT")
        /// Another provider answered with its plain value (a remote configuration, the environment).
        public static let staticValue = Reason(name: "STATIC")
        /// No layer has the tweak (or a task-local override removes it).
        public static let notFound = Reason(name: "NOT_FOUND")
        /// Layers have the tweak, but none could give a usable value (``TweakEvaluation/failure``).
        public static let error = Reason(name: "ERROR")
        /// An ``TweakManager/isFeatureEnabled(_:)`` read answered from the cache, which keeps the
        /// answer but not the layer that gave it (what a hook sees of such a read).
        public static let cached = Reason(name: "CACHED")

        /// ``name``.
        public var description: String { name }
    }

    /// The tweak read.
    public let key: TweakKey
    /// The answer; `nil` when no layer gives a usable one.
    public let tweak: Tweak?
    /// The name of the answering layer: a provider's ``TweakProvider/name`` or ``TweakOverrides/source``.
    public let layer: String?
    /// Why the read answered as it did.
    public let reason: Reason
    /// The name of the condition that decided the value (the variant), when conditional values did.
    public let condition: String?
    /// The experiment the document names for ``condition`` (`"$experiments"`), when it names one.
    public let experiment: String?
    /// The micro-percentiles of the percent conditions evaluated for the decision, by seed.
    public let microPercentiles: [TweakTargetingDecision.Percentile]
    /// The answers passed over before the winner (a value of another type, a failed decryption),
    /// highest priority first.
    public let passedOver: [TweakExplanation.ProviderAnswer]
    /// Why no usable value was found, when layers had the tweak but none could give it.
    public let failure: String?

    /// The answer's value.
    public var value: TweakValue? { tweak?.value }

    /// `checkout.new_flow = true (remote, TARGETING_MATCH "beta")`.
    public var description: String {
        let answer = tweak.map(\.quotedDisplayValue) ?? "no value"
        let decided = condition.map { " \"\($0)\"" } ?? ""
        return "\(key) = \(answer) (\(layer ?? "no layer"), \(reason)\(decided))"
    }
}

extension TweakManager {
    /// Reads the tweak as every read does — the same evaluation, with the cache left out — and
    /// reports what it decided: the answer, the answering layer, the reason, the deciding
    /// condition and micro-percentiles, and the answers passed over.
    public func evaluate(feature: String, variable: String) -> TweakEvaluation {
        let key = TweakKey(feature: feature, variable: variable)
        // A report, not a read (no cache, log or hooks), that keeps no answer the evaluation does
        // not report.
        var reportOnly: LookupTrace? = LookupTrace(asksEveryLayer: false, recordsAnswers: false)
        return evaluate(key, trace: &reportOnly) {
            evaluation(
                of: $0, key: key, context: ReadContext(bound: boundContext, ambient: context), schema: schema)
        }
    }

    /// What `outcome`, a read for `context`, decided: what hooks see and
    /// ``evaluate(feature:variable:)`` reports.
    func evaluation(
        of outcome: borrowing LookupOutcome, key: TweakKey, context: ReadContext, schema: TweakSchema
    ) -> TweakEvaluation {
        let report = outcome.report
        if let flag = report.cachedFlag {
            return TweakEvaluation(
                key: key, tweak: Tweak(feature: key.feature, variable: key.variable, value: .bool(flag)), layer: nil,
                reason: .cached, condition: nil, experiment: nil, microPercentiles: [], passedOver: [], failure: nil)
        }
        let condition = report.condition
        return TweakEvaluation(
            key: key, tweak: report.tweak,
            layer: report.layer.map { $0 < 0 ? TweakOverrides.source : schema.providerNames[$0] },
            reason: report.reason(schema: schema), condition: condition?.name, experiment: condition?.experiment,
            microPercentiles: report.decided.map { $0.targeting.decision(for: context.value).microPercentiles } ?? [],
            passedOver: report.passedOver?.map(\.answer) ?? [],
            failure: report.tweak == nil ? report.firstFailure.map { String(describing: $0) } : nil)
    }
}
