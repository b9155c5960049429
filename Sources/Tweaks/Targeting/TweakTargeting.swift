/// A tweak's conditional values, in the document's order of conditions: a lookup gives the value
/// of the first condition that is true for the read's context, else the default — or, for a flagd
/// flag, the variant its rule chooses (``flagd``).
///
/// Firebase's rule: the order is the document's order of *conditions*, not the order in which the
/// tweak lists its values. A value of `nil` is "no answer here" (Firebase's `useInAppDefault`):
/// the provider does not answer for that context and the next layer does.
package final class TweakTargeting: Sendable, Hashable {
    /// A condition and the tweak's value when it is the first true one.
    struct Branch: Sendable, Hashable {
        let condition: NamedCondition
        /// `nil`: no answer (the next layer answers).
        let value: TweakValue?
    }

    /// The branches, in the document's order of conditions.
    let branches: [Branch]
    /// The value when no condition is true; `nil`: no answer.
    package let defaultValue: TweakValue?
    /// A flagd flag's rule, which decides when no branch does (instead of ``defaultValue``).
    let flagd: FlagdRule?
    /// The tweak each branch answers with (then the default's), made once when the targeting is
    /// given to its tweak (``bound(to:)``), so that a read allocates nothing.
    private let answers: [Tweak?]

    init(branches: [Branch], defaultValue: TweakValue?, flagd: FlagdRule? = nil) {
        self.branches = branches
        self.defaultValue = defaultValue
        self.flagd = flagd
        self.answers = []
    }

    private init(branches: [Branch], defaultValue: TweakValue?, flagd: FlagdRule?, answers: [Tweak?]) {
        self.branches = branches
        self.defaultValue = defaultValue
        self.flagd = flagd
        self.answers = answers
    }

    /// The same conditional values, with the answers of `base` (a tweak without targeting) made.
    func bound(to base: Tweak) -> TweakTargeting {
        let values = branches.map(\.value) + [defaultValue]
        return TweakTargeting(
            branches: branches, defaultValue: defaultValue, flagd: flagd?.bound(to: base),
            answers: values.map { value in value.map { base.resolved(to: $0) } })
    }

    /// What `tweak` (whose targeting this is) answers for `context`, and what decided it; `nil`:
    /// no answer here.
    ///
    /// - Throws: ``FlagdFailure`` when a flagd rule names a variant its flag does not have.
    func answer(of tweak: Tweak, for context: TweakContext?) throws(FlagdFailure) -> (Tweak, TargetingOutcome)? {
        let index = branches.firstIndex { $0.condition.condition.evaluate(context) }
        if index == nil, let flagd {
            switch flagd.decide(for: context) {
            case .success(let decision?): return (flagd.answer(of: tweak, for: decision), .flagd(decision))
            case .success(nil): return nil
            case .failure(let failure): throw failure
            }
        }
        let outcome = index.map(TargetingOutcome.branch) ?? .defaultValue
        let slot = index ?? branches.count
        if answers.count == branches.count + 1, let answer = answers[slot] {
            return (tweak.resolved(toPrepared: answer), outcome)
        }
        let value = index.map { branches[$0].value } ?? defaultValue
        return value.map { (tweak.resolved(to: $0), outcome) }
    }

    /// What the branches decide for `context`: the deciding branch's index (`nil` for the
    /// default) and value; a flagd rule is not asked.
    func decide(for context: TweakContext?) -> (branch: Int?, value: TweakValue?) {
        guard let index = branches.firstIndex(where: { $0.condition.condition.evaluate(context) }) else {
            return (nil, defaultValue)
        }
        return (index, branches[index].value)
    }

    /// The decision for `context` as `explain` shows it.
    func decision(for context: TweakContext?) -> TweakTargetingDecision {
        let (index, value) = decide(for: context)
        let evaluated = branches.prefix(index.map { $0 + 1 } ?? branches.count)
        var percentiles: [TweakTargetingDecision.Percentile] = []
        if let context {
            for seed in evaluated.flatMap(\.condition.condition.percentSeeds)
            where !percentiles.contains(where: { $0.seed == seed }) {
                if let value = context.microPercentile(seed: seed) {
                    percentiles.append(.init(seed: seed, value: value))
                }
            }
        }
        if index == nil, let flagd {
            switch flagd.decide(for: context) {
            case .success(let decision?):
                return TweakTargetingDecision(
                    condition: flagd.variantNames[decision.variant], answers: true, hasContext: context != nil,
                    microPercentiles: percentiles, flagd: .chose(decision.reason))
            case .success(nil):
                return TweakTargetingDecision(
                    condition: nil, answers: false, hasContext: context != nil, microPercentiles: percentiles,
                    flagd: flagd.isDisabled ? .disabled : .noVariant)
            case .failure(let failure):
                return TweakTargetingDecision(
                    condition: failure.detail, answers: false, hasContext: context != nil,
                    microPercentiles: percentiles,
                    flagd: .failed)
            }
        }
        return TweakTargetingDecision(
            condition: index.map { branches[$0].condition.name }, answers: value != nil, hasContext: context != nil,
            microPercentiles: percentiles)
    }

    package static func == (lhs: TweakTargeting, rhs: TweakTargeting) -> Bool {
        lhs === rhs || (lhs.branches == rhs.branches && lhs.defaultValue == rhs.defaultValue && lhs.flagd == rhs.flagd)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(branches)
        hasher.combine(defaultValue)
        hasher.combine(flagd)
    }
}

/// What a tweak's targeting decided for one read.
enum TargetingOutcome: Sendable {
    /// The condition of the branch at this index was the first true one.
    case branch(Int)
    /// No condition was true: the default answered.
    case defaultValue
    /// A flagd flag's rule chose a variant.
    case flagd(FlagdDecision)
}

/// Which of a tweak's conditional values a lookup chose, and why: part of a
/// ``TweakExplanation``.
package struct TweakTargetingDecision: Sendable, Hashable, CustomStringConvertible {
    /// A percent condition's seed and where the context's randomization id falls for it.
    package struct Percentile: Sendable, Hashable {
        /// The seed of the percent condition.
        package let seed: String
        /// The micro-percentile (`0..<100_000_000`) of the randomization id for the seed.
        package let value: UInt32
    }

    /// The name of the condition that decided (`nil` when none was true and the default decided);
    /// for a flagd flag, the variant its rule chose, or why the rule failed (``FlagdOutcome/failed``).
    package let condition: String?
    /// Whether the decided value is an answer; `false` for "no answer here" (Firebase's
    /// `useInAppDefault`), when the next layer answers.
    package let answers: Bool
    /// Whether the read had a context; without one, percent and custom-signal conditions are false.
    let hasContext: Bool
    /// The micro-percentiles of the percent conditions that were evaluated, by seed.
    package let microPercentiles: [Percentile]
    /// What a flagd flag's rule did; `nil` for conditional values. One byte, beside the flags
    /// above: every read that explains nothing still carries this value.
    var flagd: FlagdOutcome? = nil

    /// What a flagd flag's rule did, as `explain` shows it.
    enum FlagdOutcome: Sendable, Hashable {
        /// It chose ``TweakTargetingDecision/condition``, the variant, for this reason.
        case chose(FlagdDecision.Reason)
        /// It chose no variant and the flag has no default variant.
        case noVariant
        /// The flag is `DISABLED`.
        case disabled
        /// Its targeting named no variant of the flag; ``TweakTargetingDecision/condition`` says why.
        case failed
    }

    /// `condition "beta" (seed "s": micro-percentile 9571542)`, or `default (no condition is true)`;
    /// for a flagd flag, `variant "on" (TARGETING_MATCH)`.
    package var description: String {
        switch flagd {
        case .chose(let reason)?: return "variant \"\(condition ?? "")\" (\(reason.evaluationReason))"
        case .noVariant?: return "no variant chosen and the flagd flag has no default variant: no answer here"
        case .disabled?: return "the flagd flag is DISABLED: no answer here"
        case .failed?: return "flagd targeting failed: \(condition ?? "")"
        case nil: break
        }
        var text =
            condition.map { "condition \"\($0)\"" }
            ?? "default (no condition is true\(hasContext ? "" : "; no context"))"
        if !microPercentiles.isEmpty {
            text += " ["
            text += microPercentiles.map { "seed \"\($0.seed)\": micro-percentile \($0.value)" }.joined(separator: ", ")
            text += "]"
        }
        if !answers { text += ": no answer here (in-app default)" }
        return text
    }
}

/// One conditional value of a tweak, as a catalog shows it.
package struct TweakConditionalValue: Sendable, Hashable, CustomStringConvertible {
    /// The condition's name; for a flagd flag's variant (``isVariant``), the variant's name.
    package let condition: String
    /// The value when the condition is the first true one; `nil`: no answer (the next provider answers).
    package let value: TweakValue?
    /// Whether this is a flagd flag's variant, which its rule chooses, rather than a condition's value.
    package var isVariant = false

    /// `if beta: true`, `if beta: (in-app default)`, or a flagd variant's `variant "on": true`.
    package var description: String {
        let value = value?.description ?? "(in-app default)"
        return isVariant ? "variant \(TweakValue.string(condition).jsonText): \(value)" : "if \(condition): \(value)"
    }

    /// The conditional values of `targeting`, in its document's order of conditions; a flagd
    /// flag's variants after them.
    static func all(_ targeting: TweakTargeting) -> [TweakConditionalValue] {
        let variants = targeting.flagd.map { rule in
            zip(rule.variantNames, rule.variantValues).map {
                TweakConditionalValue(condition: $0, value: $1, isVariant: true)
            }
        }
        return targeting.branches.map { TweakConditionalValue(condition: $0.condition.name, value: $0.value) }
            + (variants ?? [])
    }
}
