/// A flagd flag's targeting with the variants it chooses from: what the manager's lookup decides
/// for each read's context, as flagd decides it.
///
/// The rule's value names the variant: a string is the variant's name, `true`/`false` the
/// variant named `"true"`/`"false"`, a number the variant named as JavaScript writes it; `null`
/// (or a rule that ran out of budget) picks the default variant, and without one the flag gives
/// no answer here (the next layer answers). A value that names no variant is a failure of the
/// layer, as flagd's evaluators report it.
final class FlagdRule: Sendable, Hashable {
    /// The flag's key in its document (`$flagd.flagKey`).
    let flagKey: String
    /// The variants' names, in document order.
    let variantNames: [String]
    /// The variants' values, by index.
    let variantValues: [TweakValue]
    /// The index of the default variant; `nil` when the flag has none.
    let defaultVariant: Int?
    /// The targeting, compiled.
    let expression: JSONLogicExpression
    /// Whether the flag's `state` is `DISABLED`: it answers nothing.
    let isDisabled: Bool
    /// The tweak each variant answers with, made once when the rule is given to its tweak
    /// (``bound(to:)``), so that a read allocates nothing.
    private let answers: [Tweak]

    init(
        flagKey: String, variantNames: [String], variantValues: [TweakValue], defaultVariant: Int?,
        expression: JSONLogicExpression, isDisabled: Bool = false, answers: [Tweak] = []
    ) {
        self.flagKey = flagKey
        self.variantNames = variantNames
        self.variantValues = variantValues
        self.defaultVariant = defaultVariant
        self.expression = expression
        self.isDisabled = isDisabled
        self.answers = answers
    }

    /// The same rule, with the answers of `base` (a tweak without targeting) made.
    func bound(to base: Tweak) -> FlagdRule {
        FlagdRule(
            flagKey: flagKey, variantNames: variantNames, variantValues: variantValues,
            defaultVariant: defaultVariant, expression: expression, isDisabled: isDisabled,
            answers: variantValues.map { base.resolved(to: $0) })
    }

    /// What the rule decides for `context`: a variant and why, none, or a failure (the reason).
    func decide(for context: TweakContext?) -> Result<FlagdDecision?, FlagdFailure> {
        if isDisabled { return .success(nil) }
        var evaluation = JSONLogicEvaluation(flagKey: flagKey, context: context)
        let value = evaluation.evaluate(expression)
        if case .null = value {
            return .success(defaultVariant.map { FlagdDecision(variant: $0, reason: .defaultVariant) })
        }
        guard let name = value.variantName else {
            let text = value.jsonText
            let shown = text.utf8.count <= 200 ? text : String(text.prefix(200)) + "…"
            return .failure(FlagdFailure(detail: "its flagd targeting gives \(shown), not a variant's name"))
        }
        guard let variant = Self.index(ofVariant: name, in: variantNames) else {
            return .failure(
                FlagdFailure(
                    detail: "its flagd targeting names the variant \"\(name)\", which the flag does not define"))
        }
        return .success(FlagdDecision(variant: variant, reason: evaluation.choseBucket ? .split : .targetingMatch))
    }

    /// The index of the variant named `name` in `names`, compared byte for byte as flagd compares
    /// names (never by Unicode equivalence); `nil` when none is.
    static func index(ofVariant name: String, in names: [String]) -> Int? {
        names.firstIndex { $0.utf8.elementsEqual(name.utf8) }
    }

    /// The tweak `tweak` (whose rule this is) answers with for `decision`.
    func answer(of tweak: Tweak, for decision: FlagdDecision) -> Tweak {
        if answers.count == variantValues.count { return tweak.resolved(toPrepared: answers[decision.variant]) }
        return tweak.resolved(to: variantValues[decision.variant])
    }

    static func == (lhs: FlagdRule, rhs: FlagdRule) -> Bool {
        lhs === rhs
            || (lhs.flagKey == rhs.flagKey && lhs.variantNames == rhs.variantNames
                && lhs.variantValues == rhs.variantValues && lhs.defaultVariant == rhs.defaultVariant
                && lhs.expression == rhs.expression && lhs.isDisabled == rhs.isDisabled)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(flagKey)
        hasher.combine(variantNames)
        hasher.combine(variantValues)
    }
}

/// The variant a flag's rule chose for one read, and why.
struct FlagdDecision: Sendable, Hashable {
    /// Why the rule chose its variant: flagd's resolution reasons.
    enum Reason: Sendable, Hashable {
        /// The targeting named the variant (`TARGETING_MATCH`).
        case targetingMatch
        /// A `fractional` chose the variant's bucket on the way (`SPLIT`).
        case split
        /// The targeting gave `null`: the default variant (`DEFAULT`).
        case defaultVariant

        /// The reason as evaluations report it.
        var evaluationReason: TweakEvaluation.Reason {
            switch self {
            case .targetingMatch: .targetingMatch
            case .split: .split
            case .defaultVariant: .declaredDefault
            }
        }
    }

    /// The index of the variant in the rule's ``FlagdRule/variantNames``.
    let variant: Int
    let reason: Reason
}

/// A flag's rule gave a value that names none of its variants: the layer has no usable answer.
struct FlagdFailure: Error, Sendable {
    let detail: String
}
