import Foundation
import TestSupport
import Testing
@testable import Tweaks

@testable import TweaksRemote

@Suite("Declared types enforced against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct DeclaredTypeTests {
    /// The local defaults: `max_items` is an `Int`, `enabled` a `Bool`, `ratio` a `Double`.
    private let defaults = """
        {"checkout": {
            "enabled": {"Value": false},
            "max_items": {"Value": 10},
            "ratio": {"Value": 0.5}
        }}
        """

    @Test func aRemoteValueOfAnotherTypeIsFlaggedAtActivationAndTheDefaultAnswers() async throws {
        try await withNginx { server in
            try server.write(#"{"checkout": {"max_items": "38", "enabled": "yes", "ratio": 2}}"#, to: "tweaks.json")
            let remote = try makeProvider(server, "tweaks.json")
            let local = try LocalTweakProvider(
                data: Data(defaults.utf8), source: "defaults.json", name: "defaults.json")
            let manager = TweakManager(tweakProviders: [remote, local])
            let logs = Locked<[String]>([])
            manager.logClosure = { message, level in if level == .error { logs.withLock { $0.append(message) } } }

            let result = await remote.fetchAndActivate()
            #expect(result.status == .fetchedFromRemote)
            #expect(
                manager.typeMismatches().map(\.tweak.variable) == ["enabled", "max_items"],
                "the manager's verdict (another manager may declare other types)")
            #expect(
                logs.withLock { $0 } == [
                    #"remote: type check failed: checkout.enabled: declared as bool by defaults.json, found string "yes"; "#
                        + #"checkout.max_items: declared as int by defaults.json, found string "38"; reads pass them over"#
                ], "an Int for a Double is fine")
            let failure = try #require(manager.providerHealth[0].currentFailures.first)
            #expect(failure.operation == .typeCheck)
            let mismatches = try #require(failure.error as? TweakTypeMismatches).mismatches
            #expect(mismatches.map(\.tweak.variable) == ["enabled", "max_items"])
            #expect(mismatches.map(\.declaredKind) == [.bool, .int])
            #expect(manager.typeMismatches() == mismatches)

            // Every read falls to the next layer by the lookup rule, untyped reads included.
            #expect(try manager.tweakWith(feature: "checkout", variable: "max_items").value == 10)
            #expect(try manager.tweakWith(feature: "checkout", variable: "max_items").source == "defaults.json")
            #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 10)
            #expect(manager.isFeatureEnabled("checkout") == false)
            #expect(try manager.value(feature: "checkout", variable: "ratio", as: Double.self) == 2)
            let explanation = manager.explain(feature: "checkout", variable: "max_items")
            #expect(
                explanation.answers.first?.answer
                    == .rejected(
                        Tweak(feature: "checkout", variable: "max_items", value: "38", source: "remote"),
                        reason: #"declared as int by defaults.json, found string "38""#))
            #expect(explanation.winner?.provider == "defaults.json")
            let entry = try #require(manager.catalog().entries.first { $0.variable == "max_items" })
            #expect(entry.source == "defaults.json" && entry.resolved?.value == 10)

            // A corrected document is a recovery.
            try server.write(#"{"checkout": {"max_items": 38, "enabled": true}}"#, to: "tweaks.json")
            let corrected = await remote.fetchAndActivate(expirationDuration: 0)
            #expect(corrected.status == .fetchedFromRemote && manager.typeMismatches().isEmpty)
            #expect(!manager.providerHealth[0].isFailing)
            #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 38)
        }
    }
}
