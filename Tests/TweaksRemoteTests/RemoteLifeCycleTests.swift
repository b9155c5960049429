import Foundation
import Testing
import Tweaks
import TweaksRemote

@Suite("Remote provider life cycle against nginx", requiresNginx)
struct RemoteLifeCycleTests {
    @Test func firstFetchIsPendingUntilActivated() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            #expect(provider.lastFetchStatus == .noFetchYet)
            let status = await provider.fetch()
            #expect(status == .fetchedFromRemote)
            #expect(provider.lastFetchStatus == .fetchedFromRemote)
            #expect(provider.lastFetchTime != nil)
            #expect(provider.hasPendingConfiguration)
            #expect(provider.value("checkout", "max_items") == nil, "a fetched document is not active yet")
            let changed = provider.activate()
            #expect(
                changed == [
                    RemoteTweakKey(feature: "checkout", variable: "enabled"),
                    RemoteTweakKey(feature: "checkout", variable: "max_items"),
                    RemoteTweakKey(feature: "ui", variable: "label_text"),
                ])
            #expect(!provider.hasPendingConfiguration)
            let tweak = try provider.tweakWith(feature: "checkout", variable: "enabled")
            #expect(tweak.value == true && tweak.title == "Checkout" && tweak.source == "remote")
            #expect(provider.value("checkout", "max_items") == 10)
            #expect(provider.activate().isEmpty, "nothing is pending any more")
            #expect(provider.activeETag != nil)
            #expect(server.requests(for: "/tweaks.json").map(\.status) == [200])
        }
    }
}
