import TestSupport
import Testing

@testable import Tweaks

/// Percent conditions, with the vectors of firebase-admin-go's and firebase-admin-node's tests.
@Suite("Percent conditions")
struct PercentConditionTests {
    /// `abcdef.123` falls at 9,571,542 (the Go SDK's tests).
    static let context = TweakContext(randomizationID: "123")

    @Test(
        "Micro-percentiles match the Go SDK's",
        arguments: [
            ("1", "one", 64_146_488), ("2", "two", 76_516_209), ("3", "three", 6_701_947),
            ("4", "four", 85_000_289), ("5", "five", 2_514_745), ("", "😊", 9_911_325), ("", "😀", 62_040_281),
            ("hêl£o", "wørlÐ", 67_411_682), ("řemøťe", "çōnfįġ", 19_728_496),
            ("long", String(repeating: ".", count: 100), 39_278_120),
            ("very-long", String(repeating: ".", count: 1000), 71_699_042), ("abcdef", "123", 9_571_542),
        ] as [(String, String, UInt32)])
    func microPercentiles(seed: String, id: String, expected: UInt32) {
        #expect(TweakContext(randomizationID: id).microPercentile(seed: seed) == expected)
    }

    @Test(
        "Node SDK's known values: BETWEEN 0 and 50 %",
        arguments: [
            ("1", "one", false), ("2", "two", false), ("3", "three", true), ("4", "four", false),
            ("5", "five", true), ("", "😊", true), ("", "😀", false), ("hêl£o", "wørlÐ", false),
            ("řemøťe", "çōnfįġ", true), ("long", String(repeating: ".", count: 100), true),
            ("very-long", String(repeating: ".", count: 1000), false),
        ])
    func knownValues(seed: String, id: String, result: Bool) {
        let condition = PercentCondition(operator: .between, seed: seed, lowerBound: 0, upperBound: 50_000_000)
        #expect(TargetingCondition.percent(condition).evaluate(TweakContext(randomizationID: id)) == result)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let condition: PercentCondition
        let outcome: Bool
        var testDescription: String { name }
    }

    @Test(
        "Operators and bounds (Go and Node SDK vectors, seed abcdef, id 123)",
        arguments: [
            Case(
                name: "LESS_OR_EQUAL max", condition: .init(operator: .lessOrEqual, microPercent: 100_000_000),
                outcome: true),
            Case(name: "LESS_OR_EQUAL min", condition: .init(operator: .lessOrEqual, microPercent: 0), outcome: false),
            Case(name: "LESS_OR_EQUAL unset bound is 0", condition: .init(operator: .lessOrEqual), outcome: false),
            Case(name: "GREATER_THAN unset bound is 0", condition: .init(operator: .greaterThan), outcome: true),
            Case(name: "GREATER_THAN min", condition: .init(operator: .greaterThan, microPercent: 0), outcome: true),
            Case(
                name: "GREATER_THAN max", condition: .init(operator: .greaterThan, microPercent: 100_000_000),
                outcome: false),
            Case(
                name: "LESS_OR_EQUAL its own percentile",
                condition: .init(operator: .lessOrEqual, microPercent: 9_571_542), outcome: true),
            Case(
                name: "GREATER_THAN one below", condition: .init(operator: .greaterThan, microPercent: 9_571_541),
                outcome: true),
            Case(name: "BETWEEN unset range", condition: .init(operator: .between), outcome: false),
            Case(name: "BETWEEN unset upper", condition: .init(operator: .between, lowerBound: 0), outcome: false),
            Case(
                name: "BETWEEN unset lower, max upper", condition: .init(operator: .between, upperBound: 100_000_000),
                outcome: true),
            Case(
                name: "BETWEEN min and max",
                condition: .init(operator: .between, lowerBound: 0, upperBound: 100_000_000), outcome: true),
            Case(
                name: "BETWEEN upper inclusive",
                condition: .init(operator: .between, lowerBound: 9_000_000, upperBound: 9_571_542), outcome: true),
            Case(
                name: "BETWEEN lower exclusive",
                condition: .init(operator: .between, lowerBound: 9_571_542, upperBound: 9_600_000), outcome: false),
            Case(
                name: "BETWEEN equal bounds",
                condition: .init(operator: .between, lowerBound: 98_000_000, upperBound: 98_000_000), outcome: false),
            Case(
                name: "BETWEEN equal bounds at 50 %",
                condition: .init(operator: .between, lowerBound: 50_000_000, upperBound: 50_000_000), outcome: false),
            Case(
                name: "BETWEEN outside",
                condition: .init(operator: .between, lowerBound: 9_400_000, upperBound: 9_500_000), outcome: false),
            Case(
                name: "unknown operator", condition: .init(operator: .unknown("UNKNOWN"), microPercent: 100_000_000),
                outcome: false),
        ].map { Case(name: $0.name, condition: with(seed: "abcdef", $0.condition), outcome: $0.outcome) })
    func operators(_ test: Case) {
        #expect(TargetingCondition.percent(test.condition).evaluate(Self.context) == test.outcome)
    }

    static func with(seed: String, _ condition: PercentCondition) -> PercentCondition {
        var condition = condition
        condition.seed = seed
        return condition
    }

    /// The Node SDK's tests stub the hash; here the micro-percentile is given directly.
    @Test(
        "Comparisons at a given micro-percentile (Node SDK's stubbed-hash vectors)",
        arguments: [
            (PercentCondition(operator: .lessOrEqual, microPercent: 10), 9, true),
            (PercentCondition(operator: .lessOrEqual, microPercent: 10), 10, true),
            (PercentCondition(operator: .lessOrEqual, microPercent: 10), 11, false),
            (PercentCondition(operator: .greaterThan, microPercent: 10), 11, true),
            (PercentCondition(operator: .greaterThan, microPercent: 10), 9, false),
            (PercentCondition(operator: .between, lowerBound: 9, upperBound: 11), 10, true),
            (PercentCondition(operator: .between, lowerBound: 9, upperBound: 11), 12, false),
            (PercentCondition(operator: .lessOrEqual), 1, false),
            (PercentCondition(operator: .between), 1, false),
            (PercentCondition(operator: .between, lowerBound: 0), 1, false),
            (PercentCondition(operator: .between, upperBound: 1), 1, true),
        ] as [(PercentCondition, UInt32, Bool)])
    func givenPercentile(condition: PercentCondition, percentile: UInt32, outcome: Bool) {
        #expect(condition.matches(microPercentile: percentile) == outcome)
    }

    @Test("No randomization id, no context: false")
    func withoutID() {
        let condition = TargetingCondition.percent(
            PercentCondition(operator: .between, seed: "abcdef", lowerBound: 0, upperBound: 100_000_000))
        #expect(!condition.evaluate(nil))
        #expect(!condition.evaluate(TweakContext(attributes: ["randomizationID": "123"])))
        #expect(condition.evaluate(TweakContext(randomizationID: "123")))
    }

    /// The Go SDK's statistical checks, with its ids `random-0` … `random-99999`: within three
    /// standard deviations of the share asked for.
    @Test(
        "Shares of 100,000 ids", .cpuHeavy,
        arguments: [
            (PercentCondition(operator: .lessOrEqual, microPercent: 10_000_000), 10_000, 284),
            (PercentCondition(operator: .between, upperBound: 10_000_000), 10_000, 284),
            (PercentCondition(operator: .greaterThan, microPercent: 10_000_000), 90_000, 284),
            (PercentCondition(operator: .between, lowerBound: 40_000_000, upperBound: 60_000_000), 20_000, 379),
            (PercentCondition(operator: .between, lowerBound: 25_000_000, upperBound: 75_000_000), 50_000, 474),
        ] as [(PercentCondition, Int, Int)])
    func shares(condition: PercentCondition, baseline: Int, tolerance: Int) {
        let count = (0..<100_000).filter { condition.evaluate(TweakContext(randomizationID: "random-\($0)")) }.count
        #expect(abs(count - baseline) <= tolerance)
    }

    @Test("A context computes each seed's percentile once, and a changed id gets new ones")
    func cachedPerSeed() {
        var context = TweakContext(randomizationID: "123")
        #expect(context.microPercentile(seed: "abcdef") == 9_571_542)
        #expect(context.microPercentile(seed: "abcdef") == 9_571_542)
        #expect(context.microPercentile(seed: "1") == MicroPercentile.of(seed: "1", randomizationID: "123"))
        context.randomizationID = "one"
        #expect(context.microPercentile(seed: "1") == 64_146_488)
        context.randomizationID = nil
        #expect(context.microPercentile(seed: "1") == nil)
    }
}
