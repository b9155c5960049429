/// A targeting condition: Firebase Remote Config's condition model, evaluated locally.
///
/// Composite conditions short-circuit: `and` is true when every part is (an empty `and` is
/// true), `or` when one is (an empty `or` is false). Conditions nest at most
/// ``maximumNestingLevel`` levels as Firebase counts them (each `and`/`or` adds two); deeper ones,
/// and kinds this version does not know, are false.
indirect enum TargetingCondition: Sendable, Hashable {
    case and([TargetingCondition])
    case or([TargetingCondition])
    /// `true` or `false`.
    case constant(Bool)
    case percent(PercentCondition)
    case customSignal(CustomSignalCondition)
    /// A kind of condition this version does not know (its name): false.
    case unknown(String)
    /// True for exactly this context: the condition of an override for one context (tests).
    case sameContext(TweakContext)

    /// Firebase's recursion limit.
    static let maximumNestingLevel = 10

    /// Whether the condition holds for `context`; without one, percent and custom-signal
    /// conditions are false.
    func evaluate(_ context: TweakContext?) -> Bool {
        evaluate(context, nestingLevel: 0)
    }

    private func evaluate(_ context: TweakContext?, nestingLevel: Int) -> Bool {
        guard nestingLevel < Self.maximumNestingLevel else { return false }
        switch self {
        case .and(let parts): return parts.allSatisfy { $0.evaluate(context, nestingLevel: nestingLevel + 2) }
        case .or(let parts): return parts.contains { $0.evaluate(context, nestingLevel: nestingLevel + 2) }
        case .constant(let value): return value
        case .percent(let condition): return condition.evaluate(context)
        case .customSignal(let condition): return condition.evaluate(context)
        case .unknown: return false
        case .sameContext(let expected): return context == expected
        }
    }

    /// The seeds of the percent conditions inside, in order: what `explain` shows the
    /// micro-percentile of.
    var percentSeeds: [String] {
        switch self {
        case .and(let parts), .or(let parts): parts.flatMap(\.percentSeeds)
        case .percent(let condition): [condition.seed]
        default: []
        }
    }
}

/// A condition with the name tweaks refer to it by.
struct NamedCondition: Sendable, Hashable {
    let name: String
    let condition: TargetingCondition
    /// The experiment whose variant this condition is (`"$experiments"`); `nil` when none names it.
    var experiment: String? = nil

    /// Why a read this condition decided answered as it did: a split when it has a percent part.
    var reason: TweakEvaluation.Reason { condition.percentSeeds.isEmpty ? .targetingMatch : .split }
}
