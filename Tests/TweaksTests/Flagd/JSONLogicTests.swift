import Foundation
import Testing

@testable import Tweaks

/// JSON Logic as flagd's targeting evaluates it: json-logic-js's operations with JavaScript's
/// truthiness, coercions and comparisons (each expected value is what json-logic-js gives), the
/// data a read's context makes, and the bounds that keep a hostile rule from stalling a read.
@Suite("JSON Logic")
struct JSONLogicTests {
    static let context = TweakContext(
        randomizationID: "user-1",
        attributes: [
            "email": "ann@example.com", "age": 30, "score": 2.5, "beta": true, "empty": "",
            "user": .structure(["name": "jack", "tags": .list(["a", "b"])]),
        ])

    /// The rule `json` evaluated for `context`, with `problem` when it does not compile.
    static func evaluate(_ json: String, context: TweakContext? = context) throws -> JSONLogicValue {
        let node = try JSONParser.parse(Array(json.utf8), source: "rule")
        var compiler = JSONLogicCompiler(evaluators: [:])
        let compiled = compiler.compile(node, path: "targeting")
        let problem = compiler.problem.map { "\($0.path): \($0.detail)" }
        let expression = try #require(compiled, "\(problem ?? "")")
        var evaluation = JSONLogicEvaluation(flagKey: "flag", context: context)
        return evaluation.evaluate(expression)
    }

    @Test(
        "operations give json-logic-js's answers",
        arguments: [
            // Truthiness: [] and "" and 0 are false; an object is true.
            (#"{"!!": [[]]}"#, JSONLogicValue.bool(false)),
            (#"{"!!": ["0"]}"#, .bool(true)),
            (#"{"!": [{"a": 1, "b": 2}]}"#, .bool(false)),
            (#"{"or": [0, "", "x"]}"#, .string("x")),
            (#"{"and": [1, "", "x"]}"#, .string("")),
            // Loose and strict equality.
            (#"{"==": [1, "1"]}"#, .bool(true)),
            (#"{"==": [true, "1"]}"#, .bool(true)),
            (#"{"==": [null, false]}"#, .bool(false)),
            (#"{"==": [[1], 1]}"#, .bool(true)),
            (#"{"===": [1, "1"]}"#, .bool(false)),
            (#"{"!==": [1, 1.0]}"#, .bool(false)),
            // Comparisons: strings by code units, anything else as numbers.
            (#"{"<": ["10", "9"]}"#, .bool(true)),
            (#"{"<": ["10", 9]}"#, .bool(false)),
            (#"{"<": [1, 2, 3]}"#, .bool(true)),
            (#"{"<=": [1, 3, 2]}"#, .bool(false)),
            (#"{">": ["abc", null]}"#, .bool(false)),
            (#"{">=": [null, 0]}"#, .bool(true)),
            // Arithmetic.
            (#"{"+": ["1", 2, 0.5]}"#, .number(3.5)),
            (#"{"-": [5]}"#, .number(-5)),
            (#"{"%": [-7, 3]}"#, .number(-1)),
            (#"{"/": [1, 0]}"#, .number(.infinity)),
            (#"{"max": [1, "3", 2]}"#, .number(3)),
            (#"{"min": []}"#, .number(.infinity)),
            // Strings and arrays.
            (#"{"cat": ["a", 1, null, true, [1, 2]]}"#, .string("a1nulltrue1,2")),
            (#"{"substr": ["jsonlogic", -5]}"#, .string("logic")),
            (#"{"substr": ["jsonlogic", 1, -5]}"#, .string("son")),
            (#"{"in": ["@example", {"var": "email"}]}"#, .bool(true)),
            (#"{"in": ["", ""]}"#, .bool(false)),
            (#"{"in": [1, ["1", 2]]}"#, .bool(false)),
            (#"{"merge": [[1, 2], 3, [[4]]]}"#, .array([.number(1), .number(2), .number(3), .array([.number(4)])])),
            // Conditions.
            (#"{"if": [false, 1, false, 2, 3]}"#, .number(3)),
            (#"{"if": [false, 1]}"#, .null),
            (#"{"?:": [true, "yes", "no"]}"#, .string("yes")),
            // Iteration: the element is the data.
            (#"{"map": [[1, 2], {"*": [{"var": ""}, 2]}]}"#, .array([.number(2), .number(4)])),
            (#"{"filter": [[1, 2, 3], {">": [{"var": ""}, 1]}]}"#, .array([.number(2), .number(3)])),
            (#"{"reduce": [[1, 2, 3], {"+": [{"var": "current"}, {"var": "accumulator"}]}, 10]}"#, .number(16)),
            (#"{"all": [[], true]}"#, .bool(false)),
            (#"{"some": [{"var": "user.tags"}, {"==": [{"var": ""}, "b"]}]}"#, .bool(true)),
            (#"{"none": ["x", true]}"#, .bool(true)),
            // Data: attributes, nested structures, targetingKey, $flagd, missing values.
            (#"{"var": "user.name"}"#, .string("jack")),
            (#"{"var": "user.tags.1"}"#, .string("b")),
            (#"{"var": "user.tags.length"}"#, .number(2)),
            (#"{"var": ["nothing", "fallback"]}"#, .string("fallback")),
            (#"{"var": "targetingKey"}"#, .string("user-1")),
            (#"{"var": "$flagd.flagKey"}"#, .string("flag")),
            (#"{"missing": ["email", "empty", "nothing"]}"#, .array([.string("empty"), .string("nothing")])),
            (#"{"missing_some": [1, ["email", "nothing"]]}"#, .array([])),
            (#"{"missing_some": [2, ["email", "nothing"]]}"#, .array([.string("nothing")])),
            // An object of other than one member is data.
            (#"{"a": 1, "b": 2}"#, .object(["a": .number(1), "b": .number(2)])),
        ])
    func operations(rule: String, expected: JSONLogicValue) throws {
        let value = try Self.evaluate(rule)
        if case .number(let number) = expected, number.isNaN {
            guard case .number(let found) = value else { Issue.record("\(value)"); return }
            #expect(found.isNaN)
        } else {
            #expect(value == expected, "\(rule)")
        }
    }

    @Test("$flagd.timestamp is the read's time in whole seconds")
    func timestamp() throws {
        let before = Date().timeIntervalSince1970.rounded(.down)
        let value = try Self.evaluate(#"{"var": "$flagd.timestamp"}"#)
        let after = Date().timeIntervalSince1970.rounded(.down)
        guard case .number(let seconds) = value else { Issue.record("\(value)"); return }
        #expect(before <= seconds && seconds <= after)
    }

    @Test("without a context only $flagd has data")
    func noContext() throws {
        #expect(try Self.evaluate(#"{"var": "email"}"#, context: nil) == .null)
        #expect(try Self.evaluate(#"{"var": "targetingKey"}"#, context: nil) == .null)
        #expect(try Self.evaluate(#"{"var": "$flagd.flagKey"}"#, context: nil) == .string("flag"))
    }

    @Test("a rule that would take too many steps gives null, and quickly")
    func budget() throws {
        // Each level doubles the work: 2^40 steps unbounded.
        var rule = #"{"merge": [[1, 2, 3, 4, 5, 6, 7, 8]]}"#
        for _ in 0..<40 {
            rule = #"{"reduce": [[1, 2], {"merge": [{"var": "accumulator"}, {"var": "accumulator"}]}, \#(rule)]}"#
        }
        let value = try Self.evaluate(rule)
        #expect(value == .null)
    }

    @Test("rules beyond the size and depth bounds, unknown operations and $ref problems do not compile")
    func compileProblems() throws {
        func problem(_ json: String, evaluators: [String: String] = [:]) throws -> String? {
            let node = try JSONParser.parse(Array(json.utf8), source: "rule")
            var compiler = JSONLogicCompiler(
                evaluators: try evaluators.mapValues { try JSONParser.parse(Array($0.utf8), source: "e") })
            _ = compiler.compile(node, path: "targeting")
            return compiler.problem.map { "\($0.path): \($0.detail)" }
        }
        let deep = String(repeating: #"{"!": "#, count: 80) + "true" + String(repeating: "}", count: 80)
        #expect(try problem(deep)?.contains("nests deeper than 64") == true)
        let wide = #"{"+": ["# + Array(repeating: "1", count: 12_000).joined(separator: ",") + "]}"
        #expect(try problem(wide)?.contains("more than 10000") == true)
        #expect(try problem(#"{"if": [{"nope": 1}, "a"]}"#) == #"targeting.if[0]: unknown operation "nope""#)
        #expect(
            try problem(#"{"$ref": "a"}"#, evaluators: ["a": #"{"!": {"$ref": "a"}}"#])
                == #"$evaluators.a.!: "$ref" cycle: "a" → "a""#)
        // A shared evaluator used many times counts each time.
        let many = #"{"and": ["# + Array(repeating: #"{"$ref": "big"}"#, count: 20).joined(separator: ",") + "]}"
        let big = #"{"+": ["# + Array(repeating: "1", count: 600).joined(separator: ",") + "]}"
        #expect(try problem(many, evaluators: ["big": big])?.contains("more than 10000") == true)
    }
}
