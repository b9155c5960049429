/// A targeting condition, for a provider of its own that gives conditional values
/// (``TweakConditionalValues``): the conditions of the tweaks documents, evaluated locally with
/// Firebase Remote Config's semantics (see `Docs/Targeting.md`).
///
/// ```swift
/// let beta = try TweakCondition(json: #"{"customSignal": {"key": "email", "operator": "STRING_CONTAINS", "values": ["@example.com"]}}"#)
/// let rollout = TweakCondition.percent(seed: "checkout", upTo: 10_000_000)  // 10 %
/// let both = TweakCondition.all([beta, rollout])
/// ```
public struct TweakCondition: Sendable, Hashable {
    let condition: TargetingCondition

    init(_ condition: TargetingCondition) { self.condition = condition }

    /// True for every context.
    public static let always = TweakCondition(.constant(true))
    /// False for every context.
    public static let never = TweakCondition(.constant(false))

    /// True when every one of `conditions` is (`true` for none).
    public static func all(_ conditions: [TweakCondition]) -> TweakCondition {
        TweakCondition(.and(conditions.map(\.condition)))
    }

    /// True when one of `conditions` is (`false` for none).
    public static func any(_ conditions: [TweakCondition]) -> TweakCondition {
        TweakCondition(.or(conditions.map(\.condition)))
    }

    /// True when the context's micro-percentile for `seed` (`0..<100_000_000`, Firebase's hash of
    /// `seed.randomizationId`) is at most `upperBound`: `upTo: 10_000_000` is 10 % of ids. With
    /// `lowerBound`, only above it too (Firebase's `BETWEEN`): disjoint ranges of one seed split
    /// users into variants.
    public static func percent(
        seed: String, above lowerBound: UInt32? = nil, upTo upperBound: UInt32
    ) -> TweakCondition {
        guard let lowerBound else {
            return TweakCondition(
                .percent(PercentCondition(operator: .lessOrEqual, seed: seed, microPercent: upperBound)))
        }
        return TweakCondition(
            .percent(PercentCondition(operator: .between, seed: seed, lowerBound: lowerBound, upperBound: upperBound)))
    }

    /// A condition written as in a tweaks document's `"$conditions"` (without its `name`): an
    /// object with one kind (`and`, `or`, `true`, `false`, `percent`, `customSignal`) or `true` /
    /// `false`. Read strictly: every mistake throws.
    /// - Throws: ``TweakLoadError`` naming the problem.
    public init(json: String, source: String = "<condition>") throws(TweakLoadError) {
        let node = try JSONParser.parse(Array(json.utf8), source: source)
        var reader = ConditionReader(isStrict: true)
        let condition = reader.readExpression(node, in: source, level: 0)
        if let issue = reader.issues.first {
            throw TweakLoadError(
                source: source, position: TextPosition(offset: issue.offset, in: Array(json.utf8)),
                reason: issue.reason)
        }
        self.condition = condition
    }
}
