import Testing
import Tweaks
import TweaksTesting

@Suite(.tweak("checkout", "title", "From the suite"), .tweak("checkout", "limit", 20))
struct TweakOverrideTraitTests {
    let manager = Fixtures.manager()

    @Test func suiteOverridesReachEveryTest() throws {
        #expect(try manager.value(feature: "checkout", variable: "title", as: String.self) == "From the suite")
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 20)
    }

    @Test(.tweak("checkout", "limit", 30))
    func aTestsOwnOverrideWinsOverTheSuites() throws {
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 30)
        #expect(try manager.value(feature: "checkout", variable: "title", as: String.self) == "From the suite")
    }

    @Test(.tweakFeature("promotions", enabled: true), .tweakRemoved("checkout", "ratio"))
    func severalTraitsAtOnce() throws {
        #expect(manager.isFeatureEnabled("promotions"))
        #expect(try manager.tweakIfPresent(feature: "checkout", variable: "ratio") == nil)
    }

    @Test(.tweak("checkout", "new_flow", true), arguments: [1, 2, 3])
    func parameterisedTestsSeeTheOverrideInEveryCase(_ argument: Int) {
        #expect(CheckoutFlags(manager).newFlow)
    }

    @Test(arguments: [true, false])
    func bothBranchesOfAFlag(_ enabled: Bool) throws {
        try withTweakOverrides(.set("checkout", "new_flow", .bool(enabled))) { () throws in
            #expect(CheckoutFlags(manager).newFlow == enabled)
        }
    }
}
