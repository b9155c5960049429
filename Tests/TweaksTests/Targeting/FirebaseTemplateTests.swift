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
}
