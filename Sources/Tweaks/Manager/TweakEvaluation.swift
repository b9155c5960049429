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
    public var key: TweakKey { record.key }
    /// The read: what it decided, as the lookup left it, and its schema, which names and
    /// classifies its layers. The public properties are made from it when asked: making an
    /// evaluation (for every read a hook observes) copies no name, reason or list.
    let record: ReadRecord
    /// What the read decided.
    var report: LookupReport { record.report }
    /// The schema of the read.
    var schema: TweakSchema { record.schema }

    /// The evaluation of `record`'s read.
    init(_ record: ReadRecord) {
        self.record = record
    }

    /// The answer; `nil` when no layer gives a usable one.
    public var tweak: Tweak? {
        guard let flag = report.cachedFlag else { return report.tweak }
        return Tweak(feature: key.feature, variable: key.variable, value: .bool(flag))
    }
    /// The name of the answering layer: a provider's ``TweakProvider/name`` or ``TweakOverrides/source``.
    public var layer: String? { report.layer.map(schema.layerName) }
    /// Why the read answered as it did.
    public var reason: Reason { report.reason(schema: schema) }
    /// The name of the condition that decided the value (the variant), when conditional values did.
    public var condition: String? { report.condition?.name }
    /// The experiment the document names for ``condition`` (`"$experiments"`), when it names one.
    public var experiment: String? { report.condition?.experiment }
    /// The micro-percentiles of the percent conditions evaluated for the decision, by seed.
    public var microPercentiles: [TweakTargetingDecision.Percentile] {
        report.decided.map { $0.targeting.decision(for: record.decisionContext).microPercentiles } ?? []
    }
    /// The answers passed over before the winner (a value of another type, a failed decryption),
    /// highest priority first.
    public var passedOver: [TweakExplanation.ProviderAnswer] { report.passedOver?.map(\.answer) ?? [] }
    /// Why no usable value was found, when layers had the tweak but none could give it.
    public var failure: String? {
        guard record.failed, let failure = report.firstFailure else { return nil }
        return String(describing: failure)
    }

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
        evaluation(of: TweakKey(feature: feature, variable: variable))
    }

    /// ``evaluate(feature:variable:)`` of a key already made (the editor's rows).
    package func evaluation(of key: TweakKey) -> TweakEvaluation {
        // A report, not a read (no cache, log or hooks), that keeps no answer the evaluation does
        // not report. The schema and ambient context are the ones the walk uses: the thread's.
        var reportOnly: LookupTrace? = LookupTrace(asksEveryLayer: false, recordsAnswers: false)
        return ThreadLocalCaches.currentUnretained._withUnsafeGuaranteedRef { thread in
            let cache = threadCache(of: thread)
            return evaluate(key, trace: &reportOnly) { outcome in
                // The thread's last record, unless the caller still holds the evaluation made of it.
                let record = ReadRecord.make(
                    reusing: thread.spareRecord.take(), key: key, isFeatureFlag: false, boundContext: boundContext,
                    cache: cache, hints: nil)
                outcome.record(in: record)
                thread.spareRecord = record
                return TweakEvaluation(record)
            }
        }
    }
}
