import Foundation
import Testing

@testable import TweakAccessorGeneration

/// Invalid input: every problem is reported with its file and tweak, and nothing is written.
@Suite struct GenerationErrorTests {
    static let configuration = AccessorConfiguration(accessorName: "Accessor")

    /// The problems of generating `json` (a local tweaks document), one description per line.
    func problems(_ json: String, configuration: AccessorConfiguration = Self.configuration) -> [String] {
        do {
            _ = try AccessorGenerator.sources(
                tweaksJSON: Data(json.utf8), source: "t.json", configuration: configuration)
            Issue.record("expected an error for \(json)")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func configurationProblems(_ json: String) -> [String] {
        do {
            _ = try AccessorConfiguration(jsonData: Data(json.utf8), source: "config.json")
            Issue.record("expected an error for \(json)")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func configurationKeysAreChecked() throws {
        let good = try AccessorConfiguration(
            jsonData: Data(#"{"accessorName": "Flags", "accessLevel": "package"}"#.utf8), source: "c")
        #expect(good == AccessorConfiguration(accessorName: "Flags", accessLevel: .package))
        #expect(configurationProblems("{}") == [#"config.json: missing "accessorName""#])
        #expect(
            configurationProblems("[1]") == [#"config.json: expected an object such as {"accessorName": "MyTweaks"}"#])
        #expect(configurationProblems(#"{"accessorName": 1}"#) == [#"config.json: "accessorName" must be a string"#])
        #expect(
            configurationProblems(#"{"accessorName": "class", "accesLevel": "public"}"#) == [
                #"config.json: unknown key "accesLevel" (expected "accessorName" and optionally "accessLevel")"#,
                #"config.json: "accessorName" "class" is a Swift keyword"#,
            ])
        #expect(
            configurationProblems(#"{"accessorName": "My-Tweaks", "accessLevel": "open"}"#) == [
                #"config.json: "accessorName" "My-Tweaks" is not a valid Swift identifier"#,
                #"config.json: "accessLevel" must be "internal", "public" or "package""#,
            ])
        #expect(
            configurationProblems(#"{"accessorName": "A", "shouldCacheTweaks": true}"#) == [
                #"config.json: JustTweak's "shouldCacheTweaks" is not supported: create the TweakManager in code and pass it to init(with:)"#
            ])
        #expect(
            configurationProblems(#"{"accessorName": "A",}"#) == [
                "config.json:1:22: invalid JSON: expected a string key in object, found '}'"
            ])
    }

    @Test func namesMustBeSwiftIdentifiersThatAreNoKeywords() {
        #expect(
            problems(
                #"""
                {"f": {
                    "a": {"Value": 1, "GeneratedPropertyName": "my name"},
                    "b": {"Value": 1, "GeneratedPropertyName": "default"},
                    "1st_flag": {"Value": true},
                    "c": {"Value": 1, "GeneratedPropertyName": "tweakManager"},
                    "d": {"Value": 1, "GeneratedPropertyName": "café"}
                }}
                """#) == [
                    #"t.json: f.1st_flag: the property name "1stFlag" derived from the variable name is not a valid Swift identifier; set "GeneratedPropertyName""#,
                    #"t.json: f.a: "GeneratedPropertyName" "my name" is not a valid Swift identifier"#,
                    #"t.json: f.b: "GeneratedPropertyName" "default" is a Swift keyword"#,
                    #"t.json: f.c: the property name "tweakManager" is used by the generated class itself; set another "GeneratedPropertyName""#,
                ])
        #expect(
            problems(#"{"9lives": {"a": {"Value": 1}}, "self": {"b": {"Value": 1}}}"#) == [
                #"t.json: feature 9lives: the constant name "9lives" derived from the feature name is not a valid Swift identifier"#,
                #"t.json: feature self: the constant name "self" derived from the feature name is a Swift keyword"#,
            ])
    }

    @Test func aVariableWhoseNameIsNoIdentifierIsGeneratedUnderItsGeneratedPropertyName() throws {
        let sources = try AccessorGenerator.sources(
            tweaksJSON: Data(#"{"security": {"2fa": {"Value": true, "GeneratedPropertyName": "twoFactorAuth"}}}"#.utf8),
            source: "t.json", configuration: Self.configuration)
        #expect(sources.files[1].contents.contains(#"static let twoFactorAuth = "2fa""#))
        #expect(
            sources.files[0].contents.contains("readTweak(Features.security, Variables.twoFactorAuth, default: true)"))
    }

    @Test func duplicateNamesExplicitOrDerivedAreReportedWithTheOtherTweak() {
        #expect(
            problems(
                #"""
                {
                    "general": {"enabled": {"Value": true}, "x": {"Value": 1, "GeneratedPropertyName": "shared"}},
                    "ui": {"enabled": {"Value": false}, "y": {"Value": 2, "GeneratedPropertyName": "shared"}},
                    "ui_x": {"label_text": {"Value": "a", "GeneratedPropertyName": "z"}, "labelText": {"Value": "b"}},
                    "uiX": {"z": {"Value": 1}}
                }
                """#) == [
                    #"t.json: ui.enabled: the property name "enabled" is also used by general.enabled; set "GeneratedPropertyName" on one of them"#,
                    #"t.json: ui.y: the property name "shared" is also used by general.x; set "GeneratedPropertyName" on one of them"#,
                    #"t.json: feature ui_x: the constant name "uiX" is also derived from feature uiX"#,
                    #"t.json: ui_x.label_text: the constant name "labelText" is also derived from the variable name "labelText""#,
                    #"t.json: ui_x.label_text: the property name "z" is also used by uiX.z; set "GeneratedPropertyName" on one of them"#,
                ])
    }

    @Test func valuesWhoseTypeCannotBeInferredAreUnsupported() {
        #expect(
            problems(
                #"""
                {"f": {
                    "a": {"Value": {"x": null}},
                    "b": {"Value": []},
                    "c": {"Value": [1, "two"]},
                    "d": {"Value": {"list": [{"k": 1}, {"j": 1}]}},
                    "e": {"Value": {"a-b": 1, "aB": 2}},
                    "g": {"Value": {"1x": 1}},
                    "h": {"Value": {"inner": {"n": 1}, "Inner": {"n": 2}}},
                    "features": {"Value": {"n": 1}},
                    "accessor": {"Value": {"n": 1}}
                }}
                """#) == [
                    #"t.json: f.a: unsupported value: "x" is null, whose type cannot be inferred"#,
                    #"t.json: f.accessor: the type name "Accessor" (from the property name "accessor") is also used by the generated class"#,
                    #"t.json: f.b: unsupported value: the value is an empty array, whose element type cannot be inferred"#,
                    #"t.json: f.c: unsupported value: the elements of the value mix number and string"#,
                    #"t.json: f.d: unsupported value: the objects in "list" do not all have the same keys"#,
                    #"t.json: f.e: unsupported value: keys "a-b" and "aB" in the value both give the property name "aB""#,
                    #"t.json: f.features: the type name "Features" (from the property name "features") is also used by the generated class"#,
                    #"t.json: f.g: unsupported value: key "1x" gives the property name "1x", which is not a valid Swift identifier"#,
                    #"t.json: f.h: unsupported value: key "inner" gives the type name "Inner", already used"#,
                ])
    }

    @Test func schemaErrorsAreAllReportedWithPositions() {
        #expect(
            problems(#"{"f": {"a": {"Value": 1, "Tittle": "x"}, "b": {"Title": "y"}}}"#) == [
                #"t.json:1:26: f.a: unknown field "Tittle" (a typo?)"#,
                #"t.json:1:47: f.b: missing "Value""#,
            ])
        #expect(problems("{").first?.hasPrefix("t.json:1:2: invalid JSON") == true)
    }

    @Test func nothingIsWrittenForInvalidInputAndUnchangedFilesAreNotRewritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Generation-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tweaks = directory.appendingPathComponent("T.tweaks.json")
        try Data(#"{"f": {"a": {"Value": 1}, "b": {"Value": 2, "GeneratedPropertyName": "a"}}}"#.utf8).write(to: tweaks)
        try Data(#"{"accessorName": "T"}"#.utf8).write(to: directory.appendingPathComponent("config.json"))
        let output = directory.appendingPathComponent("out")
        #expect(throws: AccessorGenerationError.self) {
            try AccessorGenerator.generate(
                localTweaksFile: tweaks, configurationFolder: directory, outputFolder: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))

        try Data(#"{"f": {"a": {"Value": 1}}}"#.utf8).write(to: tweaks)
        let first = try AccessorGenerator.generate(
            localTweaksFile: tweaks, configurationFolder: directory, outputFolder: output)
        let accessor = output.appendingPathComponent("T.swift")
        let constants = output.appendingPathComponent("T+Constants.swift")
        #expect(first == [.written(accessor), .written(constants)])
        let date = try #require(
            try FileManager.default.attributesOfItem(atPath: accessor.path)[.modificationDate] as? Date)
        // Same input: nothing rewritten. A new default changes the accessor, not the constants.
        let second = try AccessorGenerator.generate(
            localTweaksFile: tweaks, configurationFolder: directory.appendingPathComponent("config.json"),
            outputFolder: output)
        #expect(second == [.unchanged(accessor), .unchanged(constants)])
        #expect(try FileManager.default.attributesOfItem(atPath: accessor.path)[.modificationDate] as? Date == date)
        try Data(#"{"f": {"a": {"Value": 2}}}"#.utf8).write(to: tweaks)
        let third = try AccessorGenerator.generate(
            localTweaksFile: tweaks, configurationFolder: directory, outputFolder: output)
        #expect(third == [.written(accessor), .unchanged(constants)])
        #expect(try String(contentsOf: accessor, encoding: .utf8).contains("default: 2)"))
    }

    @Test func camelCasingAndIdentifiers() {
        #expect(SwiftName.camelCased("display_red_view") == "displayRedView")
        #expect(SwiftName.camelCased("UI-Customization") == "uiCustomization")
        #expect(SwiftName.camelCased("URL_path") == "urlPath")
        #expect(SwiftName.camelCased("labelText") == "labelText")
        #expect(SwiftName.camelCased("__x__y") == "xY")
        #expect(SwiftName.problem(with: "café") == nil)
        #expect(SwiftName.problem(with: "_private") == nil)
        #expect(SwiftName.problem(with: "a1") == nil)
        #expect(SwiftName.problem(with: "🚀") == "is not a valid Swift identifier")
        #expect(SwiftName.problem(with: "") == "is empty")
        #expect(SwiftName.problem(with: "Type") == "is a Swift keyword")
        #expect(SwiftName.typeName("maintenanceMode") == "MaintenanceMode")
    }
}
