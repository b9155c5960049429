import Foundation
import Testing

@testable import Tweaks

/// Counts how often it is asked, and answers `value` for every key.
private final class CountingProvider: TweakProvider {
    let name: String
    let value: TweakValue
    let asks = Locked(0)

    init(name: String, value: TweakValue) {
        self.name = name
        self.value = value
    }

    func tweak(for key: TweakKey) throws -> Tweak? {
        asks.withLock { $0 += 1 }
        return Tweak(feature: key.feature, variable: key.variable, value: value)
    }
}

/// Records the context of every read it is asked.
private final class ContextRecordingProvider: TweakProvider {
    let contexts = Locked<[String?]>([])

    func tweak(for key: TweakKey) throws -> Tweak? { nil }

    func tweak(for request: TweakRequest) throws -> Tweak? {
        contexts.withLock { $0.append(request.context?.randomizationID) }
        return nil
    }
}

@Suite("One schema and one evaluation per manager")
struct SchemaAndEvaluationTests {
    private func defaults(_ json: String, name: String) throws -> LocalTweakProvider {
        try LocalTweakProvider(data: Data(json.utf8), source: name, name: name)
    }

    @Test func anEnvironmentIsTypedByTheSchemaOfTheManagerThatAsks() throws {
        let environment = EnvironmentTweakProvider(environment: ["TWEAK_F__X": "1"])
        let integers = TweakManager(tweakProviders: [
            environment, try defaults(#"{"f": {"x": {"Value": 0}}}"#, name: "ints.json"),
        ])
        #expect(try integers.value(feature: "f", variable: "x", as: Int.self) == 1)
        // An unrelated manager that declares f.x as a String, made later, changes nothing for the first.
        let strings = TweakManager(tweakProviders: [
            environment, try defaults(#"{"f": {"x": {"Value": "a"}}}"#, name: "strings.json"),
        ])
        #expect(try strings.value(feature: "f", variable: "x", as: String.self) == "1")
        #expect(try integers.value(feature: "f", variable: "x", as: Int.self) == 1)
        #expect(integers.typeMismatches().isEmpty && strings.typeMismatches().isEmpty)
        #expect(environment.knownTweaks.map(\.variable) == ["x"], "known without any manager's declarations")
    }

    @Test func aTypeCheckVerdictBelongsToTheManagerThatMadeIt() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let integers = TweakManager(tweakProviders: [
            overrides, try defaults(#"{"f": {"x": {"Value": 0}, "y": {"Value": 0}}}"#, name: "ints.json"),
        ])
        let strings = TweakManager(tweakProviders: [
            overrides, try defaults(#"{"f": {"x": {"Value": "a"}, "y": {"Value": 0}}}"#, name: "strings.json"),
        ])
        let logs = Locked<[String]>([])
        integers.logClosure = { message, _ in logs.withLock { $0.append(message) } }

        try overrides.set("text", feature: "f", variable: "x")
        #expect(integers.providerHealth[0].isFailing, "a String for the Int the first manager declares")
        #expect(!strings.providerHealth[0].isFailing, "the second declares a String")
        logs.withLock { $0.removeAll() }
        overrides.set(.int(2), feature: "f", variable: "y")  // another change: both managers check again
        #expect(integers.providerHealth[0].isFailing, "still a mismatch for the first manager")
        #expect(
            !logs.withLock { $0 }.contains { $0.contains("works again") || $0.contains("recovered") },
            "the second manager's verdict is never reported as the first's")
        #expect(integers.typeMismatches().map(\.tweak.variable) == ["x"])
        #expect(strings.typeMismatches().isEmpty)
    }

    @Test func readsAndTheEditorAgreeOnADeclaredObject() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let manager = TweakManager(tweakProviders: [
            overrides, try defaults(#"{"f": {"limits": {"Value": {"max": 3, "label": "x"}}}}"#, name: "defaults.json"),
        ])
        overrides.set(.json([1, 2]), feature: "f", variable: "limits")
        #expect(
            try manager.tweakWith(feature: "f", variable: "limits").value == .json(["max": 3, "label": "x"]),
            "an array for a declared object is passed over")
        let mismatch = try #require(manager.typeMismatches().first)
        #expect(mismatch.problem.contains("found array"))
        let editable = try #require(manager.editableTweak(feature: "f", variable: "limits"))
        #expect(throws: TweakValueParseError.self) { try editable.value(parsing: "[1, 2]") }

        overrides.set(.json(["max": 5]), feature: "f", variable: "limits")
        #expect(
            try manager.tweakWith(feature: "f", variable: "limits").value == .json(["max": 3, "label": "x"]),
            "an object without a declared key is passed over too")
        #expect(manager.typeMismatches().first?.problem.contains(#"missing key "label""#) == true)
        #expect(throws: TweakValueParseError.self) { try editable.value(parsing: #"{"max": 5}"#) }
        overrides.set(.json(["max": 5, "label": "y"]), feature: "f", variable: "limits")
        #expect(try manager.tweakWith(feature: "f", variable: "limits").value == .json(["max": 5, "label": "y"]))
    }

    @Test(arguments: [false, true])
    func aTypedMismatchWalksTheProvidersOnce(cached: Bool) throws {
        let text = CountingProvider(name: "text", value: "many")
        let number = CountingProvider(name: "number", value: 7)
        let manager = TweakManager(tweakProviders: [text, number])
        manager.useCache = cached
        #expect(try manager.value(feature: "f", variable: "x", as: Int.self) == 7)
        #expect(text.asks.withLock { $0 } == 1 && number.asks.withLock { $0 } == 1)
        #expect(manager.isFeatureEnabled("f") == false)
        #expect(text.asks.withLock { $0 } == 2 && number.asks.withLock { $0 } == 2, "one walk for the flag read too")
    }

    @Test func providersReceiveTheContextOfTheRead() throws {
        let recorder = ContextRecordingProvider()
        let manager = TweakManager(tweakProviders: [recorder])
        _ = try manager.reading(for: TweakContext(randomizationID: "request-1")).tweakIfPresent(
            feature: "f", variable: "x")
        manager.context = TweakContext(randomizationID: "device-user")
        _ = manager.isFeatureEnabled("f")
        _ = try manager.reading(for: TweakContext(randomizationID: "request-2")).tweakIfPresent(
            feature: "f", variable: "x")
        #expect(recorder.contexts.withLock { $0 } == ["request-1", "device-user", "request-2"])
    }

    @Test func wrappersReadForTheContextOfTheirManager() throws {
        let defaults = try defaults(
            #"""
            {"$conditions": [{"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}}],
             "checkout": {"limit": {"Value": 3, "ConditionalValues": {"beta": 9}}}}
            """#, name: "defaults.json")
        let manager = TweakManager(tweakProviders: [defaults])
        manager.useCache = true
        @TweakProperty(feature: "checkout", variable: "limit", tweakManager: manager) var plain: Int
        let beta = manager.reading(for: TweakContext(attributes: ["plan": "beta"]))
        @TweakProperty(feature: "checkout", variable: "limit", tweakManager: beta) var forBeta: Int
        @FallbackTweakProperty(fallbackValue: 0, feature: "checkout", variable: "limit", tweakManager: beta)
        var fallbackForBeta: Int
        #expect(plain == 3 && forBeta == 9 && fallbackForBeta == 9)
        #expect(plain == 3, "a contextual read does not reach the other manager's answers through the shared cache")
        #expect(beta.evaluate(feature: "checkout", variable: "limit").condition == "beta")
    }

    @Test func evaluationReasons() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let manager = TweakManager(tweakProviders: [
            overrides, CountingProvider(name: "static", value: "text"),
            try defaults(#"{"f": {"x": {"Value": 1}, "y": {"Value": 2}}}"#, name: "defaults.json"),
        ])
        #expect(manager.evaluate(feature: "f", variable: "y").reason == .declaredDefault)
        let passedOver = manager.evaluate(feature: "f", variable: "y")
        #expect(passedOver.passedOver.map(\.provider) == ["static"], "the String for the declared Int")
        try overrides.set(5, feature: "f", variable: "x")
        let overridden = manager.evaluate(feature: "f", variable: "x")
        #expect(overridden.reason == .override && overridden.tweak?.value == 5 && overridden.layer == "overrides")
        #expect(manager.evaluate(feature: "f", variable: "none").reason == .staticValue)
        #expect(TweakManager(tweakProviders: []).evaluate(feature: "f", variable: "x").reason == .notFound)
    }

    @Test func declaredTypesAreEqualByKindAndShapeNotByTheirDeclaringValues() throws {
        let provider = try LocalTweakProvider(
            data: Data(
                #"{"f": {"n": {"Value": 7}, "s": {"Value": "on"}, "o": {"Value": {"a": 1, "b": [2]}}}}"#.utf8),
            source: "d.json", name: "d")
        let manager = TweakManager(tweakProviders: [provider])
        let schema = manager.schema
        #expect(schema.type(of: TweakKey(feature: "f", variable: "n")) == .int)
        #expect(schema.type(of: TweakKey(feature: "f", variable: "s")) == .string)
        let object = try #require(schema.type(of: TweakKey(feature: "f", variable: "o")))
        #expect(object == .object(["a": .int(0), "b": .array([])]))
        #expect(object.hashValue == TweakType.object(["a": .int(5), "b": .array([.int(1)])]).hashValue)
        #expect(object != .object(["a": .int(0)]))
        #expect(object != .object(["a": .string(""), "b": .array([])]))
        #expect(TweakType.int != .double)
        #expect(TweakType.array != .object([:]))
    }
}
