import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// `tweak audit` on sources anyone who can open a pull request can write: it must not crash,
    /// stall or flood the CI log, and must not take other code's names for tweaks.
    @Suite("tweak audit: hostile and real sources", .blocking)
    struct AuditHostileSourceTests {
        static let tweaks = #"{"checkout": {"enabled": {"Value": true, "Owner": "@payments"}}}"#

        func audit(_ sandbox: ToolSandbox, _ extra: String...) throws -> ToolRun {
            try ToolRun(
                sandbox.process(
                    ["audit", "--sources", "Sources", "--local", "Tweaks.json", "--today", "2026-11-23"] + extra))
        }

        @Test func deeplyNestedInterpolationDoesNotCrash() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Tweaks.json")
                // 25 kB: the size that overflowed the stack of a recursive lexer.
                let depth = 5_000
                let nested = String(repeating: #""\("#, count: depth) + "1" + String(repeating: #")""#, count: depth)
                try sandbox.write(
                    "let x = \(nested)\nlet on = manager.isFeatureEnabled(\"checkout\")\n", to: "Sources/Deep.swift")
                let run = try audit(sandbox, "--fail-on", "all")
                #expect(run.status == 0, "\(run.standardError)")
                #expect(run.standardError.hasPrefix("no findings in 1 Swift file"))
            }
        }

        @Test func aNameStandingForThousandsOfStringsIsOneFindingNotTheirProduct() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Tweaks.json")
                var lines = (0..<2_000).map { "extension Flags { static let name = \"f\($0)\" }" }
                lines += (0..<2_000).map { "enum Alias\($0) { static let name = Flags.name }" }
                lines.append("let a = try manager.tweakWith(feature: Flags.name, variable: Alias1.name)")
                lines.append("let b = manager.isFeatureEnabled(\"checkout\")")
                try sandbox.write(lines.joined(separator: "\n"), to: "Sources/Aliases.swift")
                let run = try audit(sandbox)
                #expect(run.status == 0)
                #expect(
                    run.lines == [
                        "Sources/Aliases.swift:4001: unresolved: `Flags.name` stands for 17 or more different strings: "
                            + "the audit cannot tell which tweak this names",
                        "Sources/Aliases.swift:4001: unresolved: `Alias1.name` stands for 17 or more different strings: "
                            + "the audit cannot tell which tweak this names", "",
                    ], "\(run.standardOutput.prefix(2_000))")
            }
        }

        @Test func findingsBeyondTheLimitAreCountedNotPrinted() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Tweaks.json")
                let calls = (0..<1_500).map { "let v\($0) = manager.isFeatureEnabled(\"nope\($0)\")" }
                // The same problem twice on one line is one finding.
                let twice = "let w = (manager.isFeatureEnabled(\"twice\"), manager.isFeatureEnabled(\"twice\"))"
                try sandbox.write((calls + [twice]).joined(separator: "\n"), to: "Sources/Many.swift")
                let run = try audit(sandbox, "--fail-on", "undeclared")
                #expect(run.status == 1)
                #expect(run.lines.count == 1_002, "1,000 findings, the rest counted, and the final newline")
                #expect(run.lines[1_000] == "… and 502 more findings (see --max-findings)")
                #expect(run.standardError.hasPrefix("1501 undeclared, 1 unreferenced in 1 Swift file"))
                let few = try audit(sandbox, "--max-findings", "2", "--json")
                let object = try JSONSerialization.jsonObject(with: Data(few.standardOutput.utf8)) as? [String: Any]
                #expect((object?["findings"] as? [Any])?.count == 2)
                #expect(object?["omittedFindings"] as? Int == 1_500)
                #expect(try audit(sandbox, "--max-findings", "0").status == 2)
            }
        }

        @Test func aLongNameIsShownShortened() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Tweaks.json")
                let long = String(repeating: "x", count: 100_000)
                let calls = (0..<50).map { "let v\($0) = manager.isFeatureEnabled(Long.name)" }
                try sandbox.write(
                    (["enum Long { static let name = \"\(long)\" }"] + calls).joined(separator: "\n"),
                    to: "Sources/Long.swift")
                let run = try audit(sandbox, "--json")
                #expect(run.standardOutput.utf8.count < 50 * 1_000, "50 findings, each short")
                let text = try audit(sandbox)
                #expect(
                    text.lines.first?.hasSuffix(
                        String(repeating: "x", count: 197) + "… is not declared in any local file") == true)
            }
        }

        @Test func qualifiedNamesResolveByTheirQualifier() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Tweaks.json")
                // Like swift-nio's channel handlers: their own `name` constants are not tweaks.
                try sandbox.write(
                    #"""
                    final class HeadHandler { static let name = "head" }
                    final class TailHandler { static let name = "tail" }
                    enum CheckoutFlag { static let name = "checkout" }
                    enum Nested { enum Flag { static let name = "checkout" } }
                    extension App.Checkout { static let name = "checkout" }
                    struct Screen {
                        static let name = "checkout"
                        var on: Bool { manager.isFeatureEnabled(name) }
                    }
                    let a = manager.isFeatureEnabled(CheckoutFlag.name)
                    let b = manager.isFeatureEnabled(Nested.Flag.name)
                    let c = manager.isFeatureEnabled(Flag.name)
                    let d = manager.isFeatureEnabled(Checkout.name)
                    """#, to: "Sources/App.swift")
                let run = try audit(sandbox, "--fail-on", "undeclared,unresolved")
                #expect(run.status == 0, "\(run.standardOutput)")
                #expect(run.standardOutput.isEmpty)
            }
        }

        @Test func aBareEnabledMemberIsNoReferenceToATweak() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Tweaks.json")
                try sandbox.write("func f() { compression.enabled = true }\n", to: "Sources/Compression.swift")
                let run = try audit(sandbox, "--fail-on", "unreferenced")
                #expect(run.status == 1)
                #expect(run.lines.first == "Tweaks.json: unreferenced: checkout.enabled: declared but never referenced")
            }
        }
    }

#endif
