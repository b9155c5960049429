import Testing

@testable import Tweaks

/// `and`, `or`, `true`, `false`, nesting and unknown kinds (the SDKs' composite vectors).
@Suite("Composite conditions")
struct TargetingConditionTests {
    @Test("Empty or is false; or of an empty and is true")
    func empties() {
        #expect(!TargetingCondition.or([]).evaluate(nil))
        #expect(TargetingCondition.or([.and([])]).evaluate(nil))
        #expect(TargetingCondition.and([]).evaluate(nil))
    }

    @Test("Constants inside or/and, and at the top level")
    func constants() {
        #expect(TargetingCondition.or([.and([.constant(true)])]).evaluate(nil))
        #expect(!TargetingCondition.or([.and([.constant(false)])]).evaluate(nil))
        #expect(TargetingCondition.constant(true).evaluate(nil))
        #expect(TargetingCondition.or([.constant(false), .constant(true), .constant(false)]).evaluate(nil))
        #expect(!TargetingCondition.and([.constant(true), .constant(false), .constant(true)]).evaluate(nil))
    }

    @Test("Short-circuit: the part after the decision is not evaluated")
    func shortCircuit() {
        // A percent condition would compute (and cache) a micro-percentile if it were evaluated.
        let context = TweakContext(randomizationID: "id")
        let percent = TargetingCondition.percent(PercentCondition(operator: .lessOrEqual, seed: "never"))
        #expect(TargetingCondition.or([.constant(true), percent]).evaluate(context))
        #expect(!TargetingCondition.and([.constant(false), percent]).evaluate(context))
        #expect(context.cachedSeeds.isEmpty)
        _ = TargetingCondition.or([.constant(false), percent]).evaluate(context)
        #expect(context.cachedSeeds == ["never"])
    }

    @Test("Nesting: four and/or levels are evaluated, the fifth is false (Firebase's depth of 10)")
    func nesting() {
        func nested(_ depth: Int) -> TargetingCondition {
            (0..<depth).reduce(TargetingCondition.constant(true)) { inner, level in
                level.isMultiple(of: 2) ? .and([inner]) : .or([inner])
            }
        }
        #expect(nested(4).evaluate(nil))
        #expect(!nested(5).evaluate(nil))
    }

    @Test("Unknown kinds are false")
    func unknown() {
        #expect(!TargetingCondition.unknown("geo").evaluate(TweakContext(randomizationID: "x")))
        #expect(!TargetingCondition.or([.unknown("geo")]).evaluate(nil))
    }
}
