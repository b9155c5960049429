import AppFeatures
import Testing
import Tweaks

/// A model that follows flag changes, as a screen on display does when a debug menu or a remote
/// fetch changes a flag.
@MainActor
@Suite struct FlagChangeTests {
    /// A change in a test-local manager's override layer reaches a model that follows changes.
    @Test func theModelReloadsWhenAFlagChanges() async throws {
        let overrides = EphemeralTweakProvider(name: "debug menu")
        let model = CheckoutViewModel(
            items: [], settings: CheckoutSettings(tweakManager: AppServices.makeTweakManager(overrides: overrides)))
        let following = Task { await model.followFlagChanges() }
        defer { following.cancel() }

        try overrides.set(true, feature: "checkout", variable: "express_pay")
        for _ in 1...200 where !model.showsExpressPay {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(model.showsExpressPay)
    }
}
