import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// nchan scaled out as Docs/RemoteConfig.md recommends: two nginx + nchan nodes on 127.0.0.1 that
/// keep their channels in one `redis-server`. A publish to either node reaches the providers
/// listening to the other. Skipped loudly without nginx, nchan or redis-server; failed on CI.
@Suite("nchan on two nodes sharing Redis", requiresNchanAndRedis)
struct NchanScaleOutTests {
    @Test func aPublishToOneNodeReachesTheProvidersListeningToTheOther() async throws {
        try await withRedis { redis in
            try await withNchan(redis: redis) { nodeA in
                try await withNchan(redis: redis) { nodeB in
                    // The document is served by node A; three providers listen to node B, one to A.
                    try nodeA.write(documentV1, to: "tweaks.json")
                    let listenersOfB = try (0..<3).map { _ in try listeningProvider(nodeA, stream: nodeB) }
                    let listenerOfA = try listeningProvider(nodeA, stream: nodeA)
                    let providers = listenersOfB + [listenerOfA]
                    defer { for provider in providers { provider.stopEventStream() } }
                    let ready = await eventually {
                        providers.allSatisfy { $0.isEventStreamConnected && $0.value("checkout", "max_items") == 10 }
                    }
                    try #require(ready, "\(providers.map { String(describing: $0.eventStreamError) })")
                    // Both nodes count the four subscribers once Redis has them all.
                    #expect(await eventually { (try? await nodeA.subscriberCount()) == 4 })
                    #expect(try await nodeB.subscriberCount() == 4)

                    try nodeA.write(documentV2, to: "tweaks.json")
                    #expect(try await nodeA.publish("2") == 201)
                    #expect(await eventually { listenersOfB.allSatisfy { $0.value("checkout", "max_items") == 20 } })
                    #expect(await eventually { listenerOfA.value("checkout", "max_items") == 20 })

                    // Another size: nginx's entity tag (second and size) must change within one second.
                    try nodeA.write(documentV2.replacingOccurrences(of: "20", with: "300"), to: "tweaks.json")
                    #expect(try await nodeB.publish("3") == 201)
                    #expect(await eventually { providers.allSatisfy { $0.value("checkout", "max_items") == 300 } })
                }
            }
        }
    }

    @Test func withoutRedisTheNodesDoNotShareChannels() async throws {
        try await withNchan { nodeA in
            try await withNchan { nodeB in
                try nodeA.write(documentV1, to: "tweaks.json")
                let provider = try listeningProvider(nodeA, stream: nodeB)
                defer { provider.stopEventStream() }
                let ready = await eventually {
                    provider.isEventStreamConnected && provider.value("checkout", "max_items") == 10
                }
                try #require(ready, "\(String(describing: provider.eventStreamError))")
                #expect(await eventually { (try? await nodeB.subscriberCount()) == 1 })
                #expect(try await nodeA.subscriberCount() == 0)
                #expect(try await nodeA.publish("2") == 202, "202: accepted, no subscriber on this node")
            }
        }
    }

    /// A provider of `origin`'s `tweaks.json` listening to `stream`'s channel `tweaks`.
    private func listeningProvider(_ origin: NchanServer, stream: NchanServer) throws -> RemoteTweakProvider {
        let provider = try makeProvider(url: origin.url("tweaks.json"))
        provider.startEventStream(
            try RemoteEventStreamConfiguration(url: stream.url("sub/tweaks"), fetchDelay: 0...0.1))
        return provider
    }
}

/// The trait of the tests that need nginx with nchan and `redis-server`: like `requiresNchan`.
let requiresNchanAndRedis = ConditionTrait.enabled(
    if: Nchan.isRequiredOrAvailable && RedisProcess.isRequiredOrAvailable,
    Comment(
        rawValue: """
            ⚠️ NGINX WITH NCHAN OR REDIS-SERVER IS NOT INSTALLED: the scale-out tests are SKIPPED. Install them \
            (apt-get install -y nginx libnginx-mod-nchan redis-server) to run them; CI (CI=true) fails without them.
            """))

/// Runs `body` with a started `redis-server` that is stopped afterwards, whatever happens.
func withRedis<Value>(_ body: (RedisProcess) async throws -> Value) async throws -> Value {
    let redis = try await RedisProcess.start(name: "TweaksRemoteRedis")
    let outcome: Result<Value, any Error>
    do {
        outcome = .success(try await body(redis))
    } catch {
        outcome = .failure(error)
    }
    _ = try? await onOwnThread { redis.stop() }
    return try outcome.get()
}
