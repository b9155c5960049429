import Testing
import Tweaks
import TweaksTesting

/// 128 test cases run in parallel, each overriding the same tweaks of one shared manager with its
/// own value, yielding between reads so that they interleave: each must only ever see its own.
@Suite struct IsolationTests {
    @Test(arguments: 0..<128)
    func parallelTestsSeeOnlyTheirOwnOverrides(_ number: Int) async throws {
        let manager = Fixtures.shared
        let flags = CheckoutFlags(manager)
        let enabled = number.isMultiple(of: 2)
        try await withTweakOverrides(
            .set("checkout", "limit", .int(number)), .set("checkout", "title", .string("case \(number)")),
            .featureEnabled("promotions", enabled)
        ) { () async throws in
            for _ in 0..<20 {
                #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == number)
                #expect(flags.limit == number)
                #expect(flags.title == "case \(number)")
                #expect(manager.isFeatureEnabled("promotions") == enabled)
                await Task.yield()
            }
        }
        // Outside the scope, the shared manager answers its providers' values again.
        #expect(flags.limit == 3)
        #expect(!manager.isFeatureEnabled("promotions"))
    }

    @Test(.tweak("checkout", "limit", 1000), arguments: 0..<16)
    func parallelTraitScopesAreIsolatedToo(_ number: Int) async throws {
        let manager = Fixtures.shared
        await Task.yield()
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 1000)
    }

    @Test func testsWithoutOverridesSeeTheProviders() async throws {
        for _ in 0..<50 {
            #expect(try Fixtures.shared.value(feature: "checkout", variable: "limit", as: Int.self) == 3)
            await Task.yield()
        }
    }
}
