import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak: declared types are the schema", .blocking)
    struct DeclaredTypeToolTests {
        private let defaults = """
            {"checkout": {
                "enabled": {"Value": false},
                "max_items": {"Value": 10, "GeneratedPropertyName": "maxItems"},
                "limits": {"Value": {"max": 3, "label": "x"}}
            }}
            """

        @Test func validateAgainstChecksRemoteDocumentsInBothFormsAgainstTheDeclarations() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(defaults, to: "defaults.json")
                try sandbox.write(
                    #"{"checkout": {"max_items": "38", "enabled": "yes", "limtis": 1}}"#, to: "compact.json")
                try sandbox.write(
                    #"{"checkout": {"max_items": {"Value": 38}, "limits": {"Value": {"max": 4, "label": "y"}}}}"#,
                    to: "full.json")
                try sandbox.write(#"{"checkout": {"max_items": {"Valeu": 38}}}"#, to: "typo.json")
                let run = try sandbox.run(
                    "validate", "--against", "defaults.json", "compact.json", "full.json", "typo.json")
                #expect(run.status == 1)
                #expect(
                    run.lines.dropLast() == [
                        #"compact.json: checkout.limtis: not declared in defaults.json (a misspelt name?)"#,
                        #"compact.json: checkout.enabled: declared as bool by defaults.json, found string "yes""#,
                        #"compact.json: checkout.max_items: declared as int by defaults.json, found string "38""#,
                        #"typo.json:1:28: checkout.max_items: missing "Value""#,
                        #"typo.json:1:29: checkout.max_items: unknown field "Valeu" (a typo?)"#,
                    ], "\(run.standardOutput)")
                #expect(run.standardError == "5 problems in 2 of 3 files\n")
                let clean = try sandbox.run("validate", "--against", "defaults.json", "full.json")
                #expect(clean.status == 0 && clean.standardError == "1 file checked, no problems\n")
            }
        }

        /// A misspelt field does not hide the other tweaks' problems: all of them in one run.
        @Test func validateAgainstReportsEveryProblemInOneRun() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(defaults, to: "defaults.json")
                try sandbox.write(
                    #"""
                    {"checkout": {"enabled": {"Valeu": true}, "max_items": {"Value": "38"},
                                  "limits": [1], "limtis": 2},
                     "search": {"enabled": "yes"}}
                    """#, to: "remote.json")
                let run = try sandbox.run("validate", "--against", "defaults.json", "remote.json")
                #expect(run.status == 1)
                #expect(
                    run.lines.dropLast() == [
                        #"remote.json:1:26: checkout.enabled: missing "Value""#,
                        #"remote.json:1:27: checkout.enabled: unknown field "Valeu" (a typo?)"#,
                        #"remote.json: checkout.limtis: not declared in defaults.json (a misspelt name?)"#,
                        #"remote.json: search.enabled: not declared in defaults.json (a misspelt name?)"#,
                        #"remote.json: checkout.limits: declared as json object {"label", "max"} by defaults.json, found array [1]"#,
                        #"remote.json: checkout.max_items: declared as int by defaults.json, found string "38""#,
                    ], "\(run.standardOutput)")
                #expect(run.standardError == "6 problems in 1 of 1 file\n")
            }
        }

        /// A remote document validated as a local file: its problems, then how to check it.
        @Test func aRemoteDocumentValidatedWithoutAgainstGetsAHint() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(#"{"checkout": {"max_items": 38, "enabled": {"Value": true}}}"#, to: "remote.json")
                let run = try sandbox.run("validate", "remote.json")
                #expect(run.status == 1)
                #expect(run.standardOutput == "remote.json:1:28: checkout.max_items: found number; expected object\n")
                #expect(
                    run.standardError == """
                        tweak: remote.json looks like a remote document (values without entry objects): check it \
                        with tweak validate --against DEFAULTS remote.json, DEFAULTS being the tweaks file that \
                        declares its tweaks
                        1 problem in 1 of 1 file

                        """, "\(run.standardError)")
                // A broken local file gets no such hint.
                try sandbox.write(#"{"checkout": {"max_items": {"Valeu": 38}}}"#, to: "local.json")
                #expect(!(try sandbox.run("validate", "local.json").standardError.contains("remote document")))
            }
        }

        /// A document with thousands of problems prints the first hundred, then how many more.
        @Test func validatePrintsAtMostAHundredProblemsPerFile() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(defaults, to: "defaults.json")
                let entries = (0..<250).map { #""v\#($0)": {"Valeu": 1}"# }.joined(separator: ", ")
                try sandbox.write(#"{"checkout": {"max_items": "x", \#(entries)}}"#, to: "remote.json")
                let run = try sandbox.run("validate", "--against", "defaults.json", "remote.json")
                #expect(run.status == 1)
                #expect(run.lines.dropLast().count == 101, "\(run.standardOutput)")
                #expect(run.lines.dropLast().last == "remote.json: … and 401 more problems")
                #expect(run.standardError == "501 problems in 1 of 1 file\n")
            }
        }

        @Test func validateReportsWhatGenerateWouldReject() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    """
                    {"a": {"x": {"Value": 1, "GeneratedPropertyName": "same"}},
                     "b": {"y": {"Value": 2, "GeneratedPropertyName": "same"},
                           "z": {"Value": 3, "GeneratedPropertyName": "not valid"}}}
                    """, to: "names.json")
                let run = try sandbox.run("validate", "names.json")
                #expect(run.status == 1)
                #expect(run.lines.dropLast().count == 2, "\(run.standardOutput)")
                #expect(
                    run.lines.dropLast().allSatisfy {
                        $0.hasPrefix("names.json: ") && $0.hasSuffix("(tweak generate would reject it)")
                    })
                #expect(run.standardOutput.contains("same") && run.standardOutput.contains("not valid"))
            }
        }

        @Test func setOfAnObjectChecksTheDeclaredKeysAndKinds() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(defaults, to: "defaults.json")
                let overrides = sandbox.folder.appendingPathComponent("overrides.json").path
                func set(_ value: String) throws -> ToolRun {
                    try sandbox.run(
                        "set", "checkout", "limits", value, "--local", "defaults.json", "--overrides", overrides)
                }
                let typo = try set(#"{"max": 4, "lable": "y"}"#)
                #expect(typo.status == 1)
                #expect(
                    typo.standardError.contains(#"unknown key "lable" (declared: "label", "max")"#),
                    "\(typo.standardError)")
                let kind = try set(#"{"max": "4", "label": "y"}"#)
                #expect(kind.status == 1 && kind.standardError.contains(#""max" is string, declared as number"#))
                let missing = try set(#"{"max": 4}"#)
                #expect(missing.status == 1 && missing.standardError.contains(#"missing key "label""#))
                #expect(!FileManager.default.fileExists(atPath: overrides), "nothing written")
                let good = try set(#"{"max": 4.5, "label": "y"}"#)
                #expect(good.status == 0, "\(good.standardError)")
            }
        }
    }

#endif
