import AppFeatures
import Testing
import Tweaks
import TweaksTesting

/// Overrides live in a task-local value: tests running at the same time, and the tasks they start,
/// never see each other's flags.
@Suite struct OverrideIsolationTests {
    /// Fifty cases run in parallel, each with its own limit, and each pauses while holding it.
    @Test(arguments: 1...50)
    func everyCaseSeesOnlyItsOwnLimit(limit: Int) async throws {
        try await withTweakOverrides(.set("checkout", "max_quantity", .int(limit))) {
            try await Task.sleep(for: .milliseconds(limit % 5))
            #expect(CheckoutSettings().maxQuantity == limit)
        }
        #expect(CheckoutSettings().maxQuantity == nil)  // The override ended with its scope.
    }

    /// Child tasks inherit the overrides of the scope that starts them.
    @Test(.tweak("checkout", "express_pay", true))
    func childTasksSeeTheOverrides() async {
        let answers = await withTaskGroup(of: Bool.self) { group in
            for _ in 1...10 { group.addTask { CheckoutSettings().isExpressPayEnabled } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: true, count: 10))
    }

    /// An inner scope wins over the test's trait, and the trait is back after it.
    @Test(.tweak("checkout", "button_style", "prominent"))
    func scopesNest() {
        withTweakOverrides(.set("checkout", "button_style", "standard")) {
            #expect(CheckoutSettings().buttonStyle == .standard)
        }
        #expect(CheckoutSettings().buttonStyle == .prominent)
    }
}
