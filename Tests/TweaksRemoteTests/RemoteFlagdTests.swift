import Foundation
import Testing
import Tweaks
import TweaksRemote

/// flagd flag definition documents served by a real nginx: targeted reads, entity tags, and the
/// tolerance of a remote document (a bad flag is a warning that drops only that flag; a document
/// that cannot be read never replaces the last good one).
@Suite("Remote flagd documents", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteFlagdTests {
    /// `checkout.limit` targets typed attributes; `color` is variable `color` of feature `flagd`.
    static let flags = #"""
        {"flags": {
           "checkout.limit": {"state": "ENABLED", "variants": {"low": 1, "high": 10}, "defaultVariant": "low",
             "targeting": {"if": [{"and": [{">=": [{"var": "age"}, 18]}, {"==": [{"var": "user.name"}, "jack"]},
                                           {"in": ["a", {"var": "tags"}]}]}, "high", null]}},
           "color": {"state": "ENABLED", "variants": {"red": "red", "blue": "blue"}, "defaultVariant": "red"}
         }}
        """#

    static let jack = TweakContext(
        randomizationID: "u1", attributes: ["age": 30, "user": .structure(["name": "jack"]), "tags": .list(["a"])])

    static let limit = TweakKey(feature: "checkout", variable: "limit")
    static let color = TweakKey(feature: "flagd", variable: "color")

    static func configuration() -> RemoteTweakProviderConfiguration {
        var configuration = testConfiguration()
        configuration.documentFormat = .flagd
        return configuration
    }

    @Test func aFlagdDocumentIsFetchedActivatedAndDecidedForAContext() async throws {
        try await withNginx { server in
            try server.write(Self.flags, to: "flags.json")
            let cache = TemporaryDirectory()
            defer { cache.remove() }
            let provider = try makeProvider(
                server, "flags.json", cacheURL: cache.file("flags.cache"), configuration: Self.configuration())
            #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
            #expect(provider.activeWarnings.isEmpty, "\(provider.activeWarnings)")
            let manager = TweakManager(tweakProviders: [provider])
            let targeted = manager.reading(for: Self.jack).evaluate(feature: "checkout", variable: "limit")
            #expect(targeted.tweak?.value == .int(10))
            #expect(targeted.reason.description == "TARGETING_MATCH")
            #expect(targeted.condition == "high")
            let other = TweakContext(
                randomizationID: "u2",
                attributes: ["age": 30, "user": .structure(["name": "jill"]), "tags": .list(["a"])])
            let fallback = manager.reading(for: other).evaluate(feature: "checkout", variable: "limit")
            #expect(fallback.tweak?.value == .int(1) && fallback.reason.description == "DEFAULT")
            #expect(
                try manager.reading(for: Self.jack).value(feature: "flagd", variable: "color", as: String.self) == "red"
            )
            // A restart reads the cached document in the configured format: the same answers.
            let restarted = try makeProvider(
                server, "flags.json", cacheURL: cache.file("flags.cache"), configuration: Self.configuration())
            #expect(restarted.cacheError == nil)
            let again = TweakManager(tweakProviders: [restarted])
            #expect(try again.reading(for: Self.jack).value(feature: "checkout", variable: "limit", as: Int.self) == 10)
        }
    }

    @Test func anUnchangedDocumentIsAnswered304AndKept() async throws {
        try await withNginx { server in
            try server.write(Self.flags, to: "flags.json")
            let provider = try makeProvider(server, "flags.json", configuration: Self.configuration())
            #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
            let etag = try #require(provider.activeETag)
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            let requests = await server.requests(for: "/flags.json")
            #expect(requests.map(\.status) == [200, 304])
            #expect(requests.map(\.ifNoneMatch) == ["", etag])
            let manager = TweakManager(tweakProviders: [provider])
            #expect(
                try manager.reading(for: Self.jack).value(feature: "checkout", variable: "limit", as: Int.self) == 10)
        }
    }

    /// flagd's rule for a server's document: a flag with an operation this version does not know
    /// is left out with a warning naming it; the other flags load.
    @Test func aBadFlagIsAWarningAndTheOtherFlagsLoad() async throws {
        try await withNginx { server in
            try server.write(
                #"""
                {"flags": {
                   "checkout.limit": {"state": "ENABLED", "variants": {"low": 1, "high": 10}, "defaultVariant": "low",
                     "targeting": {"if": [{">=": [{"var": "age"}, 18]}, "high", null]}},
                   "checkout.future": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                     "targeting": {"if": [{"sounds_like": [{"var": "name"}, "jack"]}, "on", null]}},
                   "color": {"state": "ENABLED", "variants": {"red": "red"}, "defaultVariant": "red"}
                 }}
                """#, to: "flags.json")
            let provider = try makeProvider(server, "flags.json", configuration: Self.configuration())
            let status = await provider.fetchAndActivate().status
            #expect(status.error == nil, "\(status)")
            let manager = TweakManager(tweakProviders: [provider])
            #expect(
                try manager.reading(for: Self.jack).value(feature: "checkout", variable: "limit", as: Int.self) == 10)
            #expect(try provider.tweak(for: Self.color)?.value == .string("red"))
            #expect(try provider.tweak(for: TweakKey(feature: "checkout", variable: "future")) == nil)
            let warning = try #require(provider.activeWarnings.first, "a warning for checkout.future")
            #expect(provider.activeWarnings.count == 1, "\(provider.activeWarnings)")
            #expect(warning.feature == "checkout" && warning.variable == "future", "\(warning)")
            #expect(warning.description.contains("sounds_like"), "\(warning)")
        }
    }

    /// A document that is no flagd document (broken JSON, `flags` of the wrong type, a tweaks
    /// document) fails the fetch: the last good flags keep answering, in memory and after a restart.
    @Test func aLaterBadDocumentNeverReplacesTheLastGoodOne() async throws {
        try await withNginx { server in
            try server.write(Self.flags, to: "flags.json")
            let cache = TemporaryDirectory()
            defer { cache.remove() }
            let provider = try makeProvider(
                server, "flags.json", cacheURL: cache.file("flags.cache"), configuration: Self.configuration())
            #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
            let manager = TweakManager(tweakProviders: [provider])
            let bad = [
                #"{"flags": {"checkout.limit": {"state": "ENABLED", "variants": {"low": 1"#,
                #"{"flags": [{"checkout.limit": 2}]}"#,
                #"{"checkout": {"limit": {"Value": 2}}}"#,
                "",
            ]
            for (index, document) in bad.enumerated() {
                // Each a different size, so that nginx's entity tag (time and size) changes.
                try server.write(document + String(repeating: " ", count: index), to: "flags.json")
                let status = await provider.fetchAndActivate(expirationDuration: 0).status
                #expect(status.error?.reason.documentError != nil, "\(document): \(status)")
                #expect(
                    try manager.reading(for: Self.jack).value(feature: "checkout", variable: "limit", as: Int.self)
                        == 10,
                    "after \(document)")
                #expect(try provider.tweak(for: Self.color)?.value == .string("red"))
            }
            let restarted = try makeProvider(
                server, "flags.json", cacheURL: cache.file("flags.cache"), configuration: Self.configuration())
            #expect(restarted.cacheError == nil)
            let again = TweakManager(tweakProviders: [restarted])
            #expect(try again.reading(for: Self.jack).value(feature: "checkout", variable: "limit", as: Int.self) == 10)
        }
    }
}
