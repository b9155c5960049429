#if canImport(XCTest)
    import Tweaks
    import TweaksTesting
    import XCTest

    /// The XCTest helper: every test of the class runs with the class's overrides.
    final class TweakOverridingTestCaseTests: TweakOverridingTestCase {
        override var tweakOverrides: [TweakOverride] {
            [.set("checkout", "limit", 11), .featureEnabled("promotions", true)]
        }

        func testEveryTestSeesTheClassOverrides() throws {
            let manager = Fixtures.manager()
            XCTAssertEqual(try manager.value(feature: "checkout", variable: "limit", as: Int.self), 11)
            XCTAssertTrue(manager.isFeatureEnabled("promotions"))
        }

        func testWithTweakOverridesWorksInsideXCTest() throws {
            let manager = Fixtures.manager()
            try withTweakOverrides(.set("checkout", "limit", 12)) { () throws in
                XCTAssertEqual(try manager.value(feature: "checkout", variable: "limit", as: Int.self), 12)
            }
            XCTAssertEqual(try manager.value(feature: "checkout", variable: "limit", as: Int.self), 11)
        }
    }
#endif
