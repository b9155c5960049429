import Foundation
import TestSupport
import Testing

@testable import tweak

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// What the tool prints from files and sources is escaped: a line break in a name must not start
    /// a line of its own (a forged `::error` annotation in a CI log), an escape must not reach the
    /// terminal.
    @Suite("tweak: printed text is escaped", .blocking)
    struct PrintedTextTests {
        /// No line of `run`'s output starts like a CI annotation, and none holds an escape.
        private func expectNothingForged(_ run: ToolRun, sourceLocation: SourceLocation = #_sourceLocation) {
            let text = run.standardOutput + run.standardError
            let lines = text.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("::") }, "\(text)", sourceLocation: sourceLocation)
            #expect(!text.unicodeScalars.contains("\u{1B}"), "\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("\r"), "\(text)", sourceLocation: sourceLocation)
        }

        @Test func auditPrintsAForgedNameOnItsOwnLine() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(#"{"checkout": {"enabled": {"Value": true, "Owner": "@a"}}}"#, to: "Tweaks.json")
                try sandbox.write(
                    #"""
                    let a = manager.isFeatureEnabled("x\n::error file=App.swift,line=1::forged\n")
                    let b = manager.isFeatureEnabled("\u{1B}[2Jy")
                    let c = manager.isFeatureEnabled("checkout")
                    """#, to: "Sources/App.swift")
                let run = try sandbox.run(
                    "audit", "--sources", "Sources", "--local", "Tweaks.json", "--today", "2026-01-01")
                expectNothingForged(run)
                #expect(
                    run.standardOutput.contains(#"x\n::error file=App.swift,line=1::forged\n.enabled is not declared"#))
                #expect(run.standardOutput.contains(#"\u001b[2Jy.enabled is not declared"#), "\(run.standardOutput)")
                let json = try sandbox.run(
                    "audit", "--sources", "Sources", "--local", "Tweaks.json", "--today", "2026-01-01", "--json")
                expectNothingForged(json)
                let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
                let features = (object?["findings"] as? [[String: Any]])?.compactMap { $0["feature"] as? String }
                #expect(features?.contains("x\n::error file=App.swift,line=1::forged\n") == true)
            }
        }

        @Test func validateAndListEscapeWhatTheFileSays() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(#"{"f\n::error::forged": {"v": {"Value": 1}}}"#, to: "Key.json")
                try sandbox.write(#"{"f": {"v\u001b[2J": {"Value": 1}}}"#, to: "Escape.json")
                let run = try sandbox.run("validate", "Key.json", "Escape.json")
                #expect(run.status == 1)
                expectNothingForged(run)
                #expect(
                    run.standardOutput.contains(#"the feature name "f\n::error::forged" holds a control character"#))
                #expect(run.standardOutput.contains(#"the variable name "v\u001b[2J" holds a control character"#))

                try sandbox.write(
                    #"{"f": {"v": {"Value": "a", "Title": "t\u001b]0;owned\u0007", "Group": "g\n::error::forged"}}}"#,
                    to: "Tweaks.json")
                let list = try sandbox.run("list", "--local", "Tweaks.json")
                #expect(list.status == 0)
                expectNothingForged(list)
                #expect(list.standardOutput.hasPrefix(#"g\n::error::forged"#), "\(list.standardOutput)")
                #expect(list.standardOutput.contains(#"t\u001b]0;owned\u0007"#))
            }
        }

        @Test func printableEscapesControlsLineSeparatorsAndBidiOverrides() {
            #expect(Console.printable("plain é 😊") == "plain é 😊")
            #expect(Console.printable("a\nb\r\tc\u{1B}d\u{7F}\u{9B}") == #"a\nb\r\tc\u001bd\u007f\u009b"#)
            #expect(Console.printable("x\u{2028}y\u{202E}z\u{2066}") == #"x\u2028y\u202ez\u2066"#)
            #expect(Console.printable(Console.printable("a\nb")) == #"a\nb"#)
        }
    }

#endif
