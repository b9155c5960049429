import Foundation
import TestSupport
import Testing
import Tweaks
import TweaksRemote

/// The stack the documentation recommends: persisted overrides, remote configuration, bundled defaults.
@Suite("The [UserDefaults, Remote, Local] stack", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteStackTests {
    static let defaults = """
        {
            "checkout": {
                "enabled": {"Value": false, "Title": "Checkout"},
                "max_items": {"Value": 5, "Title": "Maximum items"},
                "currency": {"Value": "EUR"}
            },
            "ui": {"label_text": {"Value": "Bundled"}}
        }
        """

    @Test func overridesRemoteAndDefaultsAcrossFetchActivateAndRestart() async throws {
        let suiteName = "TweaksRemoteTests.\(UUID().uuidString)"
        defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("remote.cache")
        let local = try LocalTweakProvider(data: Data(Self.defaults.utf8), name: "defaults")
        func makeStack(_ url: URL) throws -> (TweakManager, RemoteTweakProvider) {
            let remote = RemoteTweakProvider(
                source: try HTTPRemoteTweakSource(url: url, timeout: HangGuard.seconds), cacheURL: cacheURL,
                name: "remote",
                configuration: testConfiguration())
            let manager = TweakManager(tweakProviders: [
                UserDefaultsTweakProvider(userDefaults: UserDefaults(suiteName: suiteName)!, name: "overrides"),
                remote, local,
            ])
            manager.useCache = true
            return (manager, remote)
        }

        let server = try await NginxServer.start()
        try server.write(documentV1, to: "tweaks.json")
        let (manager, remote) = try makeStack(server.url("tweaks.json"))
        // Before any fetch: the bundled defaults.
        #expect(!manager.isFeatureEnabled("checkout"))
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 5)

        // Fetched is not active: nothing changes until activation.
        await remote.fetch()
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 5)
        remote.activate()
        #expect(manager.isFeatureEnabled("checkout"), "remote enables the feature")
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 10)
        #expect(try manager.tweakWith(feature: "checkout", variable: "max_items").source == "remote")
        #expect(try manager.value(feature: "checkout", variable: "currency", as: String.self) == "EUR")
        #expect(try manager.value(feature: "ui", variable: "label_text", as: String.self) == "Hello")

        // An override beats the remote value, and can switch the feature off.
        try manager.set(3, feature: "checkout", variable: "max_items")
        try manager.setFeatureEnabled(false, feature: "checkout")
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 3)
        #expect(!manager.isFeatureEnabled("checkout"))

        // A new remote document: removed keys fall back to the defaults, overrides still win.
        try server.write(documentV2, to: "tweaks.json")
        await remote.fetchAndActivate(expirationDuration: 0)
        #expect(try manager.value(feature: "ui", variable: "label_text", as: String.self) == "Bundled")
        #expect(try manager.value(feature: "ui", variable: "banner", as: String.self) == "Sale")
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 3)
        let url = server.url("tweaks.json")
        server.stop()

        // Restart without a network: overrides and the last activated remote document are back.
        let (restarted, restartedRemote) = try makeStack(url)
        #expect(try restarted.value(feature: "ui", variable: "banner", as: String.self) == "Sale")
        #expect(try restarted.value(feature: "checkout", variable: "max_items", as: Int.self) == 3)
        #expect(!restarted.isFeatureEnabled("checkout"))
        try restarted.removeAllOverrides()
        #expect(restarted.isFeatureEnabled("checkout"))
        #expect(try restarted.value(feature: "checkout", variable: "max_items", as: Int.self) == 20)
        #expect(restartedRemote.cacheError == nil)
        let explanation = restarted.explain(feature: "checkout", variable: "max_items")
        #expect("\(explanation)".contains("remote"))
    }
}
