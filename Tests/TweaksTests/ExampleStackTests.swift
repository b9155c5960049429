import Foundation
import Testing

@testable import Tweaks

/// The stack the README describes: persisted overrides, in-memory overrides, the example defaults.
@Suite("The example stack")
struct ExampleStackTests {
    struct Maintenance: Codable, Equatable {
        let isUnderMaintenance: Bool
        let title: String
        let message: String
    }

    @Test func overridesDefaultsEncryptionAndRestart() throws {
        let suite = TemporaryDefaults()
        defer { suite.clear() }
        func makeStack() throws -> (TweakManager, EphemeralTweakProvider) {
            let session = EphemeralTweakProvider(name: "session")
            let manager = TweakManager(tweakProviders: [
                UserDefaultsTweakProvider(userDefaults: suite.make()), session,
                try LocalTweakProvider(jsonURL: localTweaksExampleURL),
            ])
            manager.useCache = true
            return (manager, session)
        }
        let (manager, session) = try makeStack()
        #expect(manager.isFeatureEnabled("ui_customization"))
        #expect(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self) == 42)
        #expect(
            try manager.value(feature: "general", variable: "maintenance_mode", as: Maintenance.self).isUnderMaintenance
                == false)
        #expect(
            throws: TweakError.decryptionClosureNotProvided(
                feature: "general", variable: "encrypted_answer_to_the_universe")
        ) {
            try manager.tweakWith(feature: "general", variable: "encrypted_answer_to_the_universe")
        }
        manager.decryptionClosure = { tweak in .string(String(tweak.value.stringValue?.reversed() ?? [])) }
        let secret = try manager.tweakWith(feature: "general", variable: "encrypted_answer_to_the_universe")
        #expect(secret.value == "Definitely not 42")
        #expect(!"\(secret)".contains("Definitely"))

        // An override switches a feature off and changes values; the in-memory layer sits below it.
        try manager.setFeatureEnabled(false, feature: "ui_customization")
        try session.set("session text", feature: "ui_customization", variable: "label_text")
        try manager.set(
            .json(["isUnderMaintenance": true, "title": "Down", "message": "Soon"]), feature: "general",
            variable: "maintenance_mode")
        #expect(!manager.isFeatureEnabled("ui_customization"))
        #expect(try manager.tweakWith(feature: "ui_customization", variable: "label_text").source == "session")
        #expect(
            try manager.value(feature: "general", variable: "maintenance_mode", as: Maintenance.self).isUnderMaintenance
        )

        // After a restart the persisted overrides remain and the in-memory ones are gone.
        let (restarted, _) = try makeStack()
        #expect(!restarted.isFeatureEnabled("ui_customization"))
        #expect(
            try restarted.value(feature: "general", variable: "maintenance_mode", as: Maintenance.self).title == "Down")
        #expect(try restarted.tweakWith(feature: "ui_customization", variable: "label_text").value == "Test value")
        try restarted.removeAllOverrides()
        #expect(restarted.isFeatureEnabled("ui_customization"))
    }
}

/// Code from JustTweak's README compiles against Tweaks with at most `try` added.
@Suite("JustTweak README compatibility")
struct JustTweakCompatibilityTests {
    /// A unique suite, removed by the test: on Apple platforms a suite is a preferences domain of
    /// the real user (`~/Library/Preferences`, through cfprefsd), so a fixed name could meet
    /// another run's leftovers or leave its own behind.
    static let suiteName = TemporaryDefaults.uniqueSuiteName(prefix: "TweaksTests.readme")

    static let tweakManager: TweakManager = {
        var tweakProviders: [any TweakProvider] = []

        // Mutable TweakProvider (to override tweaks from other TweakProviders)
        let userDefaultsTweakProvider = UserDefaultsTweakProvider(
            userDefaults: UserDefaults(suiteName: suiteName)!)
        tweakProviders.append(userDefaultsTweakProvider)

        // Local JSON-based TweakProvider (default TweakProvider)
        let jsonFileURL = localTweaksExampleURL
        let localTweakProvider = try! LocalTweakProvider(jsonURL: jsonFileURL)
        localTweakProvider.decryptionClosure = { tweak in
            // decrypt `tweak.value` with your cypher of choice and return the decrypted value
            TweakValue.string(String((tweak.value.stringValue ?? "").reversed()))
        }
        tweakProviders.append(localTweakProvider)

        return TweakManager(tweakProviders: tweakProviders)
    }()

    final class Accessor {
        @TweakProperty(
            feature: "ui_customization", variable: "label_text", tweakManager: JustTweakCompatibilityTests.tweakManager)
        var labelText: String

        @OptionalTweakProperty(
            fallbackValue: nil, feature: "general", variable: "meaning_of_life",
            tweakManager: JustTweakCompatibilityTests.tweakManager)
        var meaningOfLife: Int?

        @FallbackTweakProperty(
            fallbackValue: false, feature: "ui_customization", variable: "display_red_view",
            tweakManager: JustTweakCompatibilityTests.tweakManager)
        var shouldShowFeatureX: Bool
    }

    @Test func readmeSnippetsWork() throws {
        let tweakManager = Self.tweakManager
        defer { UserDefaults.standard.removePersistentDomain(forName: Self.suiteName) }
        let enabled = tweakManager.isFeatureEnabled("general")
        #expect(enabled)
        let tweak = try? tweakManager.tweakWith(feature: "general", variable: "meaning_of_life")
        if let tweak = tweak {
            #expect(tweak.value == 42)
        } else {
            Issue.record("tweak was not found in any tweak provider")
        }
        tweakManager.useCache = true
        tweakManager.resetCache()
        let accessor = Accessor()
        #expect(accessor.labelText == "Test value")
        #expect(accessor.meaningOfLife == 42)
        #expect(accessor.shouldShowFeatureX)
        #expect(
            try tweakManager.tweakWith(feature: "general", variable: "encrypted_answer_to_the_universe").value
                == "Definitely not 42")
        do {
            _ = try tweakManager.tweakWith(feature: "nope", variable: "nope")
        } catch TweakError.notFound {
            // JustTweak's error case still matches without its context.
        }
        let observer = NSObject()
        tweakManager.registerForConfigurationsUpdates(observer) { _ in }
        tweakManager.deregisterFromConfigurationsUpdates(observer)
    }
}
