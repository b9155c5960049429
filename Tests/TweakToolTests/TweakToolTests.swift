import Foundation
import TestSupport
import Testing

@testable import tweak

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak list and usage", .blocking)
    struct TweakToolTests {
        @Test func listPrintsTheExampleCatalogGroupedWithSecretsRedacted() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let run = try sandbox.run("list")
                #expect(run.status == 0, "\(run.standardError)")
                let lines = run.lines
                #expect(lines.first == "General")
                #expect(lines.contains("Maintenance") && lines.contains("UI Customization"))
                let meaning = try #require(lines.first { $0.contains("general.meaning_of_life") })
                #expect(
                    meaning.contains(" 42 ") && meaning.contains("LocalTweaks_example.json")
                        && meaning.hasSuffix("Meaning of life"))
                let secret = try #require(lines.first { $0.contains("encrypted_answer_to_the_universe") })
                #expect(secret.contains("<encrypted>") && secret.contains("LocalTweaks_example.json"))
                #expect(!run.standardOutput.contains("yletinifeD") && !run.standardOutput.contains("Definitely"))
                #expect(run.standardOutput.contains("ui_customization.red_view_alpha_component  1.0 "))
            }
        }

        @Test func theReadmeCommandRunsInThePackageRoot() throws {
            let run = try ToolRun("list")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("general.meaning_of_life"))
        }

        @Test func decryptRevealsSecretsThroughAShellCommand() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let run = try sandbox.run("list", "--decrypt", "rev")
                #expect(run.status == 0, "\(run.standardError)")
                let secret = try #require(run.lines.first { $0.contains("encrypted_answer_to_the_universe") })
                #expect(secret.contains(#" "Definitely not 42" "#))
                // The command sees the tweak's names; a failing command is reported per tweak.
                let failing = try sandbox.run("list", "--decrypt", "echo $TWEAK_VARIABLE >&2; exit 3")
                #expect(failing.status == 0)
                let line = try #require(failing.lines.first { $0.contains("encrypted_answer_to_the_universe") })
                #expect(
                    line.contains(
                        "<error: general.encrypted_answer_to_the_universe is not supported: the decryption command failed with status 3: encrypted_answer_to_the_universe>"
                    ))
            }
        }

        @Test func listJSONGivesTypedValuesAndRedactsSecrets() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let run = try sandbox.run("list", "--json")
                #expect(run.status == 0, "\(run.standardError)")
                let entries = try #require(
                    try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
                #expect(entries.count == 12)
                let byName = Dictionary(
                    uniqueKeysWithValues: entries.map { ("\($0["feature"]!).\($0["variable"]!)", $0) })
                let meaning = try #require(byName["general.meaning_of_life"])
                #expect(meaning["value"] as? Int == 42 && meaning["kind"] as? String == "int")
                #expect(meaning["group"] as? String == "General" && meaning["title"] as? String == "Meaning of life")
                #expect(meaning["source"] as? String == "LocalTweaks_example.json")
                #expect(byName["ui_customization.red_view_alpha_component"]?["kind"] as? String == "double")
                let maintenance = try #require(byName["general.maintenance_mode"]?["value"] as? [String: Any])
                #expect(maintenance["title"] as? String == "Under maintenance")
                let secret = try #require(byName["general.encrypted_answer_to_the_universe"])
                #expect(secret["value"] is NSNull && secret["encrypted"] as? Bool == true && secret["error"] == nil)
                #expect(!run.standardOutput.contains("yletinifeD"))

                let revealed = try sandbox.run("list", "--json", "--decrypt", "rev")
                #expect(revealed.standardOutput.contains(#""value": "Definitely not 42", "kind": "string""#))
            }
        }

        @Test func laterLocalFilesHaveLowerPriority() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(#"{"f": {"v": {"Value": 1, "Group": "G"}}}"#, to: "high.json")
                try sandbox.write(#"{"f": {"v": {"Value": 2}, "w": {"Value": "low"}}}"#, to: "low.json")
                let run = try sandbox.run("list", "--local", "high.json", "--local=low.json")
                #expect(run.status == 0, "\(run.standardError)")
                #expect(run.standardOutput == "G\n  f.v  1  high.json\n\nUngrouped\n  f.w  \"low\"  low.json\n")
            }
        }

        @Test func aBadFileFailsWithTheLoadError() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write("{\"f\": {\"v\": {\"Valeu\": 1}}}", to: "bad.json")
                let run = try sandbox.run("list", "--local", "bad.json")
                #expect(run.status == 1)
                #expect(run.standardOutput.isEmpty)
                #expect(run.standardError.contains("bad.json:1:14: f.v: unknown field \"Valeu\""))
                let missing = try sandbox.run("list", "--local", "missing.json")
                #expect(missing.status == 1 && missing.standardError.contains("missing.json: cannot be read"))
                // A broken overrides file is reported, not overwritten.
                try sandbox.copyExample()
                let overrides = try sandbox.write("{", to: "overrides.json")
                let broken = try sandbox.run("list", "--overrides", "overrides.json")
                #expect(broken.status == 1 && broken.standardError.contains("overrides.json:1:2: invalid JSON"))
                let set = try sandbox.run("set", "general", "meaning_of_life", "1", "--overrides", "overrides.json")
                #expect(set.status == 1)
                #expect(try String(contentsOf: overrides, encoding: .utf8) == "{")
            }
        }

        @Test(arguments: [
            ["list", "extra"], ["list", "--local"], ["list", "--remotes", "x"], [], ["list", "--json=yes"],
            ["get", "general"], ["set", "general", "meaning_of_life"], ["reset"], ["reset", "--all", "f", "v"],
            ["validate"], ["generate", "-l", "x.json", "-o", "out"], ["list", "--suite", "a", "--suite", "b"],
            ["help", "me"], ["watch", "now"],
        ])
        func badUsageExitsWithStatusTwoAndAOneLineHint(arguments: [String]) throws {
            try ToolSandbox.with { sandbox in
                let run = try ToolRun(sandbox.process(arguments))
                #expect(run.status == 2)
                let lines = run.standardError.split(separator: "\n")
                #expect(lines.count == 2, "the error and a hint, not the usage text: \(run.standardError)")
                #expect(lines.first?.hasPrefix("tweak: ") == true)
                let command = arguments.first.flatMap { $0 == "help" ? nil : $0 }
                #expect(lines.last == "run 'tweak help\(command.map { " \($0)" } ?? "")' for usage")
                #expect(run.standardOutput.isEmpty)
            }
        }

        @Test func helpPrintsTheUsage() throws {
            let run = try ToolRun("help")
            #expect(run.status == 0 && run.standardOutput.hasPrefix("usage: tweak <command>"))
            #expect(try ToolRun("--help").standardOutput == run.standardOutput)
        }

        @Test func helpForACommandPrintsItsEntryAndItsOptions() throws {
            let audit = try ToolRun("help", "audit")
            #expect(audit.status == 0)
            #expect(audit.lines.first == "command:")
            #expect(audit.lines[1].hasPrefix("  audit --sources DIR..."))
            #expect(audit.lines.contains("audit options:") && audit.standardOutput.contains("--max-findings N"))
            #expect(!audit.standardOutput.contains("stack options") && !audit.standardOutput.contains("  list "))
            let get = try ToolRun("help", "get")
            #expect(
                get.standardOutput.contains("stack options (list, get,") && get.standardOutput.contains("--context"))
            #expect(!get.standardOutput.contains("audit options:"))
            let unknown = try ToolRun("help", "lst")
            #expect(unknown.status == 2 && unknown.standardError.contains("did you mean 'list'?"))
        }

        @Test func argumentParsing() throws {
            let syntax = { (command: String) -> CommandLineArguments.Syntax? in
                command == "c"
                    ? .init(valueOptions: ["local", "output"], flags: ["json"], aliases: ["-o": "output"]) : nil
            }
            let parsed = try CommandLineArguments(
                ["c", "a", "--local", "x.json", "-5", "--local=y.json", "--json", "-o", "out", "--", "--json"],
                commands: ["c"], syntax: syntax)
            #expect(parsed.command == "c" && parsed.positional == ["a", "-5", "--json"])
            #expect(parsed.values(of: "local") == ["x.json", "y.json"])
            #expect(parsed.flags == ["json"])
            #expect(try parsed.value(of: "output") == "out")
            #expect(throws: CommandLineArguments.UsageError(description: "--local may be given only once")) {
                try parsed.value(of: "local")
            }
            #expect(throws: CommandLineArguments.UsageError(description: "c takes F V")) {
                try parsed.positional("F", "V")
            }
            let failures: [([String], String)] = [
                ([], "missing command"), (["c", "--local"], "--local needs a value"),
                (["c", "-o"], "-o needs a value"), (["c", "--json=1"], "--json takes no value"),
                (["c", "--remote", "u"], "unknown option --remote for c"),
                (["c", "--lokal", "u"], "unknown option --lokal for c; did you mean --local?"),
            ]
            for (arguments, message) in failures {
                #expect(throws: CommandLineArguments.UsageError(description: message)) {
                    try CommandLineArguments(arguments, commands: ["c"], syntax: syntax)
                }
            }
        }

        @Test func outsideAProjectTheToolSaysToUseLocal() throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            let run = try sandbox.run("list")
            #expect(run.status == 1)
            #expect(run.standardError.contains("no LocalTweaks_example.json in "), "\(run.standardError)")
            #expect(run.standardError.contains("--local FILE"))
        }

        @Test func aMistypedCommandGetsASuggestionNotTheWholeUsage() throws {
            let run = try ToolRun("lst")
            #expect(run.status == 2)
            #expect(
                run.standardError.hasPrefix("tweak: unknown command 'lst'; did you mean 'list'? (commands: list, get,"))
            #expect(run.standardError.split(separator: "\n").count == 1, "one line, not the usage text")
            let unknown = try ToolRun("frobnicate")
            #expect(unknown.status == 2 && !unknown.standardError.contains("did you mean"))
            // Each command once, though the usage lists `validate` twice.
            #expect(
                unknown.standardError.contains(
                    "(commands: list, get, explain, set, reset, validate, generate, watch, bucket, audit, help;"),
                "\(unknown.standardError)")
            #expect(Suggestion.closest(to: "expalin", in: TweakTool.commands) == "explain")
            #expect(Suggestion.closest(to: "ge", in: TweakTool.commands) == "get")
            #expect(Suggestion.closest(to: "x", in: TweakTool.commands) == nil)
        }
    }

#endif
