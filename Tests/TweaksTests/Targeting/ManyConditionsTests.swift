import Foundation
import TestSupport
import Testing

@testable import Tweaks

/// Documents with many conditions load in time linear in their size (no timing is asserted; the
/// speed is measured in Benchmarks/, target "Targeting"): 20,000 conditions used to take almost a
/// minute to read, because each name was looked up by a walk over all the names before it.
@Suite("Many conditions", .cpuHeavy)
struct ManyConditionsTests {
    static let count = 20_000

    /// A tweaks document with `count` conditions, all used by one tweak and each by one tweak of its own.
    static func tweaksDocument(count: Int = count) -> String {
        var conditions: [String] = []
        var values: [String] = []
        var entries: [String] = []
        for index in 0..<count {
            conditions.append(
                #"{"name": "c\#(index)", "customSignal": {"key": "user", "operator": "STRING_EXACTLY_MATCHES", "values": ["u\#(index)"]}}"#
            )
            values.append(#""c\#(index)": \#(index)"#)
            entries.append(#""v\#(index)": {"Value": -1, "ConditionalValues": {"c\#(index)": \#(index)}}"#)
        }
        return #"{"$conditions": [\#(conditions.joined(separator: ",\n"))], "#
            + #""all": {"v": {"Value": -1, "ConditionalValues": {\#(values.joined(separator: ", "))}}}, "#
            + #""each": {\#(entries.joined(separator: ", "))}}"#
    }

    /// The same as a Firebase server template.
    static func template(count: Int = count) -> String {
        var conditions: [String] = []
        var values: [String] = []
        var parameters: [String] = []
        for index in 0..<count {
            conditions.append(
                #"{"name": "c\#(index)", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [{"customSignal": {"customSignalKey": "user", "customSignalOperator": "STRING_EXACTLY_MATCHES", "targetCustomSignalValues": ["u\#(index)"]}}]}}]}}}"#
            )
            values.append(#""c\#(index)": {"value": "\#(index)"}"#)
            parameters.append(
                #""each.v\#(index)": {"defaultValue": {"value": "-1"}, "valueType": "NUMBER", "conditionalValues": {"c\#(index)": {"value": "\#(index)"}}}"#
            )
        }
        return #"{"conditions": [\#(conditions.joined(separator: ",\n"))], "parameters": {"#
            + #""all.v": {"defaultValue": {"value": "-1"}, "valueType": "NUMBER", "conditionalValues": {\#(values.joined(separator: ", "))}}, "#
            + #"\#(parameters.joined(separator: ", "))}, "version": {"versionNumber": "1"}}"#
    }

    /// What a manager on `text` answers, worked out on a thread of its own: minutes of CPU in a
    /// debug build must not hold one of the few threads every other test's tasks run on.
    struct Answers: Sendable {
        /// Per index: `all.v` and `each.v<index>` for user `u<index>`, and `each.v<index>` with no context.
        var decided: [(index: Int, all: Int, each: Int, plain: Int)] = []
        var nobody = 0
        var problems: [String] = []
    }

    static func check(_ text: String, source: String, format: TweakDocumentFormat) async throws {
        let answers = try await onOwnThread {
            let provider = try LocalTweakProvider(data: Data(text.utf8), source: source, name: "local", format: format)
            let manager = TweakManager(tweakProviders: [provider])
            var answers = Answers()
            for index in [0, 1, 12_345, count - 1] {
                let context = TweakContext(randomizationID: "r", attributes: ["user": .string("u\(index)")])
                let user = manager.reading(for: context)
                answers.decided.append(
                    (
                        index, try user.value(feature: "all", variable: "v", as: Int.self),
                        try user.value(feature: "each", variable: "v\(index)", as: Int.self),
                        try manager.value(feature: "each", variable: "v\(index)", as: Int.self)
                    ))
            }
            let nobody = TweakContext(randomizationID: "r", attributes: ["user": "nobody"])
            answers.nobody = try manager.reading(for: nobody).value(feature: "all", variable: "v", as: Int.self)
            answers.problems = LocalTweaksDocument.problems(in: Array(text.utf8), source: source, format: format)
                .map(\.description)
            return answers
        }
        for (index, all, each, plain) in answers.decided {
            #expect(all == index)
            #expect(each == index)
            #expect(plain == -1)
        }
        #expect(answers.nobody == -1)
        #expect(answers.problems.isEmpty, "\(answers.problems.prefix(3))")
    }

    @Test("20,000 conditions in a tweaks document load, and each decides")
    func tweaksFormat() async throws {
        try await Self.check(Self.tweaksDocument(), source: "Many.json", format: .tweaks)
    }

    @Test("20,000 conditions in a Firebase template load, and each decides")
    func firebaseTemplate() async throws {
        try await Self.check(Self.template(), source: "template.json", format: .firebaseTemplate)
    }

    /// Each problem's line and column are counted on from the previous one: a document with a
    /// mistake in every one of 20,000 entries (this template read as a tweaks file) is reported
    /// in time linear in its size (counted from the start each time, it took most of an hour).
    /// The limit, well under that hour, counts the time spent waiting for the CPU-heavy gate
    /// behind the other heavy tests: with both cores busy, three minutes were exceeded.
    @Test("20,000 mistakes are each reported with their position", .timeLimit(.minutes(20)))
    func manyMistakes() async throws {
        let lines = (0..<Self.count).map { #""f\#($0)": {"v": {"Valeu": 1}}"# }
        let text = "{\n" + lines.joined(separator: ",\n") + "\n}"
        let problems = try await onOwnThread {
            LocalTweaksDocument.problems(in: Array(text.utf8), source: "typos.json", format: .tweaks)
        }
        #expect(problems.count == 2 * Self.count, "an unknown field and a missing Value in each")
        #expect(problems.last?.position?.line == Self.count + 1, "\(String(describing: problems.last))")
        #expect(problems.last?.feature == "f\(Self.count - 1)")
    }
}
