import Foundation
import Testing

@testable import Tweaks

/// An override written through `UserDefaultsTweakProvider` survives the process, with no
/// `synchronize()` by the app: on Linux, swift-corelibs-foundation would otherwise keep it in memory
/// and lose it at exit (the README's "persistent overrides" were gone on the next run).
@Suite struct UserDefaultsPersistenceTests {
    /// A fixed name: an exit test cannot capture a value (the 6.3 compiler crashes on it).
    static let suiteName = "TweaksTests.UserDefaultsPersistence"

    @Test func anOverrideSetInAProcessThatExitsIsThereInTheNextProcess() async throws {
        UserDefaults.standard.removePersistentDomain(forName: Self.suiteName)
        defer { UserDefaults.standard.removePersistentDomain(forName: Self.suiteName) }
        // The child process writes the override and exits at once, as an app that is quit would.
        await #expect(processExitsWith: .success) {
            let defaults = UserDefaults(suiteName: UserDefaultsPersistenceTests.suiteName)!
            let provider = UserDefaultsTweakProvider(userDefaults: defaults)
            provider.set(.int(43), feature: "general", variable: "meaning_of_life")
            provider.set(.bool(false), feature: "checkout", variable: TweakManager.featureEnabledVariable)
            exit(0)
        }
        // This process has not opened the suite before: it reads what the child left on disk.
        let provider = UserDefaultsTweakProvider(userDefaults: UserDefaults(suiteName: Self.suiteName)!)
        #expect(try provider.tweakWith(feature: "general", variable: "meaning_of_life").value == 43)
        #expect(!provider.isFeatureEnabled("checkout"))
    }
}
