import Foundation
import Testing

@testable import Tweaks

@Suite("EnvironmentTweakProvider")
struct EnvironmentTweakProviderTests {
    private let defaults = """
        {"checkout": {"enabled": {"Value": false}, "max_items": {"Value": 10}, "ratio": {"Value": 0.5},
                      "limits": {"Value": {"max": 3, "label": "x"}}},
         "ui_customization": {"label_text": {"Value": "Hi"}, "max-width": {"Value": 100}}}
        """

    private func stack(_ environment: [String: String]) throws -> (EnvironmentTweakProvider, TweakManager) {
        let environmentProvider = EnvironmentTweakProvider(environment: environment)
        let local = try LocalTweakProvider(data: Data(defaults.utf8), source: "defaults.json", name: "defaults.json")
        return (environmentProvider, TweakManager(tweakProviders: [environmentProvider, local]))
    }

    @Test func valuesAreTypedByTheDeclaredType() throws {
        let (environment, manager) = try stack([
            "TWEAK_CHECKOUT__ENABLED": "true", "TWEAK_CHECKOUT__MAX_ITEMS": "20", "TWEAK_CHECKOUT__RATIO": "2",
            "TWEAK_UI_CUSTOMIZATION__LABEL_TEXT": "42", "TWEAK_UI_CUSTOMIZATION__MAX_WIDTH": "300",
            "TWEAK_CHECKOUT__LIMITS": #"{"max": 5, "label": "y"}"#, "PATH": "/usr/bin",
        ])
        #expect(manager.isFeatureEnabled("checkout"))
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 20)
        #expect(try manager.tweakWith(feature: "checkout", variable: "ratio").value == .double(2))
        #expect(
            try manager.tweakWith(feature: "ui_customization", variable: "label_text").value == "42",
            "a String stays text")
        #expect(try manager.value(feature: "ui_customization", variable: "max-width", as: Int.self) == 300)
        #expect(
            try manager.tweakWith(feature: "checkout", variable: "limits").value == .json(["max": 5, "label": "y"]))
        #expect(try manager.tweakWith(feature: "checkout", variable: "max_items").source == "environment")
        #expect(
            environment.environmentName(feature: "ui_customization", variable: "max-width")
                == "TWEAK_UI_CUSTOMIZATION__MAX_WIDTH")
        #expect(environment.knownTweaks.count == 6)
        #expect(environment.problems(in: nil).isEmpty)
    }

    @Test func aValueThatIsNotTheDeclaredTypeNamesTheVariableAndTheNextLayerAnswers() throws {
        let (environment, manager) = try stack([
            "TWEAK_CHECKOUT__MAX_ITEMS": "many", "TWEAK_CHECKOUT__LIMITS": #"{"max": 5}"#,
        ])
        let logs = Locked<[String]>([])
        manager.logClosure = { message, level in if level == .error { logs.withLock { $0.append(message) } } }
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 10)
        let key = TweakKey(feature: "checkout", variable: "max_items")
        let expected = EnvironmentTweakProvider.ValueError(
            environmentVariable: "TWEAK_CHECKOUT__MAX_ITEMS", key: key, reason: #""many" is not an Int"#)
        #expect(throws: expected) {
            try environment.tweak(for: TweakRequest(key: key, declaredType: manager.schema[key]?.type))
        }
        #expect(expected.description.hasPrefix("environment variable TWEAK_CHECKOUT__MAX_ITEMS (checkout.max_items): "))
        #expect(
            logs.withLock { $0 }.contains { $0.contains("TWEAK_CHECKOUT__MAX_ITEMS") && $0.contains("is passed over") })
        let problems = environment.problems(in: manager.schema)
        #expect(problems.map(\.environmentVariable) == ["TWEAK_CHECKOUT__LIMITS", "TWEAK_CHECKOUT__MAX_ITEMS"])
        #expect(problems[0].reason.contains(#"missing key "label""#))
        #expect(problems[1].reason == #""many" is not an Int (declared by defaults.json)"#)
    }

    @Test func misspeltAndMalformedNamesAreReportedToTheLog() throws {
        let (environment, manager) = try stack([
            "TWEAK_CHEKOUT__ENABLED": "true", "TWEAK_CHECKOUT_ENABLED": "true", "TWEAK_CHECKOUT__ENABLED": "yes",
        ])
        #expect(
            environment.problems(in: manager.schema).map(\.description) == [
                #"environment variable TWEAK_CHECKOUT_ENABLED: expected TWEAK_<FEATURE>__<VARIABLE> (two underscores between them)"#,
                #"environment variable TWEAK_CHECKOUT__ENABLED (checkout.enabled): "yes" is not a Bool (expected true or false) (declared by defaults.json)"#,
                #"environment variable TWEAK_CHEKOUT__ENABLED (chekout.enabled): names no declared tweak (a misspelt name?)"#,
            ])
        let logs = Locked<[String]>([])
        manager.logClosure = { message, level in if level == .error { logs.withLock { $0.append(message) } } }
        let logged = try #require(
            logs.withLock { $0 }.first { $0.contains("type check") },
            "problems found before the log closure are logged when it is set")
        #expect(environment.problems(in: nil).count == 1, "without a schema, only the name without `__`")
        #expect(
            logged.hasPrefix("environment: type check failed: ") && logged.contains("TWEAK_CHECKOUT__ENABLED"),
            "the value this manager cannot read as its declared type is heard when the manager is made")
        #expect(manager.providerHealth[0].isFailing)
    }

    @Test("A misspelt variable is heard once, in the log and on providerEvents, when the manager is made")
    func misspeltNameIsReportedWhenTheManagerIsMade() async throws {
        let (_, manager) = try stack(["TWEAK_CHEKOUT__BANNER": "Sale", "TWEAK_CHECKOUT__MAX_ITEMS": "20"])
        let log = LogRecorder()
        manager.logClosure = log.closure
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 20)
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 20)
        let heard = log.all.filter { $0.text.contains("TWEAK_CHEKOUT__BANNER") }
        #expect(heard.count == 1, "\(log.all.map(\.text))")
        let line = try #require(heard.first)
        #expect(line.level == .error)
        #expect(line.text.hasPrefix("environment: environment failed: "))
        #expect(line.text.contains("names no declared tweak (a misspelt name?)"))
        #expect(!line.text.contains("no automatic retry"), "a variable is not retried: the words mean nothing here")
        #expect(!log.all.contains { $0.text.contains("TWEAK_CHECKOUT__MAX_ITEMS") }, "a right name is no problem")

        var events = manager.providerEvents.makeAsyncIterator()
        let event = try #require(await events.next())
        #expect(event.operation == .environment && event.isFailure)
        let problems = try #require(event.error as? EnvironmentTweakProvider.NameProblems)
        #expect(problems.problems.map(\.environmentVariable) == ["TWEAK_CHEKOUT__BANNER"])
    }

    @Test func undeclaredTweaksAreJSONOrTextAndMalformedJSONIsAnError() throws {
        let environment = EnvironmentTweakProvider(environment: [
            "TWEAK_A__FLAG": "true", "TWEAK_A__TEXT": "Hello", "TWEAK_A__BROKEN": #"{"x": 1"#,
        ])
        #expect(try environment.tweak(for: TweakKey(feature: "a", variable: "flag"))?.value == true)
        #expect(try environment.tweak(for: TweakKey(feature: "a", variable: "text"))?.value == "Hello")
        #expect(throws: EnvironmentTweakProvider.ValueError.self) {
            try environment.tweak(for: TweakKey(feature: "a", variable: "broken"))
        }
        #expect(try environment.tweak(for: TweakKey(feature: "a", variable: "unset")) == nil)
    }

    @Test func aReadOnlyEnvironmentOnTopDoesNotCaptureWrites() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let local = try LocalTweakProvider(data: Data(defaults.utf8), name: "defaults.json")
        let manager = TweakManager(tweakProviders: [
            EnvironmentTweakProvider(environment: ["TWEAK_CHECKOUT__RATIO": "0.75"]), overrides, local,
        ])
        #expect(manager.mutableTweakProvider === overrides)
        try manager.set(.int(12), feature: "checkout", variable: "max_items")
        #expect(try manager.tweakWith(feature: "checkout", variable: "max_items").source == "overrides")
        try manager.set(.double(0.1), feature: "checkout", variable: "ratio")
        #expect(
            try manager.tweakWith(feature: "checkout", variable: "ratio").value == .double(0.75), "the environment wins"
        )
    }
}
