import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak get, explain, set and reset", .blocking)
    struct ValueCommandTests {
        @Test func eachProjectFolderHasItsOwnDefaultOverrides() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let other = sandbox.folder.appendingPathComponent("other-project")
                try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
                try FileManager.default.copyItem(
                    at: ToolSandbox.exampleFile, to: other.appendingPathComponent("LocalTweaks_example.json"))
                #expect(try sandbox.run("set", "general", "meaning_of_life", "7").status == 0)
                let here = try sandbox.run("get", "general", "meaning_of_life")
                let there = try ToolRun(sandbox.process(["get", "general", "meaning_of_life"], in: other))
                #expect(here.standardOutput == "7\n")
                #expect(there.standardOutput == "42\n", "an override of one project does not leak into another")
                #expect(
                    sandbox.defaultOverrides.path.hasPrefix(
                        sandbox.configHome.appendingPathComponent("tweaks/overrides/").path))
            }
        }

        @Test func getPrintsTheResolvedValue() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                #expect(try sandbox.run("get", "general", "meaning_of_life").standardOutput == "42\n")
                #expect(try sandbox.run("get", "ui_customization", "label_text").standardOutput == "Test value\n")
                #expect(
                    try sandbox.run("get", "ui_customization", "label_text", "--json").standardOutput
                        == "\"Test value\"\n")
                #expect(
                    try sandbox.run("get", "general", "maintenance_mode").standardOutput
                        == #"{"isUnderMaintenance":false,"message":"We are making things better. Please come back later.","title":"Under maintenance"}"#
                        + "\n")
                let missing = try sandbox.run("get", "general", "nope")
                #expect(missing.status == 1 && missing.standardOutput.isEmpty)
                #expect(missing.standardError == "tweak: general.nope was not found in any provider\n")
                let secret = try sandbox.run("get", "general", "encrypted_answer_to_the_universe")
                #expect(secret.status == 1)
                #expect(secret.standardError.contains("is encrypted: give --decrypt COMMAND to read it"))
                let revealed = try sandbox.run("get", "general", "encrypted_answer_to_the_universe", "--decrypt", "rev")
                #expect(revealed.status == 0 && revealed.standardOutput == "Definitely not 42\n")
            }
        }

        @Test func setWritesTheOverrideFileReadByTheDeclaredType() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let cases: [(String, String, String, String)] = [
                    ("general", "meaning_of_life", "-7", "-7"),
                    ("general", "greet_on_app_did_become_active", "true", "true"),
                    ("ui_customization", "red_view_alpha_component", "1", "1.0"),  // a Double stays a Double
                    ("ui_customization", "label_text", "true", "true"),  // a String tweak takes any text
                    (
                        "general", "maintenance_mode", #"{"isUnderMaintenance": true, "title": "t", "message": "m"}"#,
                        #"{"isUnderMaintenance":true,"message":"m","title":"t"}"#
                    ),
                ]
                for (feature, variable, input, shown) in cases {
                    let set = try sandbox.run("set", feature, variable, input)
                    #expect(set.status == 0, "\(set.standardError)")
                    // A string is shown in quotes, so that "true" is not mistaken for the Boolean.
                    let quoted = variable == "label_text" ? "\"\(shown)\"" : shown
                    #expect(
                        set.standardOutput == "\(feature).\(variable) = \(quoted) (\(sandbox.defaultOverrides.path))\n")
                    #expect(try sandbox.run("get", feature, variable).standardOutput == shown + "\n")
                }
                let file = try String(contentsOf: sandbox.defaultOverrides, encoding: .utf8)
                #expect(file.contains(#""red_view_alpha_component": { "Value": 1.0 }"#))
                #expect(file.contains(#""label_text": { "Value": "true" }"#))
                let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.defaultOverrides.path)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
                let list = try sandbox.run("list")
                #expect(list.lines.contains { $0.contains("general.meaning_of_life") && $0.contains(" -7 ") })
            }
        }

        @Test func setRefusesValuesOfAnotherTypeAndUndeclaredTweaks() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let failures: [([String], String)] = [
                    (
                        ["general", "greet_on_app_did_become_active", "yes"],
                        #"general.greet_on_app_did_become_active: "yes" is not a Bool (expected true or false) (declared in LocalTweaks_example.json)"#
                    ),
                    (
                        ["general", "meaning_of_life", "42.5"],
                        #"general.meaning_of_life: "42.5" is not an Int (declared in LocalTweaks_example.json)"#
                    ),
                    (
                        ["ui_customization", "red_view_alpha_component", "nan"],
                        #"ui_customization.red_view_alpha_component: "nan" is not a finite Double"#
                    ),
                    (["general", "maintenance_mode", "[1]"], #"general.maintenance_mode: "[1]" is not a JSON object"#),
                    (
                        ["general", "maintenance_mode", "{"],
                        #"general.maintenance_mode: "{" is not a JSON object: the value:1:2: invalid JSON"#
                    ),
                    (
                        ["general", "nope", "1"],
                        "general.nope is not declared in LocalTweaks_example.json: set writes only declared tweaks"
                    ),
                ]
                for (arguments, message) in failures {
                    let run = try ToolRun(sandbox.process(["set"] + arguments))
                    #expect(run.status == 1, "\(arguments)")
                    #expect(run.standardError.hasPrefix("tweak: " + message), "\(run.standardError)")
                }
                #expect(!FileManager.default.fileExists(atPath: sandbox.defaultOverrides.path))
            }
        }

        @Test func resetRemovesOneOrAllOverrides() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let overrides = sandbox.folder.appendingPathComponent("mine.json").path
                _ = try sandbox.run("set", "general", "meaning_of_life", "1", "--overrides", overrides)
                _ = try sandbox.run("set", "ui_customization", "label_text", "x", "--overrides", overrides)
                let one = try sandbox.run("reset", "general", "meaning_of_life", "--overrides", overrides)
                #expect(
                    one.standardOutput
                        == "general.meaning_of_life: override removed; now 42 (LocalTweaks_example.json)\n")
                let again = try sandbox.run("reset", "general", "meaning_of_life", "--overrides", overrides)
                #expect(
                    again.status == 0
                        && again.standardOutput == "general.meaning_of_life has no override (\(overrides))\n")
                let all = try sandbox.run("reset", "--all", "--overrides", overrides)
                #expect(all.status == 0 && all.standardOutput == "removed 1 override (\(overrides))\n")
                #expect(try String(contentsOfFile: overrides, encoding: .utf8) == "{}\n")
                // The default overrides file was never touched.
                #expect(!FileManager.default.fileExists(atPath: sandbox.defaultOverrides.path))
            }
        }

        @Test func explainShowsEveryLayerAndTheDeclaration() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                _ = try sandbox.run("set", "general", "meaning_of_life", "7")
                let run = try sandbox.run("explain", "general", "meaning_of_life")
                #expect(run.status == 0)
                #expect(
                    run.standardOutput == """
                        general.meaning_of_life
                        → 1. \(sandbox.defaultOverrides.path): 7
                          2. LocalTweaks_example.json: 42
                          declared in LocalTweaks_example.json as int

                        """)
                let missing = try sandbox.run("explain", "general", "nope")
                #expect(missing.status == 1 && missing.standardOutput.contains("not found in any provider"))
                let secret = try sandbox.run("explain", "general", "encrypted_answer_to_the_universe")
                #expect(secret.status == 1 && secret.standardOutput.contains("no decryption closure is set"))
            }
        }

        /// Runs the tool with `variables` as its only `TWEAK_` environment variables.
        private func run(
            _ sandbox: ToolSandbox, environment variables: [String: String], _ arguments: String...
        ) throws -> ToolRun {
            let process = sandbox.process(arguments)
            var environment = (process.environment ?? [:]).filter { !$0.key.hasPrefix("TWEAK_") }
            environment.merge(variables) { $1 }
            process.environment = environment
            return try ToolRun(process)
        }

        /// `--environment` shows what a service with an `EnvironmentTweakProvider` on top sees: the
        /// `TWEAK_` variables win over the overrides file and the local file, read as the declared
        /// type, and a misspelt name or a value of the wrong type is a warning.
        @Test func theEnvironmentLayerIsOnTopOfTheStack() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                #expect(try sandbox.run("set", "general", "meaning_of_life", "7").status == 0)
                let variables = [
                    "TWEAK_GENERAL__MEANING_OF_LIFE": "43", "TWEAK_UI_CUSTOMIZATION__LABEL_TEXT": "42",
                    "TWEAK_GENRAL__ENABLED": "false",
                ]
                let get = try run(sandbox, environment: variables, "get", "general", "meaning_of_life", "--environment")
                #expect(get.status == 0 && get.standardOutput == "43\n", "\(get.standardError)")
                #expect(
                    get.standardError
                        == "tweak: warning: environment variable TWEAK_GENRAL__ENABLED (genral.enabled): names no "
                        + "declared tweak (a misspelt name?)\n")
                // Read as the declared type: a String, not the number 42.
                let text = try run(
                    sandbox, environment: variables, "get", "ui_customization", "label_text", "--json", "--environment")
                #expect(text.standardOutput == "\"42\"\n")
                let explain = try run(
                    sandbox, environment: variables, "explain", "general", "meaning_of_life", "--environment")
                #expect(
                    explain.standardOutput == """
                        general.meaning_of_life
                        → 1. environment: 43
                          2. \(sandbox.defaultOverrides.path): 7
                          3. LocalTweaks_example.json: 42
                          declared in LocalTweaks_example.json as int

                        """, "\(explain.standardOutput)")
                let list = try run(sandbox, environment: variables, "list", "--environment")
                let row = try #require(list.lines.first { $0.contains("general.meaning_of_life") })
                #expect(row.contains(" 43 ") && row.contains(" environment"), "\(row)")
                // Without the option, the environment is not a layer.
                let without = try run(sandbox, environment: variables, "get", "general", "meaning_of_life")
                #expect(without.standardOutput == "7\n" && without.standardError.isEmpty)
                let wrongType = try run(
                    sandbox, environment: ["TWEAK_GENERAL__MEANING_OF_LIFE": "many"], "get", "general",
                    "meaning_of_life", "--environment")
                #expect(wrongType.standardOutput == "7\n")
                #expect(
                    wrongType.standardError.contains(
                        #"environment variable TWEAK_GENERAL__MEANING_OF_LIFE (general.meaning_of_life): "many" is not an Int"#
                    ), "\(wrongType.standardError)")
            }
        }

        @Test func aUserDefaultsSuiteCanBeTheOverrideLayer() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let suite = "TweakToolTests.\(UUID().uuidString)"
                defer { ToolSandbox.removeSuite(suite) }  // on Apple platforms, a domain of the real user
                defer { _ = try? sandbox.run("reset", "--all", "--suite", suite) }
                let set = try sandbox.run("set", "general", "meaning_of_life", "5", "--suite", suite)
                #expect(set.status == 0 && set.standardOutput == "general.meaning_of_life = 5 (suite \(suite))\n")
                #expect(try sandbox.run("get", "general", "meaning_of_life", "--suite", suite).standardOutput == "5\n")
                // Another process sees it; the default overrides file is not part of this stack.
                #expect(try sandbox.run("get", "general", "meaning_of_life").standardOutput == "42\n")
                let reset = try sandbox.run("reset", "--all", "--suite", suite)
                #expect(reset.standardOutput == "removed 1 override (suite \(suite))\n")
                #expect(try sandbox.run("get", "general", "meaning_of_life", "--suite", suite).standardOutput == "42\n")
            }
        }
    }

#endif
