import Foundation
import Testing

@testable import Tweaks

/// `LocalTweaks_example.json` at the package root.
let localTweaksExampleURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TweaksTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("LocalTweaks_example.json")

@Suite struct LocalTweakProviderTests {
    let provider: LocalTweakProvider

    init() throws {
        provider = try LocalTweakProvider(jsonURL: localTweaksExampleURL)
    }

    private func tweak(_ feature: String, _ variable: String) throws -> Tweak {
        try #require(try provider.tweakIfPresent(feature: feature, variable: variable))
    }

    @Test func readsEveryValueWithItsExactType() throws {
        #expect(try tweak("ui_customization", "enabled").value == .bool(true))
        #expect(try tweak("ui_customization", "display_red_view").value == .bool(true))
        #expect(try tweak("ui_customization", "display_green_view").value == .bool(false))
        #expect(try tweak("ui_customization", "display_yellow_view").value == .bool(true))
        #expect(try tweak("ui_customization", "red_view_alpha_component").value == .double(1.0))
        #expect(try tweak("ui_customization", "label_text").value == .string("Test value"))
        #expect(try tweak("general", "enabled").value == .bool(true))
        #expect(try tweak("general", "greet_on_app_did_become_active").value == .bool(false))
        #expect(try tweak("general", "tap_to_change_color_enabled").value == .bool(true))
        #expect(try tweak("general", "meaning_of_life").value == .int(42))
        let maintenance: TweakJSON = [
            "isUnderMaintenance": false,
            "title": "Under maintenance",
            "message": "We are making things better. Please come back later.",
        ]
        #expect(try tweak("general", "maintenance_mode").value == .json(maintenance))
    }

    @Test func keepsIntAndDoubleApart() throws {
        #expect(try tweak("general", "meaning_of_life").value.kind == .int)
        #expect(try tweak("ui_customization", "red_view_alpha_component").value.kind == .double)
    }

    @Test func readsMetadataAndNamesTheProviderAsSource() throws {
        let labelText = try tweak("ui_customization", "label_text")
        #expect(labelText.feature == "ui_customization")
        #expect(labelText.variable == "label_text")
        #expect(labelText.title == "Label Text")
        #expect(labelText.desc == "The text of the label in the main view controller")
        #expect(labelText.group == "UI Customization")
        #expect(labelText.source == "LocalTweakProvider")
        #expect(!labelText.isEncrypted)
        #expect(try tweak("general", "maintenance_mode").group == "Maintenance")
        #expect(try tweak("general", "meaning_of_life").group == "General")
        for stored in provider.knownTweaks {
            #expect(stored.source == provider.name)
            #expect(stored.title != nil && stored.desc != nil && stored.group != nil)
        }
    }

    @Test func usesTheGivenName() throws {
        let named = try LocalTweakProvider(jsonURL: localTweaksExampleURL, name: "Defaults")
        #expect(named.name == "Defaults")
        #expect(try named.tweakIfPresent(feature: "general", variable: "meaning_of_life")?.source == "Defaults")
    }

    @Test func listsFeaturesWithSortedVariables() {
        #expect(
            provider.features == [
                "ui_customization": [
                    "display_green_view", "display_red_view", "display_yellow_view", "enabled", "label_text",
                    "red_view_alpha_component",
                ],
                "general": [
                    "enabled", "encrypted_answer_to_the_universe", "greet_on_app_did_become_active",
                    "maintenance_mode", "meaning_of_life", "tap_to_change_color_enabled",
                ],
            ])
    }

    @Test func knownTweaksHoldsEveryTweakStillEncrypted() throws {
        #expect(provider.knownTweaks.count == 12)
        let encrypted = try #require(provider.knownTweaks.first { $0.variable == "encrypted_answer_to_the_universe" })
        #expect(encrypted.isEncrypted)
        #expect(encrypted.value == .string("24 ton yletinifeD"))
    }

    @Test func keepsGeneratedPropertyNames() {
        #expect(provider.generatedPropertyName(feature: "general", variable: "meaning_of_life") == "meaningOfLife")
        #expect(
            provider.generatedPropertyName(feature: "general", variable: "encrypted_answer_to_the_universe")
                == "definitiveAnswerEncrypted")
        #expect(provider.generatedPropertyName(feature: "ui_customization", variable: "label_text") == "labelText")
        #expect(provider.generatedPropertyName(feature: "ui_customization", variable: "display_yellow_view") == nil)
        #expect(provider.generatedPropertyName(feature: "general", variable: "missing") == nil)
        #expect(provider.localDefinitions.count == 12)
    }

    @Test func featureEnabledComesFromTheEnabledVariable() throws {
        #expect(provider.isFeatureEnabled("general"))
        #expect(provider.isFeatureEnabled("ui_customization"))
        #expect(!provider.isFeatureEnabled("unknown_feature"))
    }

    // MARK: Encryption

    @Test func encryptedTweakWithoutClosureThrows() {
        #expect(
            throws: TweakError.decryptionClosureNotProvided(
                feature: "general", variable: "encrypted_answer_to_the_universe")
        ) {
            try provider.tweakIfPresent(feature: "general", variable: "encrypted_answer_to_the_universe")
        }
        #expect(
            throws: TweakError.decryptionClosureNotProvided(
                feature: "general", variable: "encrypted_answer_to_the_universe")
        ) {
            try provider.tweakWith(feature: "general", variable: "encrypted_answer_to_the_universe")
        }
    }

    @Test func encryptedTweakIsDecryptedAndNeverPrinted() throws {
        provider.decryptionClosure = { tweak in
            guard let text = tweak.stringValue else {
                throw TweakError.notSupported(
                    feature: tweak.feature, variable: tweak.variable, reason: "not a string")
            }
            return .string(String(text.reversed()))
        }
        #expect(provider.decryptionClosure != nil)
        let tweak = try provider.tweakWith(feature: "general", variable: "encrypted_answer_to_the_universe")
        #expect(tweak.value == .string("Definitely not 42"))
        #expect(tweak.isEncrypted)
        #expect(tweak.source == "LocalTweakProvider")
        #expect(!String(describing: tweak).contains("Definitely"))
        #expect(!String(reflecting: tweak).contains("Definitely"))
        var dumped = ""
        dump(tweak, to: &dumped)
        #expect(!dumped.contains("Definitely"))
        #expect(dumped.contains("<encrypted>"))
        // Unencrypted tweaks never reach the closure.
        #expect(try provider.tweakWith(feature: "general", variable: "meaning_of_life").value == .int(42))
    }

    @Test func decryptionErrorsPropagate() {
        struct Failure: Error, Equatable {}
        provider.decryptionClosure = { _ in throw Failure() }
        #expect(throws: Failure()) {
            try provider.tweakIfPresent(feature: "general", variable: "encrypted_answer_to_the_universe")
        }
    }

    // MARK: Not found

    @Test func missingTweaksAreNotFound() throws {
        #expect(try provider.tweakIfPresent(feature: "general", variable: "nope") == nil)
        #expect(try provider.tweakIfPresent(feature: "nope", variable: "enabled") == nil)
        #expect(throws: TweakError.notFound(feature: "general", variable: "nope")) {
            try provider.tweakWith(feature: "general", variable: "nope")
        }
        let error = #expect(throws: TweakError.self) {
            try provider.tweakWith(feature: "nope", variable: "enabled")
        }
        #expect(error?.feature == "nope")
        #expect(error?.variable == "enabled")
    }

    @Test func variablesAreScopedByFeature() throws {
        #expect(try provider.tweakIfPresent(feature: "ui_customization", variable: "meaning_of_life") == nil)
        #expect(try provider.tweakIfPresent(feature: "general", variable: "label_text") == nil)
        #expect(throws: TweakError.notFound(feature: "ui_customization", variable: "meaning_of_life")) {
            try provider.tweakWith(feature: "ui_customization", variable: "meaning_of_life")
        }
    }

    // MARK: Other sources

    @Test func loadsFromDataWithTheSameResult() throws {
        let data = try Data(contentsOf: localTweaksExampleURL)
        let fromData = try LocalTweakProvider(data: data)
        #expect(Set(fromData.knownTweaks) == Set(provider.knownTweaks))
    }

    @Test func loadsAFileFromATemporaryDirectory() throws {
        try TemporaryDirectory.with { directory in
            let json = #"{"f": {"enabled": {"Value": false}, "n": {"Value": -1.5e3}, "o": {"Value": [1, null]}}}"#
            let url = try directory.write(Data(json.utf8), named: "tweaks.json")
            let loaded = try LocalTweakProvider(jsonURL: url)
            #expect(!loaded.isFeatureEnabled("f"))
            #expect(try loaded.tweakIfPresent(feature: "f", variable: "n")?.value == .double(-1500))
            #expect(try loaded.tweakIfPresent(feature: "f", variable: "o")?.value == .json([1, nil]))
            #expect(loaded.features == ["f": ["enabled", "n", "o"]])
        }
    }

    @Test func emptyObjectsLoadAsNoTweaks() throws {
        let empty = try LocalTweakProvider(data: Data("{}".utf8))
        #expect(empty.knownTweaks.isEmpty)
        #expect(empty.features.isEmpty)
        let emptyFeature = try LocalTweakProvider(data: Data(#"{"f": {}}"#.utf8))
        #expect(emptyFeature.knownTweaks.isEmpty)
        #expect(emptyFeature.features == ["f": []])
    }

    @Test func manyTweaksLoad() throws {
        var json = "{"
        for feature in 0..<100 {
            if feature > 0 { json += "," }
            json += "\"feature_\(feature)\": {"
            for variable in 0..<100 {
                if variable > 0 { json += "," }
                json += #""v\#(variable)": {"Title": "T", "Group": "G", "Value": \#(variable)}"#
            }
            json += "}"
        }
        json += "}"
        let many = try LocalTweakProvider(data: Data(json.utf8))
        #expect(many.knownTweaks.count == 10_000)
        #expect(try many.tweakIfPresent(feature: "feature_99", variable: "v99")?.value == .int(99))
    }

    @Test func concurrentReadsAndClosureChanges() async throws {
        let provider = self.provider
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        if index == 0 {
                            provider.decryptionClosure = { tweak in
                                .string(String((tweak.stringValue ?? "").reversed()))
                            }
                        }
                        _ = try? provider.tweakIfPresent(
                            feature: "general", variable: "encrypted_answer_to_the_universe")
                        _ = try? provider.tweakIfPresent(feature: "general", variable: "meaning_of_life")
                    }
                }
            }
        }
        #expect(try provider.tweakWith(feature: "general", variable: "meaning_of_life").value == .int(42))
    }
}
