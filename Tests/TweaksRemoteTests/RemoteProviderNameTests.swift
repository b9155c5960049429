import Foundation
import Testing
import Tweaks
import TweaksRemote

/// `explain`, the catalog and the logs name a remote provider by where its documents come from.
@Suite struct RemoteProviderNameTests {
    @Test func aRemoteProviderWithoutANameIsNamedByItsURL() throws {
        let url = URL(string: "https://config.example.com/tweaks.json")!
        let remote = RemoteTweakProvider(source: try HTTPRemoteTweakSource(url: url), cacheURL: nil)
        #expect(remote.name == "remote https://config.example.com/tweaks.json")
        let manager = TweakManager(tweakProviders: [remote])
        #expect(manager.explain(feature: "f", variable: "v").description.contains("remote https://config.example.com"))
    }

    @Test func aGivenNameIsKept() throws {
        let url = URL(string: "https://config.example.com/tweaks.json")!
        let remote = RemoteTweakProvider(source: try HTTPRemoteTweakSource(url: url), cacheURL: nil, name: "CDN")
        #expect(remote.name == "CDN")
    }
}
