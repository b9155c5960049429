import Foundation
import Testing
import Tweaks
import TweaksRemote

/// The format of a remote document is the configuration's, never guessed from its keys.
@Suite("Remote document formats", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteDocumentFormatTests {
    static let template =
        #"{"parameters": {"checkout.enabled": {"defaultValue": {"value": "true"}, "valueType": "BOOLEAN"}}, "version": {"versionNumber": "3"}}"#

    static func configuration(_ format: TweakDocumentFormat) -> RemoteTweakProviderConfiguration {
        var configuration = testConfiguration()
        configuration.documentFormat = format
        return configuration
    }

    @Test func aTweaksDocumentWhoseFeaturesAreNamedParametersAndVersionLoadsAsTweaks() async throws {
        try await withNginx { server in
            try server.write(
                #"{"parameters": {"a": 1}, "version": {"b": {"Value": "x"}}, "etag": {"e": true}}"#, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            let status = await provider.fetchAndActivate().status
            #expect(status.error == nil)
            #expect(try provider.tweak(for: TweakKey(feature: "parameters", variable: "a"))?.value == .int(1))
            #expect(try provider.tweak(for: TweakKey(feature: "version", variable: "b"))?.value == .string("x"))
            #expect(try provider.tweak(for: TweakKey(feature: "etag", variable: "e"))?.value == .bool(true))
        }
    }

    @Test func aTemplateLoadsOnlyWithItsFormatAndItsCacheReloadsWithIt() async throws {
        try await withNginx { server in
            try server.write(Self.template, to: "template.json")
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tweaks-\(UUID().uuidString).cache")
            defer { try? FileManager.default.removeItem(at: cache) }
            // Not told: a typed error naming the format to ask for, and nothing activated.
            let unaware = try makeProvider(server, "template.json")
            let error = await unaware.fetchAndActivate().status.error
            #expect(error?.reason.documentError?.reason == .otherFormat(.firebaseTemplate))
            #expect(unaware.knownTweaks.isEmpty)

            let key = TweakKey(feature: "checkout", variable: "enabled")
            let provider = try makeProvider(
                server, "template.json", cacheURL: cache, configuration: Self.configuration(.firebaseTemplate))
            #expect(await provider.fetchAndActivate().status.error == nil)
            #expect(try provider.tweak(for: key)?.value == .bool(true))
            // The cache is read in the configured format too.
            let restarted = try makeProvider(
                server, "template.json", cacheURL: cache, configuration: Self.configuration(.firebaseTemplate))
            #expect(restarted.cacheError == nil)
            #expect(try restarted.tweak(for: key)?.value == .bool(true))
            let wrongFormat = try makeProvider(server, "template.json", cacheURL: cache)
            #expect(wrongFormat.cacheError?.reason.documentError?.reason == .otherFormat(.firebaseTemplate))
        }
    }

    @Test func aDefaultsPlistIsARemoteDocumentWhenConfigured() async throws {
        try await withNginx { server in
            try server.write(
                #"<plist version="1.0"><dict><key>checkout.enabled</key><true/><key>limit</key><integer>3</integer></dict></plist>"#,
                to: "defaults.plist")
            let provider = try makeProvider(
                server, "defaults.plist", configuration: Self.configuration(.firebaseDefaultsPlist))
            #expect(await provider.fetchAndActivate().status.error == nil)
            #expect(try provider.tweak(for: TweakKey(feature: "checkout", variable: "enabled"))?.value == .bool(true))
            #expect(try provider.tweak(for: TweakKey(feature: "firebase", variable: "limit"))?.value == .int(3))
        }
    }
}
