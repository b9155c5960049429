import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak validate and generate", .blocking)
    struct ValidateAndGenerateTests {
        @Test func validateListsEveryProblemOfEveryFile() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                let clean = try sandbox.run("validate", "LocalTweaks_example.json")
                #expect(clean.status == 0 && clean.standardOutput.isEmpty)
                #expect(clean.standardError == "1 file checked, no problems\n")

                try sandbox.write(
                    """
                    {
                      "f": {
                        "a": {"Value": 1, "Tittle": "x"},
                        "b": {"Title": 2}
                      },
                      "f": {}
                    }
                    """, to: "bad.json")
                try sandbox.write("[1,", to: "broken.json")
                let run = try sandbox.run(
                    "validate", "bad.json", "LocalTweaks_example.json", "broken.json", "missing.json")
                #expect(run.status == 1)
                #expect(run.lines.dropLast().count == 6)
                #expect(
                    Array(run.lines.prefix(5)) == [
                        #"bad.json:3:23: f.a: unknown field "Tittle" (a typo?)"#,
                        #"bad.json:4:10: f.b: missing "Value""#,
                        #"bad.json:4:20: f.b: "Title" is number; expected string"#,
                        #"bad.json:6:3: duplicate key "f""#,
                        "broken.json:1:4: invalid JSON: unexpected end of document",
                    ])
                #expect(run.lines[5].hasPrefix("missing.json: cannot be read: "))
                #expect(run.standardError == "6 problems in 3 of 4 files\n")
            }
        }

        @Test func validateIsStrictAboutTheFormatVersionAndUnknownFields() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(#"{"$schemaVersion": 1, "f": {"a": {"Value": 1}}}"#, to: "current.json")
                let current = try sandbox.run("validate", "current.json")
                #expect(current.status == 0 && current.standardOutput.isEmpty, "\(current.standardOutput)")

                // What a remote document may use (a later version, a later field) is an error in a file.
                try sandbox.write(
                    #"{"$schemaVersion": 2, "$segments": {}, "f": {"a": {"Value": 1, "Rules": []}}}"#, to: "later.json")
                let later = try sandbox.run("validate", "later.json")
                #expect(later.status == 1)
                #expect(
                    later.lines.dropLast() == [
                        #"later.json:1:20: "$schemaVersion" is 2; this version of Tweaks reads format 1 at most"#
                            + " (update Tweaks)",
                        #"later.json:1:23: unknown field "$segments" (a typo?)"#,
                        #"later.json:1:64: f.a: unknown field "Rules" (a typo?)"#,
                    ])
                #expect(later.standardError == "3 problems in 1 of 1 file\n")
            }
        }

        @Test func generateWritesTheAccessorOnceAndReportsEveryProblem() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.copyExample()
                try sandbox.write(
                    #"{"accessorName": "ExampleTweaks", "accessLevel": "public"}"#, to: "config/config.json")
                let run = try sandbox.run(
                    "generate", "-l", "LocalTweaks_example.json", "-o", "Generated", "-c", "config")
                #expect(run.status == 0, "\(run.standardError)")
                let accessor = sandbox.folder.appendingPathComponent("Generated/ExampleTweaks.swift").path
                let constants = sandbox.folder.appendingPathComponent("Generated/ExampleTweaks+Constants.swift").path
                #expect(run.standardOutput == "wrote \(accessor)\nwrote \(constants)\n")
                let source = try String(contentsOfFile: accessor, encoding: .utf8)
                #expect(source.contains("public final class ExampleTweaks: Sendable {"))
                #expect(source.contains("public var meaningOfLife: Int {"))

                // JustTweak's long option names; the second run changes nothing.
                let again = try sandbox.run(
                    "generate", "--local-tweaks-file-path", "LocalTweaks_example.json", "--output-folder", "Generated",
                    "--configuration-folder", "config/config.json")
                #expect(
                    again.status == 0 && again.standardOutput.isEmpty, "the build plugin runs it on every build: silent"
                )

                try sandbox.write(
                    #"{"f": {"enabled": {"Value": true}}, "g": {"enabled": {"Value": null}, "x": {"Value": []}}}"#,
                    to: "bad.json")
                let bad = try sandbox.run("generate", "-l", "bad.json", "-o", "BadOutput", "-c", "config")
                #expect(bad.status == 1 && bad.standardOutput.isEmpty)
                #expect(
                    bad.standardError == """
                        \(sandbox.folder.path)/bad.json:1:64: error: g.enabled: "Value" is null; expected Boolean, number, string, object or array

                        """)
                try sandbox.write(
                    #"{"f": {"enabled": {"Value": true}}, "g": {"enabled": {"Value": 1}}}"#, to: "bad.json")
                let names = try sandbox.run("generate", "-l", "bad.json", "-o", "BadOutput", "-c", "config")
                #expect(names.status == 1)
                #expect(
                    names.standardError.hasSuffix(
                        #"bad.json: error: g.enabled: the property name "enabled" is also used by f.enabled; set "GeneratedPropertyName" on one of them"#
                            + "\n"))
                #expect(
                    !FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("BadOutput").path))

                let noConfig = try sandbox.run("generate", "-l", "LocalTweaks_example.json", "-o", "X", "-c", "nowhere")
                #expect(
                    noConfig.status == 1
                        && noConfig.standardError.contains("nowhere/config.json: error: cannot be read"))
            }
        }
    }

#endif
