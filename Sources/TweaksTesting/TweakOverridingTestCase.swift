#if canImport(XCTest)
    import Tweaks
    public import XCTest

    /// An `XCTestCase` whose tests run with ``tweakOverrides`` in effect, for teams not yet on
    /// Swift Testing. Override the property, or set it in `setUp()`:
    ///
    /// ```swift
    /// final class CheckoutTests: TweakOverridingTestCase {
    ///     override var tweakOverrides: [TweakOverride] { [.set("checkout", "new_flow", true)] }
    ///     func testNewFlow() { XCTAssertTrue(manager.isFeatureEnabled("checkout")) }
    /// }
    /// ```
    /// Inside a test, `withTweakOverrides` works in XCTest too. XCTest runs a class's tests one
    /// after another, and the overrides live in a task-local value: other test bundles' parallel
    /// workers never see them.
    open class TweakOverridingTestCase: XCTestCase {
        /// The overrides every test of this class runs with; none by default.
        open var tweakOverrides: [TweakOverride] { [] }

        /// Whether an override of another type than the declared tweak fails the test.
        open var isStrictAboutTweakOverrides: Bool { false }

        /// Runs the test with ``tweakOverrides`` in effect, in strict mode when
        /// ``isStrictAboutTweakOverrides`` is `true`.
        open override func invokeTest() {
            TweakOverrides(tweakOverrides, in: nil).strict(isStrictAboutTweakOverrides, at: nil).withScope {
                super.invokeTest()
            }
        }
    }
#endif
