import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak --context and tweak bucket", .blocking)
    struct TargetingCommandTests {
        static let document = #"""
            {"$conditions": [
               {"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}},
               {"name": "rollout", "percent": {"seed": "abcdef", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}}],
             "checkout": {"enabled": {"Value": false, "ConditionalValues": {"rollout": true, "beta": true}}}}
            """#

        @Test func getExplainAndListTakeAContext() throws {
            try ToolSandbox.with { sandbox throws in
                try sandbox.write(Self.document, to: "Flags.json")
                #expect(
                    try sandbox.run("get", "checkout", "enabled", "--local", "Flags.json").standardOutput == "false\n")
                let beta = try sandbox.run(
                    "get", "checkout", "enabled", "--local", "Flags.json", "--context", "plan=beta")
                #expect(beta.standardOutput == "true\n", "\(beta.standardError)")
                // abcdef.123 falls at 9,571,542: inside the 10 % rollout.
                let rolledOut = try sandbox.run(
                    "explain", "checkout", "enabled", "--local", "Flags.json", "--context", "randomizationId=123",
                    "--context", "plan=free")
                #expect(rolledOut.status == 0)
                #expect(rolledOut.standardOutput.contains("condition \"rollout\""))
                #expect(rolledOut.standardOutput.contains("micro-percentile 9571542"))
                let list = try sandbox.run("list", "--local", "Flags.json", "--context=plan=beta")
                #expect(list.lines.contains { $0.contains("checkout.enabled") && $0.contains("true") })
                #expect(list.lines.contains { $0.contains("if beta: true") })
                // In the document's order of conditions, not the entry's.
                let betaLine = try #require(list.lines.firstIndex { $0.contains("if beta") })
                let rolloutLine = try #require(list.lines.firstIndex { $0.contains("if rollout: true") })
                #expect(betaLine < rolloutLine)
                let json = try sandbox.run("list", "--local", "Flags.json", "--json")
                #expect(
                    json.standardOutput.contains(
                        #""conditionalValues": [{"condition":"beta","value":true},{"condition":"rollout","value":true}]"#
                    ),
                    "\(json.standardOutput)")
                let bad = try sandbox.run("get", "checkout", "enabled", "--local", "Flags.json", "--context", "plan")
                #expect(bad.status != 0 && bad.standardError.contains("KEY=VALUE"))
            }
        }

        @Test func aMisspeltRandomizationIdIsWarnedAbout() throws {
            try ToolSandbox.with { sandbox throws in
                try sandbox.write(Self.document, to: "Flags.json")
                for key in ["randomizationid", "randomizationID_", "RandomizationId"] {
                    let run = try sandbox.run(
                        "get", "checkout", "enabled", "--local", "Flags.json", "--context", "\(key)=123")
                    #expect(run.status == 0)
                    #expect(
                        run.standardError.contains(
                            "tweak: warning: --context \(key)=…: \"\(key)\" is an attribute; did you mean randomizationId?"
                        ), "\(run.standardError)")
                }
                for key in ["randomizationId", "randomizationID", "plan"] {
                    let run = try sandbox.run(
                        "get", "checkout", "enabled", "--local", "Flags.json", "--context", "\(key)=123")
                    #expect(run.status == 0 && run.standardError.isEmpty, "\(key): \(run.standardError)")
                }
            }
        }

        @Test func listQuotesConditionalStrings() throws {
            try ToolSandbox.with { sandbox throws in
                try sandbox.write(
                    #"""
                    {"$conditions": [{"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}}],
                     "checkout": {"limit": {"Value": "5", "ConditionalValues": {"beta": "38"}},
                                  "count": {"Value": 5, "ConditionalValues": {"beta": 38}}}}
                    """#, to: "Flags.json")
                let list = try sandbox.run("list", "--local", "Flags.json")
                #expect(list.lines.contains("      if beta: \"38\""), "\(list.standardOutput)")
                #expect(list.lines.contains("      if beta: 38"), "\(list.standardOutput)")
            }
        }

        @Test func bucketPrintsTheMicroPercentile() throws {
            try ToolSandbox.with { sandbox throws in
                #expect(
                    try sandbox.run("bucket", "--seed", "abcdef", "--id", "123").standardOutput
                        == "9571542 (9.571542 %)\n")
                #expect(try sandbox.run("bucket", "--seed", "", "--id", "😊").standardOutput.hasPrefix("9911325 "))
                #expect(try sandbox.run("bucket", "--seed", "abcdef").status != 0)
            }
        }

        @Test func validateReportsTargetingProblems() throws {
            try ToolSandbox.with { sandbox throws in
                let text = Self.document.replacingOccurrences(of: "STRING_EXACTLY_MATCHES", with: "STRING_EXACTLY")
                try sandbox.write(text, to: "Bad.json")
                let run = try sandbox.run("validate", "Bad.json")
                #expect(run.status != 0)
                #expect(
                    (run.standardOutput + run.standardError).contains(
                        "condition \"beta\": unknown custom-signal operator \"STRING_EXACTLY\""))
            }
        }
    }

#endif
