import Foundation
import Testing
// Public API only: what a provider written outside the library can do.
import Tweaks

/// A provider of a flag service of its own: it declares types and lifecycle, gives conditional
/// values and sees each read's context, through public API only.
private final class FlagServiceProvider: TweakProvider {
    let name = "flag-service"
    let askedContexts = Locked<[TweakContext?]>([])

    var declarations: [TweakDeclaration] {
        [
            TweakDeclaration(
                feature: "checkout", variable: "limit", type: .int,
                lifecycle: TweakLifecycle(owner: "@payments", kind: .release, created: TweakDay("2026-11-01")),
                title: "Checkout limit", group: "Checkout"),
            TweakDeclaration(
                feature: "checkout", variable: "banner", type: .object(["text": .string(""), "visible": .bool(false)])),
        ]
    }

    func tweak(for key: TweakKey) throws -> Tweak? {
        try tweak(for: TweakRequest(key: key))
    }

    func tweak(for request: TweakRequest) throws -> Tweak? {
        askedContexts.withLock { $0.append(request.context) }
        switch (request.key.feature, request.key.variable) {
        case ("checkout", "limit"):
            let beta = try TweakCondition(
                json: #"{"customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}}"#)
            let rollout = TweakCondition.percent(seed: "checkout", upTo: 100_000_000)
            return Tweak(feature: "checkout", variable: "limit", value: 10).with(
                conditionalValues: TweakConditionalValues(
                    [
                        .init(name: "beta", condition: beta, value: 50),
                        .init(name: "everyone_with_an_id", condition: rollout, value: 20),
                    ], default: 10))
        case ("checkout", "banner"):
            return Tweak(feature: "checkout", variable: "banner", value: .json(["text": "Hi", "visible": true]))
        default:
            return nil
        }
    }

    var knownTweaks: [Tweak] {
        [Tweak(feature: "checkout", variable: "limit", value: 10)]
    }
}

@Suite("A third-party provider declares types, lifecycle and conditional values")
struct ThirdPartyProviderTests {
    @Test func itsDeclarationsAreTheManagersSchema() throws {
        let service = FlagServiceProvider()
        let overrides = EphemeralTweakProvider(name: "overrides")
        let manager = TweakManager(tweakProviders: [overrides, service])

        let limit = try #require(manager.schema.declaration(feature: "checkout", variable: "limit"))
        #expect(limit.type == .int && limit.declaredBy == "flag-service")
        #expect(limit.lifecycle.owner == "@payments" && limit.lifecycle.kind == .release)

        // Its types check the other layers, as a local defaults file's do.
        try overrides.set("many", feature: "checkout", variable: "limit")
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 10)
        #expect(manager.typeMismatches().map(\.tweak.source) == ["overrides"])
        #expect(
            manager.editableTweak(feature: "checkout", variable: "banner")?.type
                == manager.schema.declaration(feature: "checkout", variable: "banner")?.type)
    }

    @Test func itsConditionalValuesAreDecidedForTheReadsContext() throws {
        let service = FlagServiceProvider()
        let manager = TweakManager(tweakProviders: [service])

        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 10, "no context")
        let beta = manager.reading(for: TweakContext(randomizationID: "u1", attributes: ["plan": "beta"]))
        #expect(try beta.value(feature: "checkout", variable: "limit", as: Int.self) == 50)
        let anyone = manager.reading(for: TweakContext(randomizationID: "u2"))
        #expect(try anyone.value(feature: "checkout", variable: "limit", as: Int.self) == 20)
        #expect(service.askedContexts.withLock { $0 }.contains { $0?.randomizationID == "u1" }, "the provider sees it")

        let evaluation = beta.evaluate(feature: "checkout", variable: "limit")
        #expect(evaluation.tweak?.value == 50 && evaluation.condition == "beta" && evaluation.reason == .targetingMatch)
        let split = anyone.evaluate(feature: "checkout", variable: "limit")
        #expect(split.condition == "everyone_with_an_id" && split.reason == .split)
        #expect(split.microPercentiles.map(\.seed) == ["checkout"])
        #expect(manager.evaluate(feature: "checkout", variable: "limit").reason == .declaredDefault)
    }
}
