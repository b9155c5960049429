import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// Owner, kind and dates as `validate`, `list`, `explain` and `generate` show them.
    @Suite("tweak and lifecycle metadata", .blocking)
    struct LifecycleToolTests {
        static let tweaks = #"""
            {"checkout": {
              "enabled": {"Value": true, "Owner": "@payments", "Kind": "release", "Created": "2000-01-01",
                          "Expires": "2000-03-01"},
              "limit": {"Value": 3, "Kind": "permission"},
              "style": {"Value": "plain"}
            }}
            """#

        @Test func validateNamesTheFileTweakAndBadValue() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "good.json")
                #expect(try sandbox.run("validate", "good.json").status == 0)
                try sandbox.write(
                    #"{"f": {"v": {"Value": 1, "Expires": "2026-02-30", "Kind": "relase", "Owner": 3}}}"#,
                    to: "bad.json")
                let run = try sandbox.run("validate", "bad.json")
                #expect(run.status == 1)
                #expect(
                    run.lines.dropLast() == [
                        #"bad.json:1:37: f.v: "Expires" is "2026-02-30"; expected a day from 01 to 28 (February 2026 has 28 days)"#,
                        #"bad.json:1:59: f.v: "Kind" is "relase"; expected one of release, experiment, operational, permission"#,
                        #"bad.json:1:78: f.v: "Owner" is number; expected string"#,
                    ])
            }
        }

        @Test func listAndExplainShowTheLifecycle() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "t.json")
                let list = try sandbox.run("list", "--local", "t.json")
                #expect(
                    list.lines.dropLast() == [
                        "Ungrouped",
                        "  checkout.enabled  true     t.json  [release, owner @payments, created 2000-01-01, expires 2000-03-01]",
                        "  checkout.limit    3        t.json  [permission]",
                        #"  checkout.style    "plain"  t.json"#,
                    ])
                let json = try sandbox.run("list", "--local", "t.json", "--json")
                let entries = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
                let lifecycle = try #require(entries.first?["lifecycle"] as? [String: Any])
                #expect(lifecycle["owner"] as? String == "@payments" && lifecycle["kind"] as? String == "release")
                #expect(
                    lifecycle["created"] as? String == "2000-01-01" && lifecycle["expires"] as? String == "2000-03-01")
                #expect(entries.last?["lifecycle"] is NSNull)

                let explain = try sandbox.run("explain", "checkout", "enabled", "--local", "t.json")
                #expect(
                    explain.lines.last { !$0.isEmpty }
                        == "  owner @payments · release (expected lifetime 40 days) · created 2000-01-01 · expires 2000-03-01"
                        + " (expired)")
                let limit = try sandbox.run("explain", "checkout", "limit", "--local", "t.json")
                #expect(limit.lines.last { !$0.isEmpty } == "  owner none · permission (expected lifetime none)")
            }
        }

        @Test func generateDeprecatesWhatIsExpiredOnTheDayGiven() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "t.json")
                try sandbox.write(#"{"accessorName": "Flags"}"#, to: "config/config.json")
                let before = try sandbox.run(
                    "generate", "-l", "t.json", "-o", "out", "-c", "config", "--today", "2000-02-29")
                #expect(before.status == 0)
                let accessor = sandbox.folder.appendingPathComponent("out/Flags.swift")
                #expect(try !String(contentsOf: accessor, encoding: .utf8).contains("@available"))
                _ = try sandbox.run("generate", "-l", "t.json", "-o", "out", "-c", "config", "--today", "2000-03-01")
                #expect(
                    try String(contentsOf: accessor, encoding: .utf8).contains(
                        #"@available(*, deprecated, message: "checkout.enabled expired on 2000-03-01 (owner @payments)"#
                    ))
                let bad = try sandbox.run("generate", "-l", "t.json", "-o", "out", "-c", "config", "--today", "soon")
                #expect(bad.status == 2)
            }
        }
    }

#endif
