import Foundation
import Testing

@testable import Tweaks

/// One document cannot make every read slow: its regular expressions together are bounded
/// (``RegularExpressionBudget``), so a read of a long attribute costs at most a bounded number of
/// steps. No timing is asserted: the bound is on the programs, which is what a read runs.
@Suite("Regular expressions: a budget per document")
struct RegexBudgetTests {
    /// The largest pattern RE2's counts allow here: about 5,000 instructions that all stay alive
    /// over a text of a's (issue 39: 300 of them cost 5.2 s per read of 1,000 characters).
    static let hostile = #"(?:a?){999}(?:a?){999}(?:a?){499}z"#

    /// A tweaks document with ordinary regular-expression conditions, then `hostileCount` hostile ones `h0`, `h1`….
    static func document(hostileCount: Int) -> String {
        var conditions: [String] = []
        var values: [String] = []
        // The budget is spent in document order: the ordinary conditions come first, as they
        // would in a document whose hostile part was added later.
        for (name, pattern) in ordinary {
            conditions.append(
                #"{"name": "\#(name)", "customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["\#(pattern)"]}}"#
            )
        }
        for index in 0..<hostileCount {
            conditions.append(
                #"{"name": "h\#(index)", "customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["\#(hostile)"]}}"#
            )
            values.append(#""h\#(index)": \#(index + 100)"#)
        }
        return #"{"$conditions": [\#(conditions.joined(separator: ",\n"))], "#
            + #""f": {"hostile": {"Value": 1, "ConditionalValues": {\#(values.joined(separator: ", "))}}, "#
            + #""ordinary": {"Value": "none", "ConditionalValues": {"email": "email", "classes": "classes", "alternation": "alternation", "anchored": "anchored"}}}}"#
    }

    /// Ordinary patterns, as written in JSON.
    static let ordinary: [(String, String)] = [
        ("email", #"^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$"#),
        ("classes", #"^[[:digit:]]{3}-\\d{4}$"#),
        ("alternation", #"^(?:beta|canary|dogfood)$"#),
        ("anchored", #"(?i)^pro\\b"#),
    ]

    /// How many hostile patterns fit in the budget after the ordinary ones.
    static func allowedHostile() throws -> Int {
        let ordinarySize = try ordinary.map {
            try RegularExpression($0.1.replacingOccurrences(of: #"\\"#, with: #"\"#)).programSize
        }.reduce(0, +)
        return (RegularExpressionBudget.maximumInstructions - ordinarySize)
            / (try RegularExpression(hostile).programSize)
    }

    static func value(_ tweak: Tweak, _ text: String) -> TweakValue? {
        tweak.targeting?.decide(for: TweakContext(randomizationID: "x", attributes: ["k": .string(text)])).value
    }

    @Test("A remote document's patterns past the budget are refused with a warning; the others still match")
    func remoteDocument() throws {
        let count = 300
        let document = try LocalTweaksDocument(
            bytes: Array(Self.document(hostileCount: count).utf8), source: "remote", tweakSource: "remote",
            strictness: .lenient)
        let allowed = try Self.allowedHostile()
        #expect(allowed >= 1 && allowed < count)
        let refused = document.warnings.compactMap(\.reason.field)
        #expect(refused == (allowed..<count).map { "h\($0)" })
        #expect(document.warnings.first?.description.contains("instructions in all") == true)

        // What a read may run: the programs of the patterns kept, bounded whatever the document holds.
        let hostile = try #require(document.definition(feature: "f", variable: "hostile")?.tweak)
        let kept = try #require(hostile.targeting).regexInstructions
        #expect(kept <= RegularExpressionBudget.maximumInstructions)
        // A refused condition never matches; those kept still do.
        #expect(Self.value(hostile, String(repeating: "a", count: 1_000)) == 1)
        #expect(Self.value(hostile, "z") == .int(100))

        let ordinary = try #require(document.definition(feature: "f", variable: "ordinary")?.tweak)
        #expect(Self.value(ordinary, "ann.lee+x@example.co.uk") == "email")
        #expect(Self.value(ordinary, "555-0142") == "classes")
        #expect(Self.value(ordinary, "canary") == "alternation")
        #expect(Self.value(ordinary, "canaryx") == "none")
        #expect(Self.value(ordinary, "PRO plan") == "anchored")
        #expect(Self.value(ordinary, "proper") == "none")
    }

    @Test("A file a person writes: a pattern past the budget is an error naming its condition")
    func localFile() throws {
        let text = Self.document(hostileCount: 3)
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(text.utf8), source: "Flags.json")
        }
        let allowed = try Self.allowedHostile()
        #expect(error.reason.field == "h\(allowed)")
        #expect(error.description.contains("Flags.json"))
        #expect(error.description.contains("refused"))
        // Within the budget, the same patterns load.
        _ = try LocalTweakProvider(data: Data(Self.document(hostileCount: allowed).utf8), source: "Flags.json")
    }
}

extension TweakTargeting {
    /// The instructions of every regular expression a read of the tweak may run.
    fileprivate var regexInstructions: Int {
        branches.map(\.condition.condition.regexInstructions).reduce(0, +)
    }
}

extension TargetingCondition {
    fileprivate var regexInstructions: Int {
        switch self {
        case .and(let parts), .or(let parts): parts.map(\.regexInstructions).reduce(0, +)
        case .customSignal(let condition):
            condition.patterns.reduce(0) { $0 + ((try? $1.get())?.programSize ?? 0) }
        default: 0
        }
    }
}
