import Foundation
import Testing

@testable import Tweaks

/// flagd documents written to stall a read or exhaust memory: each must end in a bounded outcome
/// (a load error, or a read that gives the default variant or a failure of the layer), never a
/// hang or a crash. The inputs of `Fuzz/Regressions/flagd/` are replayed here.
@Suite("Hostile flagd documents")
struct FlagdHostileDocumentTests {
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/flagd")

    static let regressionNames: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []).sorted()

    /// A flag `h.f` with variants `on`/`off` (default `off`) and `targeting`.
    static func document(targeting: String, evaluators: String = "{}") -> Data {
        Data(
            """
            {"flags": {"h.f": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
            "targeting": \(targeting)}}, "$evaluators": \(evaluators)}
            """.utf8)
    }

    static let contexts: [TweakContext?] = [
        nil, TweakContext(randomizationID: "u1"),
        TweakContext(
            randomizationID: "u1",
            attributes: [
                "email": "ann@example.com", "x": 1, "s": .string(String(repeating: "a", count: 1000)),
                "user": .structure(["name": "Ann", "tags": .list(["x"])]),
            ]),
    ]

    /// Every read of `h.f` in `data`, loaded as a file, ends: with a variant, or (`runsOutOfBudget`)
    /// the default (`false`, `DEFAULT`), or a failure of the layer whose message stays short.
    static func expectBoundedReads(_ data: Data, runsOutOfBudget: Bool = false, _ comment: Comment) throws {
        let manager = TweakManager(tweakProviders: [
            try LocalTweakProvider(data: data, source: "hostile.json", name: "hostile", format: .flagd)
        ])
        for context in contexts {
            let evaluation =
                context.map { manager.reading(for: $0).evaluate(feature: "h", variable: "f") }
                ?? manager.evaluate(feature: "h", variable: "f")
            if let failure = evaluation.failure {
                #expect(String(describing: failure).utf8.count < 10_000, comment)
            } else if runsOutOfBudget {
                #expect(evaluation.tweak?.value == .bool(false), comment)
                #expect(evaluation.reason.description == "DEFAULT", comment)
            } else {
                #expect(evaluation.tweak != nil, comment)
            }
        }
    }

    @Test func theRegressionInputsAreThere() {
        #expect(Self.regressionNames.count >= 8, "\(Self.regressions.path)")
    }

    /// `reduce` doubling `[acc, acc]` 40 times costs a few hundred steps but made a value of 2⁴⁰
    /// leaves, which `cat`, `==`, `<`, `in`, `substr`, `var`, `missing` and a non-variant result
    /// then walked whole: now every value the evaluation builds pays for what it holds, and the
    /// read runs out of budget (the default answers).
    @Test(arguments: regressionNames)
    func aRegressionInputReadsWithinItsBounds(_ name: String) throws {
        let data = try Data(contentsOf: Self.regressions.appendingPathComponent(name))
        try Self.expectBoundedReads(data, runsOutOfBudget: true, "\(name)")
    }

    /// An object literal (of more than one member) is data, converted whole each time a `$ref`
    /// names its evaluator: its contents count toward the rule's bound.
    @Test func aReferencedObjectLiteralIsBounded() throws {
        let big = #"{"a": ["# + (0..<100_000).map(String.init).joined(separator: ",") + #"], "b": 1}"#
        let references = Array(repeating: #"{"$ref": "big"}"#, count: 5_000).joined(separator: ",")
        let data = Self.document(
            targeting: #"{"if": [{"in": [1, [\#(references)]]}, "on", "off"]}"#, evaluators: #"{"big": \#(big)}"#)
        #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: data, source: "hostile.json", name: "hostile", format: .flagd)
        }
    }

    @Test(arguments: [
        #"{"if": [{"==": [{"substr": [{"var": "email"}, 1e308, 1e308]}, "x"]}, "on", "off"]}"#,
        #"{"if": [{"==": [{"substr": [{"var": "email"}, -1e308, -1e308]}, "x"]}, "on", "off"]}"#,
        #"{"if": [{"==": [{"substr": [{"var": "email"}, "NaN", "Infinity"]}, "x"]}, "on", "off"]}"#,
        #"{"if": [{"==": [{"substr": [{"var": "s"}, 9223372036854775807, -9223372036854775808]}, "x"]}, "on", "off"]}"#,
        #"{"fractional": [["on", 9223372036854775807], ["off", 9223372036854775807]]}"#,
        #"{"fractional": [["on", 2147483647], ["off", 2147483647]]}"#,
        #"{"fractional": [["on", {"*": [1e308, 1e308]}], ["off", {"/": [1, 0]}]]}"#,
        #"{"fractional": [["on", {"-": ["x", 1]}], ["off", 1]]}"#,
        #"{"if": [{"sem_ver": [1e308, ">", "1.0.0"]}, "on", "off"]}"#,
        #"{"if": [{"reduce": [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], {"merge": [{"var": "accumulator"}, {"var": "accumulator"}]}, [1]]}, "on", "off"]}"#,
        #"{"if": [{"reduce": [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], {"cat": [{"var": "accumulator"}, {"var": "accumulator"}]}, "x"]}, "on", "off"]}"#,
    ])
    func aHostileTargetingGivesTheDefaultOrAFailure(_ targeting: String) throws {
        try Self.expectBoundedReads(Self.document(targeting: targeting), "\(targeting)")
    }

    @Test func aHugeVersionGivesTheDefault() throws {
        let digits = String(repeating: "9", count: 10_000)
        try Self.expectBoundedReads(
            Self.document(
                targeting: #"{"if": [{"sem_ver": ["\#(digits).\#(digits).\#(digits)", ">", "1.0.0"]}, "on", "off"]}"#),
            "10,000-digit version")
    }

    @Test func aVariablePathOfDotsReadsNothing() throws {
        let dots = String(repeating: ".", count: 100_000)
        try Self.expectBoundedReads(Self.document(targeting: #"{"if": [{"var": "\#(dots)"}, "on", "off"]}"#), "dots")
    }

    @Test func longEvaluatorChainsAndFanOutsAreRefused() {
        let chain = (0..<10_000).map { #""e\#($0)": {"$ref": "e\#($0 + 1)"}"# }.joined(separator: ",")
        let fanOut = (0..<40).map { #""e\#($0)": {"and": [{"$ref": "e\#($0 + 1)"}, {"$ref": "e\#($0 + 1)"}]}"# }
            .joined(separator: ",")
        for evaluators in [#"{\#(chain), "e10000": true}"#, #"{\#(fanOut), "e40": true}"#] {
            let data = Self.document(targeting: #"{"if": [{"$ref": "e0"}, "on", "off"]}"#, evaluators: evaluators)
            #expect(throws: TweakLoadError.self) {
                try LocalTweakProvider(data: data, source: "hostile.json", name: "hostile", format: .flagd)
            }
        }
    }
}
