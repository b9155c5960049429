import Foundation
import Testing
import Tweaks
import TweaksRemote
import TweaksTesting

@Suite("Remote documents against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteDocumentTests {
    @Test func compactAndFullEntriesMixWithStrictTypes() async throws {
        try await withNginx { server in
            try server.write(
                """
                {
                    "checkout": {
                        "enabled": true,
                        "max_items": 10,
                        "ratio": 1.0,
                        "flag_as_text": "true",
                        "number_as_text": "42",
                        "limits": [1, 2, 3],
                        "config": {"Value": {"retries": 3}, "Title": "Config"}
                    }
                }
                """, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            #expect(provider.value("checkout", "enabled") == .bool(true))
            #expect(provider.value("checkout", "max_items") == .int(10))
            #expect(provider.value("checkout", "ratio") == .double(1.0))
            // Strings stay strings: no guessing from text (Firebase-style string values are not coerced).
            #expect(provider.value("checkout", "flag_as_text") == .string("true"))
            #expect(provider.value("checkout", "flag_as_text")?.boolValue == nil)
            #expect(provider.value("checkout", "number_as_text")?.intValue == nil)
            #expect(provider.value("checkout", "limits") == .json([1, 2, 3]))
            #expect(provider.value("checkout", "config") == .json(["retries": 3]))
            let manager = TweakManager(tweakProviders: [provider])
            #expect(throws: TweakError.self) {
                try manager.value(feature: "checkout", variable: "flag_as_text", as: Bool.self)
            }
            #expect(manager.isFeatureEnabled("checkout"))
        }
    }

    @Test func encryptedRemoteValuesGoThroughTheDecryptionClosure() async throws {
        try await withNginx { server in
            try server.write(#"{"general": {"secret": {"Value": "24", "Encrypted": true}}}"#, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            #expect(throws: TweakError.decryptionClosureNotProvided(feature: "general", variable: "secret")) {
                try provider.tweakWith(feature: "general", variable: "secret")
            }
            let manager = TweakManager(tweakProviders: [provider])
            manager.decryptionClosure = { tweak in .string(String(tweak.value.stringValue!.reversed())) }
            let secret = try manager.tweakWith(feature: "general", variable: "secret")
            #expect(secret.value == "42")
            #expect(!"\(secret)".contains("42"), "encrypted values are redacted when printed")
            #expect(provider.knownTweaks.first?.value == "24", "known tweaks stay encrypted")
        }
    }
}

@Suite("HTTP source security")
struct HTTPSourceSecurityTests {
    @Test func plainHTTPIsRefusedExceptToLoopbackOrWhenOptedIn() throws {
        #expect(throws: RemoteFetchError.self) {
            try HTTPRemoteTweakSource(url: URL(string: "http://config.example.com/tweaks.json")!)
        }
        #expect(throws: RemoteFetchError.self) { try HTTPRemoteTweakSource(url: URL(string: "ftp://example.com/t")!) }
        #expect(throws: RemoteFetchError.self) {
            try HTTPRemoteTweakSource(url: URL(string: "http://127.example.com/tweaks.json")!)
        }
        for loopback in ["http://127.0.0.1:8080/t.json", "http://localhost/t.json", "http://[::1]:8080/t.json"] {
            _ = try HTTPRemoteTweakSource(url: URL(string: loopback)!)
        }
        _ = try HTTPRemoteTweakSource(url: URL(string: "https://config.example.com/tweaks.json")!)
        _ = try HTTPRemoteTweakSource(
            url: URL(string: "http://config.example.com/tweaks.json")!, allowsInsecureHTTP: true)
        do {
            _ = try HTTPRemoteTweakSource(url: URL(string: "http://config.example.com/tweaks.json")!)
        } catch {
            #expect(error.reason == .insecureURL("http://config.example.com/tweaks.json"))
            #expect("\(error)".contains("use https"))
        }
    }
}

@Suite("Remote provider contract", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteProviderConformanceTests {
    @Test func theActiveConfigurationMeetsTheProviderContract() async throws {
        try await withNginx { server in
            try server.write(
                """
                {
                    "checkout": {"enabled": true, "limit": 3, "ratio": 0.5, "whole": 2.0, "title": "Checkout"},
                    "promotions": {"enabled": false, "banner": {"Value": {"text": "Sale", "days": [1, 2]}}},
                    "broken_opinion": {"enabled": "yes"}
                }
                """, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            try await TweakProviderConformanceTest(
                provider: provider,
                expected: [
                    "checkout": [
                        "enabled": true, "limit": 3, "ratio": 0.5, "whole": .double(2.0), "title": "Checkout",
                    ],
                    "promotions": ["enabled": false, "banner": .json(["text": "Sale", "days": [1, 2]])],
                    "broken_opinion": ["enabled": "yes"],
                ]
            ).run()
        }
    }
}
