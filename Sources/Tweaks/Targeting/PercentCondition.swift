/// A percent condition: true for the share of randomization ids whose micro-percentile (see
/// `TweakContext.microPercentile(seed:)`) is in a range. False without a randomization id.
struct PercentCondition: Sendable, Hashable {
    /// How the micro-percentile is compared.
    enum Operator: Sendable, Hashable {
        /// `LESS_OR_EQUAL`: micro-percentile ≤ `microPercent`.
        case lessOrEqual
        /// `GREATER_THAN`: micro-percentile > `microPercent`.
        case greaterThan
        /// `BETWEEN`: lower bound < micro-percentile ≤ upper bound.
        case between
        /// An operator this version does not know (its name): always false.
        case unknown(String)

        /// The operator named `name` in Firebase's spelling.
        init(name: String) {
            switch name {
            case "LESS_OR_EQUAL": self = .lessOrEqual
            case "GREATER_THAN": self = .greaterThan
            case "BETWEEN": self = .between
            default: self = .unknown(name)
            }
        }

        /// The operator's name in Firebase's spelling.
        var name: String {
            switch self {
            case .lessOrEqual: "LESS_OR_EQUAL"
            case .greaterThan: "GREATER_THAN"
            case .between: "BETWEEN"
            case .unknown(let name): name
            }
        }
    }

    var `operator`: Operator
    /// Hashed before the id, with a dot; an empty seed hashes the id alone.
    var seed: String = ""
    /// The bound of `LESS_OR_EQUAL` and `GREATER_THAN`; 0 when absent, as in Firebase.
    var microPercent: UInt32 = 0
    /// The exclusive lower bound of `BETWEEN`; 0 when absent.
    var lowerBound: UInt32 = 0
    /// The inclusive upper bound of `BETWEEN`; 0 when absent.
    var upperBound: UInt32 = 0

    /// Whether `microPercentile` is in the condition's range.
    func matches(microPercentile: UInt32) -> Bool {
        switch `operator` {
        case .lessOrEqual: microPercentile <= microPercent
        case .greaterThan: microPercentile > microPercent
        case .between: microPercentile > lowerBound && microPercentile <= upperBound
        case .unknown: false
        }
    }

    /// Whether the condition holds for `context`: false without a randomization id or with an
    /// unknown operator.
    func evaluate(_ context: TweakContext?) -> Bool {
        if case .unknown = `operator` { return false }
        guard let percentile = context?.microPercentile(seed: seed) else { return false }
        return matches(microPercentile: percentile)
    }
}
