/// A custom-signal condition: compares the context's attribute `key` with target values, with
/// Firebase's operators and rules.
///
/// - String operators compare the attribute as text (a number as JavaScript writes it) with
///   **any** target: `STRING_CONTAINS` (case-sensitive), `STRING_DOES_NOT_CONTAIN` (contains
///   none), `STRING_EXACTLY_MATCHES` (equal after trimming white space on both sides, internal
///   white space kept), `STRING_CONTAINS_REGEX` (the pattern matches somewhere).
/// - `NUMERIC_*` and `SEMANTIC_VERSION_*` compare with the **first** target only; white space
///   around either side is ignored; a side that is not a number (a version) makes them false.
/// - No context, a missing attribute, no targets or an unknown operator: false.
final class CustomSignalCondition: Sendable, Hashable {
    /// How the attribute is compared with the targets.
    enum Operator: Sendable, Hashable {
        case stringContains, stringDoesNotContain, stringExactlyMatches, stringContainsRegex
        case numeric(Comparison)
        case semanticVersion(Comparison)
        /// An operator this version does not know (its name): always false.
        case unknown(String)

        /// The operator named `name` in Firebase's spelling.
        init(name: String) {
            switch name {
            case "STRING_CONTAINS": self = .stringContains
            case "STRING_DOES_NOT_CONTAIN": self = .stringDoesNotContain
            case "STRING_EXACTLY_MATCHES": self = .stringExactlyMatches
            case "STRING_CONTAINS_REGEX": self = .stringContainsRegex
            default:
                if name.hasPrefix("NUMERIC_"), let comparison = Comparison(suffix: name.dropFirst(8)) {
                    self = .numeric(comparison)
                } else if name.hasPrefix("SEMANTIC_VERSION_"), let comparison = Comparison(suffix: name.dropFirst(17)) {
                    self = .semanticVersion(comparison)
                } else {
                    self = .unknown(name)
                }
            }
        }

        /// The operator's name in Firebase's spelling.
        var name: String {
            switch self {
            case .stringContains: "STRING_CONTAINS"
            case .stringDoesNotContain: "STRING_DOES_NOT_CONTAIN"
            case .stringExactlyMatches: "STRING_EXACTLY_MATCHES"
            case .stringContainsRegex: "STRING_CONTAINS_REGEX"
            case .numeric(let comparison): "NUMERIC_" + comparison.suffix
            case .semanticVersion(let comparison): "SEMANTIC_VERSION_" + comparison.suffix
            case .unknown(let name): name
            }
        }
    }

    /// The six comparisons of the numeric and semantic-version operators.
    enum Comparison: Sendable, Hashable, CaseIterable {
        case lessThan, lessEqual, equal, notEqual, greaterThan, greaterEqual

        init?(suffix: Substring) {
            guard let match = Self.allCases.first(where: { $0.suffix == suffix }) else { return nil }
            self = match
        }

        /// The end of the operator's name: `LESS_THAN`, `LESS_EQUAL`, …
        var suffix: String {
            switch self {
            case .lessThan: "LESS_THAN"
            case .lessEqual: "LESS_EQUAL"
            case .equal: "EQUAL"
            case .notEqual: "NOT_EQUAL"
            case .greaterThan: "GREATER_THAN"
            case .greaterEqual: "GREATER_EQUAL"
            }
        }

        /// Whether `lhs` compares to `rhs` this way.
        func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
            switch self {
            case .lessThan: lhs < rhs
            case .lessEqual: lhs <= rhs
            case .equal: lhs == rhs
            case .notEqual: lhs != rhs
            case .greaterThan: lhs > rhs
            case .greaterEqual: lhs >= rhs
            }
        }
    }

    let `operator`: Operator
    /// The attribute compared.
    let key: String
    /// The target values, as written.
    let targets: [String]
    /// Each target prepared for a search in linear time, for `STRING_CONTAINS` and
    /// `STRING_DOES_NOT_CONTAIN`.
    let searches: [ByteSearch]
    /// Each target compiled, for `STRING_CONTAINS_REGEX`, or why it is refused (it never matches).
    let patterns: [Result<RegularExpression, RegularExpressionError>]
    /// The targets without white space around them, for `STRING_EXACTLY_MATCHES`.
    let trimmedTargets: [String]
    /// The first target as a number, for `NUMERIC_*`.
    let targetNumber: Double?
    /// The first target as a version, for `SEMANTIC_VERSION_*`.
    let targetVersion: SemanticVersion?

    /// A condition; targets are parsed or compiled here, once.
    convenience init(operator: Operator, key: String, targets: [String]) {
        var budget = RegularExpressionBudget()
        self.init(operator: `operator`, key: key, targets: targets, regexBudget: &budget)
    }

    /// A condition of a document whose regular expressions share `regexBudget`: a pattern beyond
    /// it is refused (never matches).
    init(operator: Operator, key: String, targets: [String], regexBudget: inout RegularExpressionBudget) {
        self.operator = `operator`
        self.key = key
        self.targets = targets
        if case .stringContainsRegex = `operator` {
            patterns = targets.map { regexBudget.compile($0) }
        } else {
            patterns = []
        }
        switch `operator` {
        case .stringContains, .stringDoesNotContain: searches = targets.map(ByteSearch.init)
        default: searches = []
        }
        trimmedTargets = targets.map(TargetingText.trimmed)
        targetNumber = targets.first.flatMap(TargetingText.number)
        targetVersion = targets.first.flatMap(SemanticVersion.init)
    }

    /// A class, so that evaluating it through `TargetingCondition` copies one reference.
    static func == (lhs: CustomSignalCondition, rhs: CustomSignalCondition) -> Bool {
        lhs === rhs || (lhs.operator == rhs.operator && lhs.key == rhs.key && lhs.targets == rhs.targets)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(self.operator)
        hasher.combine(key)
        hasher.combine(targets)
    }

    /// Whether the condition holds for `context`.
    func evaluate(_ context: TweakContext?) -> Bool {
        guard !key.isEmpty, !targets.isEmpty, let actual = context?[key] else { return false }
        switch `operator` {
        case .stringContains:
            let text = actual.description
            return searches.contains { $0.occurs(in: text) }
        case .stringDoesNotContain:
            let text = actual.description
            return !searches.contains { $0.occurs(in: text) }
        case .stringExactlyMatches:
            let trimmed = TargetingText.trimmed(actual.description)
            return trimmedTargets.contains { TargetingText.bytesEqual($0, trimmed) }
        case .stringContainsRegex:
            let text = actual.description
            return patterns.contains { (try? $0.get())?.matches(text) ?? false }
        case .numeric(let comparison):
            guard let target = targetNumber, let number = actual.number else { return false }
            return comparison.holds(number, target)
        case .semanticVersion(let comparison):
            guard let target = targetVersion, let version = SemanticVersion(actual.description) else { return false }
            return comparison.holds(version, target)
        case .unknown:
            return false
        }
    }
}
