import Foundation
import Testing

@testable import Tweaks

/// Firebase Remote Config server templates as tweaks documents.
@Suite("Firebase server templates")
struct FirebaseTemplateTests {
    static let template = #"""
        {
          "conditions": [
            {"name": "beta", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [
              {"customSignal": {"customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "plan", "targetCustomSignalValues": ["beta"]}}
            ]}}]}}, "tagColor": "BLUE"},
            {"name": "half", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [
              {"percent": {"percentOperator": "BETWEEN", "seed": "abcdef", "microPercentRange": {"microPercentLowerBound": 0, "microPercentUpperBound": 50000000}}}
            ]}}]}}}
          ],
          "parameters": {
            "checkout.enabled": {"defaultValue": {"value": "false"}, "conditionalValues": {"beta": {"value": "true"}}, "valueType": "BOOLEAN"},
            "welcome": {"defaultValue": {"value": "Hi"}, "valueType": "STRING", "description": "Greeting"},
            "limits": {"defaultValue": {"value": "{\"max\": 3}"}, "valueType": "JSON"},
            "ratio": {"defaultValue": {"value": "0.25"}, "conditionalValues": {"half": {"useInAppDefault": true}}, "valueType": "NUMBER"},
            "fallback_only": {"defaultValue": {"useInAppDefault": true}, "conditionalValues": {"beta": {"value": "7"}}, "valueType": "NUMBER"}
          },
          "parameterGroups": {
            "ui": {"description": "UI", "parameters": {"columns": {"defaultValue": {"value": "3"}, "valueType": "NUMBER"}}}
          },
          "version": {"versionNumber": "12", "updateTime": "2026-11-01T00:00:00Z"}
        }
        """#

    static func manager() throws -> TweakManager {
        let template = try LocalTweakProvider(
            data: Data(Self.template.utf8), source: "template.json", name: "firebase", format: .firebaseTemplate)
        let defaults = try LocalTweakProvider(
            data: Data(#"{"firebase": {"ratio": {"Value": 1.0}, "fallback_only": {"Value": 0}}}"#.utf8), name: "in-app")
        return TweakManager(tweakProviders: [template, defaults])
    }

    @Test("Parameters map to features: feature.variable, group name, else firebase; values typed by valueType")
    func mapping() throws {
        let manager = try Self.manager()
        #expect(try manager.value(feature: "checkout", variable: "enabled", as: Bool.self) == false)
        #expect(try manager.value(feature: "firebase", variable: "welcome", as: String.self) == "Hi")
        #expect(try manager.tweakWith(feature: "firebase", variable: "welcome").desc == "Greeting")
        #expect(try manager.tweakWith(feature: "firebase", variable: "limits").value == .json(["max": 3]))
        #expect(try manager.value(feature: "ui", variable: "columns", as: Int.self) == 3)
        #expect(try manager.value(feature: "firebase", variable: "ratio", as: Double.self) == 0.25)
    }

    @Test("Conditional values decide for the context; useInAppDefault lets the next provider answer")
    func conditionalAndInAppDefault() throws {
        let manager = try Self.manager()
        let beta = TweakContext(randomizationID: "123", attributes: ["plan": "beta"])
        #expect(manager.reading(for: beta).isFeatureEnabled("checkout"))
        // abcdef.123 falls at 9,571,542: inside "half", whose value is "use the in-app default".
        #expect(try manager.reading(for: beta).value(feature: "firebase", variable: "ratio", as: Double.self) == 1.0)
        #expect(try manager.reading(for: beta).tweakWith(feature: "firebase", variable: "ratio").source == "in-app")
        #expect(try manager.reading(for: beta).value(feature: "firebase", variable: "fallback_only", as: Int.self) == 7)
        #expect(try manager.value(feature: "firebase", variable: "fallback_only", as: Int.self) == 0)
        let explanation = manager.reading(for: beta).explain(feature: "firebase", variable: "ratio")
        #expect(explanation.answers.first?.decision?.answers == false)
        #expect(explanation.answers.first?.decision?.microPercentiles.first?.value == 9_571_542)
    }

    @Test("A template is a remote document too, read leniently: a future operator is a warning")
    func remote() throws {
        let text = Self.template.replacingOccurrences(of: "STRING_EXACTLY_MATCHES", with: "STRING_FUTURE_MATCH")
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", format: .firebaseTemplate,
            allowsBareValues: true, strictness: .lenient)
        #expect(document.warnings.map(\.reason.field) == ["beta"])
        let tweak = try #require(document.definition(feature: "checkout", variable: "enabled")?.tweak)
        #expect(tweak.targeting?.decide(for: TweakContext(attributes: ["plan": "beta"])).value == false)
        // Strict (a local file): the same template is rejected with a typed error naming the condition.
        #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(text.utf8), source: "template.json", format: .firebaseTemplate)
        }
    }

    @Test("Wrong values are typed errors naming the parameter's tweak")
    func wrongValues() throws {
        let text = #"{"parameters": {"n": {"defaultValue": {"value": "ten"}, "valueType": "NUMBER"}}, "version": {}}"#
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(text.utf8), source: "template.json", format: .firebaseTemplate)
        }
        #expect(error.feature == "firebase" && error.variable == "n")
        #expect(error.source == "template.json")
        let undefined =
            #"{"parameters": {"a.b": {"defaultValue": {"value": "x"}, "conditionalValues": {"nope": {"value": "y"}}}}, "conditions": []}"#
        let undefinedError = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(undefined.utf8), source: "template.json", format: .firebaseTemplate)
        }
        #expect(undefinedError.reason == .undefinedCondition("nope"))
        #expect(undefinedError.feature == "a" && undefinedError.variable == "b")
    }

    /// A template with one condition `c` (whose JSON is `condition`), used by parameter `f.v`.
    static func template(condition: String) -> String {
        #"{"conditions": [{"name": "c", "condition": \#(condition)}, {"name": "everyone", "condition": {"true": {}}}], "#
            + #""parameters": {"f.v": {"defaultValue": {"value": "default"}, "#
            + #""conditionalValues": {"c": {"value": "c"}, "everyone": {"value": "everyone"}}}}, "version": {}}"#
    }

    static let signal =
        #""customSignalOperator": "STRING_CONTAINS", "customSignalKey": "k", "targetCustomSignalValues": ["x"]"#

    /// Mistakes that used to be read silently; the misspelt `conditons` made the condition true
    /// for everyone.
    static let mistakes: [(condition: String, expected: String)] = [
        (#"{"andCondition": {"conditons": [{"false": {}}]}}"#, #"unknown field "conditons""#),
        (#"{"orCondition": {}}"#, #"has no "conditions""#),
        (#"{"andCondition": {"conditions": {"true": {}}}}"#, "array"),
        (
            #"{"customSignal": {"customSignalOperator": "STRING_CONTAINS", "targetCustomSignalValues": ["x"]}}"#,
            "customSignalKey"
        ),
        (#"{"customSignal": {"customSignalKey": "k", "targetCustomSignalValues": ["x"]}}"#, "customSignalOperator"),
        (
            #"{"customSignal": {"customSignalOperator": "STRING_CONTAINS", "customSignalKey": "k"}}"#,
            "targetCustomSignalValues"
        ),
        (#"{"customSignal": {\#(signal), "customSignalKye": "k"}}"#, #"unknown field "customSignalKye""#),
        (
            #"{"customSignal": {"customSignalOperator": "STRING_CONTAINS", "customSignalKey": "k", "targetCustomSignalValues": [1]}}"#,
            "strings"
        ),
        (#"{"percent": {"seed": "s", "microPercent": 5}}"#, "percentOperator"),
        (
            #"{"percent": {"percentOperator": "BETWEEN", "microPercentRange": {"microPercentLowerBound": 60, "microPercentUpperBound": 50}}}"#,
            "lower bound"
        ),
        (
            #"{"percent": {"percentOperator": "BETWEEN", "microPercentRange": {"microPercentLowerBound": 0, "microPercentUperBound": 50}}}"#,
            "microPercentUperBound"
        ),
        (#"{"percent": {"percentOperator": "LESS_OR_EQUAL", "microPercent": 5, "sed": "s"}}"#, #""sed""#),
        (#"{"percent": "LESS_OR_EQUAL"}"#, "object"),
        (
            #"{"customSignal": {"customSignalOperator": "STRING_CONTAINS_REGEX", "customSignalKey": "k", "targetCustomSignalValues": ["(?=a)"]}}"#,
            "lookahead"
        ),
        (
            String(repeating: #"{"andCondition": {"conditions": ["#, count: 6) + #"{"true": {}}"#
                + String(repeating: "]}}", count: 6),
            "nested deeper"
        ),
    ]

    @Test(
        "Files a person writes: a mistake in a condition is an error naming the condition", arguments: mistakes.indices)
    func strictMistakes(_ index: Int) throws {
        let (condition, expected) = Self.mistakes[index]
        let text = Self.template(condition: condition)
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(text.utf8), source: "template.json", format: .firebaseTemplate)
        }
        #expect(error.reason.field == "c", "\(error)")
        #expect(error.description.contains(expected), "\(error)")
        let problems = LocalTweaksDocument.problems(
            in: Array(text.utf8), source: "template.json", format: .firebaseTemplate)
        #expect(!problems.isEmpty && problems.allSatisfy { $0.reason.field == "c" }, "\(problems)")
    }

    @Test(
        "Remote templates: a mistake in a condition is a warning, and the condition is false (never true)",
        arguments: mistakes.indices)
    func lenientMistakes(_ index: Int) throws {
        let text = Self.template(condition: Self.mistakes[index].condition)
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", format: .firebaseTemplate,
            strictness: .lenient)
        #expect(!document.warnings.isEmpty && document.warnings.allSatisfy { $0.reason.field == "c" })
        let tweak = try #require(document.definition(feature: "f", variable: "v")?.tweak)
        let context = TweakContext(randomizationID: "123", attributes: ["k": "x"])
        #expect(tweak.targeting?.decide(for: context).value == .string("everyone"))
    }

    @Test("Duplicate condition names: an error in a file, a warning and false in a remote template")
    func duplicateNames() throws {
        let text = #"""
            {"conditions": [{"name": "c", "condition": {"false": {}}}, {"name": "c", "condition": {"true": {}}}],
             "parameters": {"f.v": {"defaultValue": {"value": "default"}, "conditionalValues": {"c": {"value": "c"}}}}}
            """#
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(text.utf8), source: "template.json", format: .firebaseTemplate)
        }
        #expect(error.reason == .duplicateKey("c"))
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", format: .firebaseTemplate,
            strictness: .lenient)
        #expect(document.warnings.map(\.reason) == [.duplicateKey("c")])
        let tweak = try #require(document.definition(feature: "f", variable: "v")?.tweak)
        #expect(tweak.targeting?.decide(for: TweakContext(randomizationID: "1")).value == .string("default"))
    }
}
