import Foundation
import Testing

@testable import Tweaks

/// An override written through `UserDefaultsTweakProvider` survives the process, with no
/// `synchronize()` by the app: on Linux, swift-corelibs-foundation would otherwise keep it in memory
/// and lose it at exit (the README's "persistent overrides" were gone on the next run).
///
/// Two child processes (exit tests) write and read; neither touches the real user's configuration
/// nor a name that another run uses, so that two `swift test` runs at once both pass.
@Suite struct UserDefaultsPersistenceTests {
    /// The run's own folder and suite, named after the test process: an exit test cannot capture a
    /// value (the 6.3 compiler crashes on it), so a child finds them by its parent's process ID.
    ///
    /// On Linux the suite is a path inside the folder (swift-corelibs-foundation keeps a suite whose
    /// name is an absolute path in that file, `<path>.plist`, not in `$XDG_CONFIG_HOME`, which a
    /// child cannot move: Foundation reads the environment before the test's code runs). On Apple
    /// platforms a suite is a preferences domain of the user (through cfprefsd): there the name is
    /// unique, and removed afterwards.
    static func place(ofRun process: pid_t) -> (folder: URL, suiteName: String) {
        let name = "TweaksTests.UserDefaultsPersistence.\(process)"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        #if os(Linux)
            return (folder, folder.appendingPathComponent("overrides").path)
        #else
            return (folder, name)
        #endif
    }

    /// In a child process: the run's suite.
    static func runSuiteInChild() -> UserDefaults {
        UserDefaults(suiteName: place(ofRun: getppid()).suiteName)!
    }

    @Test func anOverrideSetInAProcessThatExitsIsThereInTheNextProcess() async throws {
        let place = Self.place(ofRun: getpid())
        try FileManager.default.createDirectory(at: place.folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: place.folder)
            #if !os(Linux)
                UserDefaults.standard.removePersistentDomain(forName: place.suiteName)
            #endif
        }
        // The child process writes the override and exits at once, as an app that is quit would.
        await #expect(processExitsWith: .success) {
            let provider = UserDefaultsTweakProvider(userDefaults: UserDefaultsPersistenceTests.runSuiteInChild())
            provider.set(.int(43), feature: "general", variable: "meaning_of_life")
            provider.set(.bool(false), feature: "checkout", variable: TweakManager.featureEnabledVariable)
            exit(0)
        }
        #if os(Linux)
            // Written into the run's folder, not into the user's `~/.config`.
            #expect(FileManager.default.fileExists(atPath: place.suiteName + ".plist"))
        #endif
        // A second process, as the app's next launch: it reads what the first left on disk.
        await #expect(processExitsWith: .success) {
            let provider = UserDefaultsTweakProvider(userDefaults: UserDefaultsPersistenceTests.runSuiteInChild())
            let meaning = try? provider.tweakWith(feature: "general", variable: "meaning_of_life").value
            exit(meaning == 43 && !provider.isFeatureEnabled("checkout") ? 0 : 1)
        }
    }
}
