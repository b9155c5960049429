/// What one read decided: the answer, the layer that gave it and why, the condition that decided
/// it, and the answers passed over on the way. Made by ``TweakManager/evaluate(feature:variable:)``
/// from the one evaluation every read goes through.
///
/// ```swift
/// let evaluation = manager.reading(for: user).evaluate(feature: "checkout", variable: "new_flow")
/// print(evaluation.tweak?.value, evaluation.reason, evaluation.condition ?? "default")
/// ```
public struct TweakEvaluation: Sendable, CustomStringConvertible {
    /// Why a read answered as it did, OpenFeature's resolution reasons as Tweaks decides them.
    /// Compare with the static members: more may be added.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        /// The reason's name, e.g. `TARGETING_MATCH`.
        package let name: String

        /// A test's task-local override, or a mutable (override) provider answered.
        public static let override = Reason(name: "OVERRIDE")
        /// A condition that is not a percent split decided the value, or a flagd targeting named
        /// the variant.
        public static let targetingMatch = Reason(name: "TARGETING_MATCH")
        /// A condition with a percent split decided the value (an experiment's variant), or a
        /// flagd `fractional` chose the variant's bucket.
        public static let split = Reason(name: "SPLIT")
        /// The provider that declares the tweak's type (the local defaults file) answered, or a
        /// flagd flag's targeting chose no variant and its default variant answered.
        public static let declaredDefault = Reason(name: "DEFAULT")
        /// Another provider answered with its plain value (a remote configuration, the
        /// environment, a flagd flag without targeting).
        public static let staticValue = Reason(name: "STATIC")
        /// No layer has the tweak (or a task-local override removes it).
        public static let notFound = Reason(name: "NOT_FOUND")
        /// Layers have the tweak, but none could give a usable value (``TweakEvaluation/failure``).
        public static let error = Reason(name: "ERROR")

        /// The reason's name, e.g. `TARGETING_MATCH`.
        public var description: String { name }
    }

    /// The tweak read.
    public let key: TweakKey
    /// The schema of the reading manager, which names and classifies its layers.
    let schema: TweakSchema
    /// What the read decided. The public properties are views of it, made when asked.
    private(set) var decision: TweakDecision

    init(key: TweakKey, schema: TweakSchema, decision: TweakDecision) {
        self.key = key
        self.schema = schema
        self.decision = decision
    }

    /// The decision, moved out rather than copied: an observed read returns what its hooks saw.
    mutating func takeDecision() -> TweakDecision { decision.take() }

    /// The answer; `nil` when no layer gives a usable one.
    public var tweak: Tweak? { decision.tweak }
    /// The name of the answering layer: a provider's ``TweakProvider/name`` or ``TweakOverrides/source``.
    public var layer: String? { decision.layer.map(schema.layerName) }
    /// Why the read answered as it did.
    public var reason: Reason { decision.reason(schema: schema) }
    /// The name of the condition that decided the value (the variant), when conditional values
    /// did; for a flagd flag, the variant its targeting (or default) chose.
    public var condition: String? { decision.targeting?.variant }
    /// The experiment the document names for ``condition`` (`"$experiments"`), when it names one.
    public var experiment: String? { decision.targeting?.condition?.experiment }
    /// The micro-percentiles of the percent conditions evaluated for the decision, by seed.
    package var microPercentiles: [TweakTargetingDecision.Percentile] {
        decision.targeting.map { $0.targeting.decision(for: $0.context).microPercentiles } ?? []
    }
    /// The answers passed over before the winner (a value of another type, a failed decryption),
    /// highest priority first.
    public var passedOver: [TweakExplanation.ProviderAnswer] { decision.passedOver?.map(\.answer) ?? [] }
    /// Why no usable value was found, when layers had the tweak but none could give it.
    public var failure: String? {
        guard decision.failed, let failure = decision.firstFailure else { return nil }
        return String(describing: failure)
    }

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
        evaluation(of: TweakKey(feature: feature, variable: variable))
    }

    /// ``evaluate(feature:variable:)`` of a key already made (the editor's rows).
    package func evaluation(of key: TweakKey) -> TweakEvaluation {
        // The schema is the one the walk uses: the thread's.
        let schema = threadSettings.schema
        return TweakEvaluation(key: key, schema: schema, decision: decision(of: key, purpose: .evaluation))
    }
}
