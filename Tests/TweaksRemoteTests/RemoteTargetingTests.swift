import Foundation
import Testing
import Tweaks
import TweaksRemote
import TweaksTesting

/// Conditional values and Firebase server templates served by a real nginx.
@Suite("Targeting in remote documents", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteTargetingTests {
    @Test func aFirebaseTemplateIsARemoteDocument() async throws {
        try await withNginx { server in
            try server.write(
                #"""
                {"conditions": [{"name": "beta", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [
                    {"customSignal": {"customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "plan", "targetCustomSignalValues": ["beta"]}}]}}]}}}],
                 "parameters": {"checkout.enabled": {"defaultValue": {"value": "false"}, "conditionalValues": {"beta": {"value": "true"}}, "valueType": "BOOLEAN"},
                                "ratio": {"defaultValue": {"useInAppDefault": true}, "conditionalValues": {"beta": {"value": "0.5"}}, "valueType": "NUMBER"}},
                 "version": {"versionNumber": "7"}}
                """#, to: "template.json")
            var configuration = testConfiguration()
            configuration.documentFormat = .firebaseTemplate
            let provider = try makeProvider(server, "template.json", configuration: configuration)
            await provider.fetchAndActivate()
            let defaults = EphemeralTweakProvider(name: "in-app", values: ["firebase": ["ratio": 1.0]])
            let manager = TweakManager(tweakProviders: [provider, defaults])
            manager.useCache = true
            let beta = TweakContext(attributes: ["plan": "beta"])
            #expect(manager.reading(for: beta).isFeatureEnabled("checkout"))
            #expect(!manager.isFeatureEnabled("checkout"))
            #expect(
                try manager.reading(for: beta).value(feature: "firebase", variable: "ratio", as: Double.self) == 0.5)
            #expect(try manager.value(feature: "firebase", variable: "ratio", as: Double.self) == 1.0)
        }
    }

    @Test func aNewerOperatorIsAWarningAndTheRestLoads() async throws {
        try await withNginx { server in
            try server.write(
                #"""
                {"$conditions": [{"name": "future", "customSignal": {"key": "k", "operator": "STRING_SOUNDS_LIKE", "values": ["x"]}},
                                 {"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}}],
                 "checkout": {"limit": {"Value": 1, "ConditionalValues": {"future": 2, "beta": 3}}}}
                """#, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            let manager = TweakManager(tweakProviders: [provider])
            let context = TweakContext(attributes: ["k": "x", "plan": "beta"])
            #expect(try manager.reading(for: context).value(feature: "checkout", variable: "limit", as: Int.self) == 3)
            #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 1)
        }
    }
}
