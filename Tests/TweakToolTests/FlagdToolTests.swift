import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// `--context-json` (a typed context, for every format) and `--format flagd` for `list`, `get`,
    /// `explain` and `validate`.
    @Suite("tweak --context-json and --format flagd", .blocking)
    struct FlagdToolTests {
        /// A flagd document: `checkout.limit` targets typed attributes (a number, a nested
        /// structure, a list, a Boolean), `checkout.vip` the targeting key, `checkout.split` is a
        /// one-bucket `fractional`, `color` (variable `color` of feature `flagd`) has no targeting.
        static let flags = #"""
            {"$schema": "https://flagd.dev/schema/v0/flags.json",
             "flags": {
               "checkout.limit": {"state": "ENABLED", "variants": {"low": 1, "high": 10}, "defaultVariant": "low",
                 "targeting": {"if": [{"and": [{">=": [{"var": "age"}, 18]}, {"==": [{"var": "user.name"}, "jack"]},
                                               {"in": ["a", {"var": "tags"}]}, {"var": "beta"}]}, "high", null]}},
               "checkout.vip": {"state": "ENABLED", "variants": {"yes": true, "no": false}, "defaultVariant": "no",
                 "targeting": {"if": [{"==": [{"var": "targetingKey"}, "u1"]}, "yes", null]}},
               "checkout.split": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                 "targeting": {"fractional": [["on", 1]]}},
               "color": {"state": "ENABLED", "variants": {"red": "red", "blue": "blue"}, "defaultVariant": "red"}
             }}
            """#

        static let adult = #"{"targetingKey": "u1", "age": 30, "beta": true, "user": {"name": "jack"}, "tags": ["a"]}"#

        /// A tweaks file whose conditions read the randomization id and a number attribute.
        static let tweaks = #"""
            {"$conditions": [
               {"name": "adult", "customSignal": {"key": "age", "operator": "NUMERIC_GREATER_EQUAL", "values": ["18"]}},
               {"name": "rollout", "percent": {"seed": "abcdef", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}}],
             "checkout": {"limit": {"Value": 1, "ConditionalValues": {"adult": 2}},
                          "enabled": {"Value": false, "ConditionalValues": {"rollout": true}}}}
            """#

        // MARK: --context-json, every format

        @Test func aTweaksFileIsDecidedForAJSONContext() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Flags.json")
                let adult = try sandbox.run(
                    "get", "checkout", "limit", "--local", "Flags.json", "--context-json", #"{"age": 30}"#)
                #expect(adult.status == 0 && adult.standardOutput == "2\n", "\(adult.standardError)")
                let child = try sandbox.run(
                    "get", "checkout", "limit", "--local", "Flags.json", "--context-json", #"{"age": 3}"#)
                #expect(child.standardOutput == "1\n", "\(child.standardError)")
                // targetingKey is the randomization id: abcdef.123 falls at 9,571,542, inside the 10 % rollout.
                let explain = try sandbox.run(
                    "explain", "checkout", "enabled", "--local", "Flags.json", "--context-json",
                    #"{"targetingKey": "123"}"#)
                #expect(explain.status == 0)
                #expect(explain.standardOutput.contains("micro-percentile 9571542"), "\(explain.standardOutput)")
                let list = try sandbox.run("list", "--local", "Flags.json", "--context-json", #"{"age": 30}"#)
                #expect(
                    list.lines.contains { $0.contains("checkout.limit") && $0.contains(" 2 ") },
                    "\(list.standardOutput)")
            }
        }

        /// The JSON comes first; each `--context` pair then sets its key.
        @Test func contextPairsApplyAfterTheJSON() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Flags.json")
                let run = try sandbox.run(
                    "get", "checkout", "limit", "--local", "Flags.json", "--context-json", #"{"age": 3}"#, "--context",
                    "age=40")
                #expect(run.status == 0 && run.standardOutput == "2\n", "\(run.standardError)")
                let id = try sandbox.run(
                    "get", "checkout", "enabled", "--local", "Flags.json", "--context-json", #"{"targetingKey": "x"}"#,
                    "--context", "randomizationId=123")
                #expect(id.standardOutput == "true\n", "\(id.standardError)")
            }
        }

        @Test(arguments: [
            (#"{"targetingKey": 7}"#, #"--context-json:1:18: "targetingKey" is number; expected a string"#),
            (#"{"targetingKey": null}"#, #""targetingKey" is null; expected a string"#),
            (#"{"age": null}"#, #"--context-json:1:9: "age" is null"#),
            (#"{"user": {"tags": ["a", null]}}"#, #""user.tags[1]" is null"#),
            (#"["u1"]"#, "--context-json:1:1: found array; expected an object"),
            (#"{"a": 1, "a": 2}"#, #"duplicate key "a""#),
            (#"{"age": 30"#, "--context-json:1:11: invalid JSON"),
            (String(repeating: "[", count: 200) + String(repeating: "]", count: 200), "nested deeper than 100 levels"),
            (#"{"a": ""# + String(repeating: "x", count: 70_000) + #""}"#, "larger than 65536 bytes"),
        ])
        func aContextJSONThatCannotBeUsedIsAUsageError(json: String, message: String) throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Flags.json")
                for command in [["get", "checkout", "limit"], ["explain", "checkout", "limit"], ["list"]] {
                    let process = sandbox.process(command + ["--local", "Flags.json", "--context-json", json])
                    let run = try ToolRun(process)
                    #expect(run.status == 2, "\(command): \(run.standardOutput)")
                    #expect(run.standardError.hasPrefix("tweak: --context-json"), "\(command): \(run.standardError)")
                    #expect(run.standardError.contains(message), "\(command): \(run.standardError)")
                    #expect(run.standardOutput.isEmpty)
                }
            }
        }

        @Test func contextJSONMayBeGivenOnceAndTheHelpDescribesIt() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.tweaks, to: "Flags.json")
                let twice = try sandbox.run(
                    "get", "checkout", "limit", "--local", "Flags.json", "--context-json", "{}", "--context-json", "{}")
                #expect(twice.status == 2 && twice.standardError.contains("--context-json may be given only once"))
                for command in ["get", "explain", "list"] {
                    let help = try sandbox.run("help", command)
                    #expect(help.standardOutput.contains("--context-json JSON"), "\(command)")
                    #expect(help.standardOutput.contains("flagd"), "\(command)")
                }
                let format = try sandbox.run("get", "checkout", "limit", "--local", "Flags.json", "--format", "flag-d")
                #expect(format.status == 2 && format.standardError.contains("firebase-defaults-plist, flagd;"))
            }
        }

        // MARK: --format flagd

        @Test func getGivesFlagdsValueForAJSONContext() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.flags, to: "flags.json")
                func get(_ feature: String, _ variable: String, _ context: String?) throws -> ToolRun {
                    try ToolRun(
                        sandbox.process(
                            ["get", feature, variable, "--format", "flagd", "--local", "flags.json", "--json"]
                                + (context.map { ["--context-json", $0] } ?? [])))
                }
                let cases: [(String, String, String?, String)] = [
                    ("checkout", "limit", Self.adult, "10"),
                    // Each condition of the `and` fails alone: the targeting gives null, the default answers.
                    ("checkout", "limit", Self.adult.replacingOccurrences(of: "30", with: "17"), "1"),
                    ("checkout", "limit", Self.adult.replacingOccurrences(of: "jack", with: "jill"), "1"),
                    ("checkout", "limit", Self.adult.replacingOccurrences(of: #"["a"]"#, with: #"["b"]"#), "1"),
                    ("checkout", "limit", Self.adult.replacingOccurrences(of: "true", with: "false"), "1"),
                    ("checkout", "limit", nil, "1"),
                    ("checkout", "vip", #"{"targetingKey": "u1"}"#, "true"),
                    ("checkout", "vip", #"{"targetingKey": "u2"}"#, "false"),
                    ("checkout", "split", #"{"targetingKey": "u2"}"#, "true"),
                    ("flagd", "color", Self.adult, #""red""#),
                ]
                for (feature, variable, context, expected) in cases {
                    let run = try get(feature, variable, context)
                    #expect(
                        run.status == 0 && run.standardOutput == expected + "\n",
                        "\(feature).\(variable) for \(context ?? "no context"): \(run.standardOutput)\(run.standardError)"
                    )
                }
            }
        }

        @Test func explainShowsFlagdsReasonAndVariant() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.flags, to: "flags.json")
                let cases: [(String, String, String, [String])] = [
                    ("checkout", "limit", Self.adult, ["→ 2. flags.json: 10 — variant \"high\" (TARGETING_MATCH)"]),
                    ("checkout", "split", Self.adult, ["→ 2. flags.json: true — variant \"on\" (SPLIT)"]),
                    ("checkout", "limit", #"{"age": 3}"#, ["→ 2. flags.json: 1 — variant \"low\" (DEFAULT)"]),
                    (
                        "checkout", "vip", #"{"targetingKey": "u2"}"#,
                        ["→ 2. flags.json: false — variant \"no\" (DEFAULT)"]
                    ),
                    // A flag without targeting: its default variant's value, nothing decided.
                    ("flagd", "color", Self.adult, ["→ 2. flags.json: \"red\"\n"]),
                ]
                for (feature, variable, context, expected) in cases {
                    let run = try sandbox.run(
                        "explain", feature, variable, "--format", "flagd", "--local", "flags.json", "--context-json",
                        context)
                    #expect(run.status == 0, "\(feature).\(variable): \(run.standardError)")
                    for text in expected {
                        #expect(
                            run.standardOutput.contains(text),
                            "\(feature).\(variable): \(text) in \(run.standardOutput)")
                    }
                }
            }
        }

        @Test func listShowsFlagdsValuesForAJSONContext() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.flags, to: "flags.json")
                let run = try sandbox.run(
                    "list", "--format", "flagd", "--local", "flags.json", "--context-json", Self.adult)
                #expect(run.status == 0, "\(run.standardError)")
                for (name, value) in [
                    ("checkout.limit", " 10 "), ("checkout.vip", " true "), ("flagd.color", "\"red\""),
                ] {
                    #expect(
                        run.lines.contains { $0.contains(name) && $0.contains(value) },
                        "\(name) in \(run.standardOutput)")
                }
                // A targeted flag's variants are listed under it, by name.
                #expect(run.lines.contains("      variant \"low\": 1"), "\(run.standardOutput)")
                #expect(run.lines.contains("      variant \"high\": 10"), "\(run.standardOutput)")
            }
        }

        /// A disabled flag, and one whose targeting chooses nothing without a default variant, have no
        /// value (the next layer answers); a targeting that names a variant the flag does not have is
        /// a failure naming it.
        @Test func flagsWithoutAValueAndTargetingFailures() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    #"""
                    {"flags": {
                       "checkout.off": {"state": "DISABLED", "variants": {"on": true, "off": false}, "defaultVariant": "on"},
                       "checkout.plan": {"state": "ENABLED", "variants": {"free": "free", "pro": "pro"}, "defaultVariant": "free",
                         "targeting": {"var": "plan"}},
                       "checkout.optional": {"state": "ENABLED", "variants": {"a": 1, "b": 2},
                         "targeting": {"if": [{"var": "beta"}, "b", null]}}
                     }}
                    """#, to: "flags.json")
                func run(_ arguments: String..., context: String) throws -> ToolRun {
                    try ToolRun(
                        sandbox.process(
                            arguments + ["--format", "flagd", "--local", "flags.json", "--context-json", context]))
                }
                let disabled = try run("get", "checkout", "off", context: "{}")
                #expect(disabled.status == 1 && disabled.standardError.contains("checkout.off was not found"))
                #expect(try run("get", "checkout", "plan", context: #"{"plan": "pro"}"#).standardOutput == "pro\n")
                let gold = try run("get", "checkout", "plan", context: #"{"plan": "gold"}"#)
                #expect(gold.status == 1 && gold.standardError.contains(#"variant "gold""#), "\(gold.standardError)")
                #expect(try run("get", "checkout", "optional", context: #"{"beta": true}"#).standardOutput == "2\n")
                #expect(try run("get", "checkout", "optional", context: #"{"beta": false}"#).status == 1)
                let list = try run("list", context: #"{"plan": "gold"}"#)
                #expect(list.status == 0)
                for name in ["checkout.off", "checkout.optional"] {
                    #expect(
                        list.lines.contains { $0.contains(name) && $0.contains("(no value)") },
                        "\(name) in \(list.standardOutput)")
                }
                #expect(list.lines.contains { $0.contains("checkout.plan") && $0.contains(#"variant "gold""#) })
            }
        }

        /// `--remote-format flagd`: a served flagd document above the local file, decided for the
        /// context; a flag it cannot read is a warning naming it, and the others answer.
        @Test(StaticNginx.required) func aRemoteFlagdDocumentIsDecidedForAJSONContext() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.write(Self.tweaks, to: "Flags.json")
                let bad =
                    #""checkout.future": {"state": "ENABLED", "variants": {"on": true}, "defaultVariant": "on", "targeting": {"sounds_like": [1]}},"#
                try server.write(
                    Self.flags.replacingOccurrences(of: #""flags": {"#, with: #""flags": {"# + bad), to: "flags.json")
                let run = try await onOwnThread {
                    try ToolRun(
                        sandbox.process([
                            "get", "checkout", "limit", "--local", "Flags.json", "--remote", server.url("flags.json"),
                            "--remote-format", "flagd", "--context-json", Self.adult,
                        ]))
                }
                #expect(run.status == 0 && run.standardOutput == "10\n", "\(run.standardError)")
                #expect(run.standardError.contains("tweak: warning: "), "\(run.standardError)")
                #expect(run.standardError.contains("checkout.future") && run.standardError.contains("sounds_like"))
            }
        }

        @Test func validateAcceptsAGoodFlagdDocument() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(Self.flags, to: "flags.json")
                let run = try sandbox.run("validate", "--format", "flagd", "flags.json")
                #expect(run.status == 0, "\(run.standardOutput)")
                #expect(run.standardError == "1 file checked, no problems\n")
            }
        }

        /// Each problem a person can write: an error naming the file and the flag, and every one of
        /// them in one run.
        @Test func validateReportsEveryProblemOfAFlagdDocumentWithFileAndFlag() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    #"""
                    {"$evaluators": {"loopA": {"$ref": "loopB"}, "loopB": {"$ref": "loopA"}},
                     "flags": {
                       "checkout.op": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                         "targeting": {"if": [{"sounds_like": [{"var": "name"}, "jack"]}, "on", null]}},
                       "checkout.ref": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                         "targeting": {"if": [{"$ref": "nowhere"}, "on", null]}},
                       "checkout.cycle": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                         "targeting": {"if": [{"$ref": "loopA"}, "on", null]}},
                       "checkout.variant": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                         "targeting": {"if": [{"var": "beta"}, "gold", null]}},
                       "checkout.default": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "maybe"},
                       "checkout.good": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "on"}
                     }}
                    """#, to: "bad.json")
                let run = try sandbox.run("validate", "--format", "flagd", "bad.json")
                #expect(run.status == 1)
                let expected: [(flag: String, detail: String)] = [
                    ("checkout.op", "sounds_like"), ("checkout.ref", "nowhere"), ("checkout.cycle", "loopA"),
                    ("checkout.variant", "gold"), ("checkout.default", "maybe"),
                ]
                for (flag, detail) in expected {
                    let line = run.lines.first { $0.contains(flag + ":") }
                    #expect(line?.hasPrefix("bad.json:") == true, "\(flag) in \(run.standardOutput)")
                    #expect(line?.contains(detail) == true, "\(flag): \(detail) in \(line ?? "no line")")
                }
                #expect(!run.standardOutput.contains("checkout.good"))
                #expect(run.standardError.contains("5 problems in 1 of 1 file"), "\(run.standardError)")
                // The same document is refused as a --local file, with the first problem.
                let get = try sandbox.run("get", "checkout", "good", "--format", "flagd", "--local", "bad.json")
                #expect(get.status == 1 && get.standardError.contains("bad.json:"), "\(get.standardError)")
            }
        }

        /// The problems of targeting name the place in it.
        @Test func validateNamesThePlaceInTheTargeting() throws {
            try ToolSandbox.with { sandbox in
                try sandbox.write(
                    #"""
                    {"flags": {"checkout.enabled": {"state": "ENABLED", "variants": {"on": true, "off": false},
                       "defaultVariant": "off", "targeting": {"if": [{"sounds_like": [{"var": "name"}, "jack"]}, "on", null]}}}}
                    """#, to: "op.json")
                let run = try sandbox.run("validate", "--format", "flagd", "op.json")
                #expect(run.status == 1)
                let line = try #require(run.lines.first)
                #expect(line.hasPrefix("op.json:") && line.contains("checkout.enabled:"), "\(line)")
                #expect(line.contains("targeting.if[0]") && line.contains("sounds_like"), "\(line)")
            }
        }
    }

#endif
