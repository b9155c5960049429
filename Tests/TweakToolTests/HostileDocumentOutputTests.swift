import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// Documents whose names, conditions, seeds and values try to start lines of their own in the
    /// tool's output (a forged `::error` annotation in a CI log), with every character a common
    /// reader breaks a line at, and to drive the terminal.
    enum HostileDocuments {
        /// What a document appends to each text it controls: each line break a reader may split at
        /// (Python's `splitlines()` splits at all of them), each followed by a forged annotation; then
        /// a terminal escape and a right-to-left override. As JSON escapes.
        static let tail =
            [#"\n"#, #"\r"#, #"\u2028"#, #"\u2029"#, #"\u0085"#, #"\u000b"#, #"\u000c"#, #"\u001c"#, #"\u001e"#]
            .map { $0 + "::error file=App.swift,line=1::forged" }.joined() + #"\u001b[2J\u202e"#

        /// The same for XML (a plist): the characters XML 1.0 allows.
        static let xmlTail =
            ["&#10;", "&#13;", "&#8232;", "&#8233;", "&#133;"].map { $0 + "::error file=App.swift,line=1::forged" }
            .joined() + "&#8238;"

        /// A tweaks document: conditions and a seed, a title, a description, a group and string values.
        static let tweaks = #"""
            {"$conditions": [
               {"name": "beta\#(tail)", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}},
               {"name": "rollout", "percent": {"seed": "seed\#(tail)", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}}],
             "checkout": {
               "enabled": {"Value": false, "Title": "title\#(tail)", "Description": "description\#(tail)",
                           "Group": "group\#(tail)", "ConditionalValues": {"rollout": true, "beta\#(tail)": true}},
               "banner": {"Value": "value\#(tail)", "ConditionalValues": {"beta\#(tail)": "conditional\#(tail)"}}}}
            """#

        /// A Firebase server template: conditions, a seed, a description, values; with `names`, a
        /// parameter name and a group name too (a local file with those is refused, naming them).
        static func template(names: Bool) -> String {
            names ? templateText.replacingOccurrences(of: #""parameters": {"#, with: hostileParameters) : templateText
        }

        private static let hostileParameters = #"""
            "parameterGroups": {"group\#(tail)": {"parameters": {"grouped": {"defaultValue": {"value": "3"}, "valueType": "NUMBER"}}}},
             "parameters": {"\#(hostileNameJSON)": {"defaultValue": {"value": "value\#(tail)"}, "valueType": "STRING"},
            """#

        private static let templateText = #"""
            {"conditions": [
               {"name": "beta\#(tail)", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [
                 {"customSignal": {"customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "plan", "targetCustomSignalValues": ["beta"]}}]}}]}}},
               {"name": "half", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [
                 {"percent": {"percentOperator": "BETWEEN", "seed": "seed\#(tail)", "microPercentRange": {"microPercentLowerBound": 0, "microPercentUpperBound": 50000000}}}]}}]}}}],
             "parameters": {
               "checkout.enabled": {"defaultValue": {"value": "false"}, "conditionalValues": {"beta\#(tail)": {"value": "true"}, "half": {"value": "true"}},
                                    "valueType": "BOOLEAN", "description": "description\#(tail)"},
               "checkout.banner": {"defaultValue": {"value": "value\#(tail)"}, "valueType": "STRING"}},
             "version": {"versionNumber": "1"}}
            """#

        /// A Firebase defaults plist: a key and a string value.
        static let plist = """
            <plist version="1.0"><dict><key>checkout.banner</key><string>value\(xmlTail)</string>\
            <key>name\(xmlTail)</key><string>value\(xmlTail)</string></dict></plist>
            """

        /// The declarations remote documents are checked against and read above.
        static let defaults = #"{"checkout": {"enabled": {"Value": false}, "banner": {"Value": "plain"}}}"#

        /// A name the document chose, as a command-line argument: the plist's and the template's.
        static let hostileName =
            "name"
            + ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"].map { $0 + "::error file=App.swift,line=1::forged" }
            .joined() + "\u{202E}"

        /// ``hostileName`` in JSON.
        private static let hostileNameJSON =
            "name"
            + [#"\n"#, #"\r"#, #"\u2028"#, #"\u2029"#, #"\u0085"#].map { $0 + "::error file=App.swift,line=1::forged" }
            .joined() + #"\u202e"#

        /// Sources that read the tweaks, for `audit`.
        static let source = #"let a = manager.isFeatureEnabled("checkout")"#

        /// No line of `text`, split wherever a common reader splits (Python's `splitlines()`), starts
        /// with text from a document, and no terminal escape or bidirectional override is in it.
        static func expectNothingForged(
            _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let breaks: Set<Unicode.Scalar> = [
                "\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2028}", "\u{2029}",
            ]
            let lines = String(String.UnicodeScalarView(text.unicodeScalars.map { breaks.contains($0) ? "\n" : $0 }))
                .split(separator: "\n")
            let forged = lines.filter { $0.drop { $0 == " " }.hasPrefix("::") }
            #expect(forged.isEmpty, "\(what): \(forged)\n\(text)", sourceLocation: sourceLocation)
            #expect(
                !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(what): \(text)",
                sourceLocation: sourceLocation)
        }

        /// Checks one run: nothing forged on standard output or error, and JSON output (`--json`)
        /// still valid JSON.
        static func check(_ run: ToolRun, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            let what = arguments.joined(separator: " ")
            expectNothingForged(run.standardOutput, "\(what) (standard output)", sourceLocation: sourceLocation)
            expectNothingForged(run.standardError, "\(what) (standard error)", sourceLocation: sourceLocation)
            if arguments.contains("--json"), run.status == 0 {
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8), options: .fragmentsAllowed))
                        != nil, "\(what): not JSON: \(run.standardOutput)", sourceLocation: sourceLocation)
            }
        }

        /// The reading commands, each with `layer` (the options that bring the document in) and the
        /// contexts that make conditions and seeds part of the explanation.
        static func readingCommands(_ layer: [String]) -> [[String]] {
            let beta = ["--context", "randomizationId=1", "--context", "plan=beta"]
            let free = ["--context", "randomizationId=1", "--context", "plan=free"]
            return [
                ["list"] + layer, ["list", "--json"] + layer, ["list"] + layer + beta,
                ["get", "checkout", "banner"] + layer, ["get", "checkout", "banner", "--json"] + layer + beta,
                ["get", "firebase", hostileName] + layer, ["get", "firebase", hostileName, "--json"] + layer,
                ["explain", "checkout", "enabled"] + layer + beta, ["explain", "checkout", "enabled"] + layer + free,
                ["explain", "checkout", "banner"] + layer + beta, ["explain", "firebase", hostileName] + layer,
            ]
        }
    }

    @Suite("tweak: no document starts a line of the output", .blocking)
    struct HostileDocumentOutputTests {
        /// Every command over each local format: list, get, explain, validate and audit.
        @Test(arguments: ["tweaks", "firebase-template", "firebase-defaults-plist"])
        func localDocuments(format name: String) throws {
            let (file, text, format) =
                switch name {
                case "tweaks": ("Tweaks.json", HostileDocuments.tweaks, [String]())
                case "firebase-template":
                    ("template.json", HostileDocuments.template(names: false), ["--format", name])
                default: ("RemoteConfigDefaults.plist", HostileDocuments.plist, [])
                }
            try ToolSandbox.with { sandbox in
                try sandbox.write(text, to: file)
                try sandbox.write(HostileDocuments.source, to: "Sources/App.swift")
                var printed = ""
                let commands =
                    HostileDocuments.readingCommands(["--local", file] + format) + [
                        ["validate", file] + format,
                        ["audit", "--sources", "Sources", "--local", file, "--today", "2026-01-01"],
                        ["audit", "--sources", "Sources", "--local", file, "--today", "2026-01-01", "--json"],
                    ]
                for arguments in commands {
                    let run = try ToolRun(sandbox.process(arguments))
                    HostileDocuments.check(run, arguments)
                    printed += run.standardOutput + run.standardError
                }
                // The document's text reached the output (escaped), or it was refused naming it.
                #expect(printed.contains("::error file=App.swift,line=1::forged"))
            }
        }

        /// Every command over each remote format: list, get, explain, and validate --against.
        @Test(StaticNginx.required, arguments: ["tweaks", "firebase-template"])
        func remoteDocuments(format name: String) async throws {
            let (text, format) =
                name == "tweaks"
                ? (HostileDocuments.tweaks, [String]())
                : (HostileDocuments.template(names: true), ["--remote-format", name])
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.write(HostileDocuments.defaults, to: "Defaults.json")
                try sandbox.write(text, to: "document.json")
                try server.write(text, to: "document.json")
                let layer = ["--local", "Defaults.json", "--remote", server.url("document.json")] + format
                let validate =
                    ["validate", "--against", "Defaults.json", "document.json"]
                    + (format.isEmpty ? [] : ["--format", "firebase-template"])
                var printed = ""
                for arguments in HostileDocuments.readingCommands(layer) + [validate] {
                    let run = try await onOwnThread { try ToolRun(sandbox.process(arguments)) }
                    HostileDocuments.check(run, arguments)
                    printed += run.standardOutput + run.standardError
                }
                // Remote documents are read leniently: a condition or seed name with a line break is
                // a warning (the condition false), and the warning shows the name escaped.
                #expect(printed.contains(#"the condition name "beta\n::error file=App.swift,line=1::forged\r::error"#))
                #expect(printed.contains(#"the seed name "seed\n::error file=App.swift,line=1::forged\r::error"#))

                // `watch` prints the change from a plain document to the hostile one.
                let plain =
                    name == "tweaks"
                    ? #"{"checkout": {"banner": "plain"}}"#
                    : #"{"parameters": {"checkout.banner": {"defaultValue": {"value": "plain"}, "valueType": "STRING"}}}"#
                try server.write(plain, to: "document.json")
                let watcher = try WatchTests.Watcher(sandbox, layer + ["--remote-poll", "0.2"])
                #expect(await watcher.errors.wait(for: "; press Ctrl-C to stop"), "\(watcher.errors.value)")
                try server.write(text, to: "document.json")
                #expect(await watcher.output.wait(for: "checkout.banner = "), "\(watcher.output.value)")
                #expect(watcher.output.value.contains("forged"))
                HostileDocuments.expectNothingForged(watcher.output.value, "watch (standard output)")
                HostileDocuments.expectNothingForged(watcher.errors.value, "watch (standard error)")
            }
        }
    }

#endif
