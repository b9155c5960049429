import Foundation
import Testing

@testable import Tweaks

/// Every read path answers by one rule: the first usable answer wins; failures and values of
/// another type are passed over, logged, and shown by `explain`.
@Suite("The lookup rule")
struct LookupRuleTests {
    struct Flags {
        @TweakProperty var limit: Int
        @FallbackTweakProperty var fallbackLimit: Int
        @OptionalTweakProperty var optionalLimit: Int?

        init(_ manager: TweakManager) {
            _limit = TweakProperty(feature: "checkout", variable: "limit", tweakManager: manager)
            _fallbackLimit = FallbackTweakProperty(
                fallbackValue: -1, feature: "checkout", variable: "limit", tweakManager: manager)
            _optionalLimit = OptionalTweakProperty(
                fallbackValue: nil, feature: "checkout", variable: "limit", tweakManager: manager)
        }
    }

    @Test func answersAndTheCatalogNameAProviderAsTheManagerRecordedIt() throws {
        /// Answers without a source, under a name that changes at each call (a provider that puts
        /// a version in its name).
        final class Renaming: TweakProvider {
            let calls = Locked(0)
            var name: String { "renaming \(calls.withLock { $0 += 1; return $0 })" }
            func tweak(for key: TweakKey) throws -> Tweak? {
                Tweak(feature: key.feature, variable: key.variable, value: 1)
            }
            var knownTweaks: [Tweak] { [Tweak(feature: "f", variable: "x", value: 1)] }
        }
        /// The same, with the default name.
        final class Unnamed: TweakProvider {
            func tweak(for key: TweakKey) throws -> Tweak? {
                key.feature == "unnamed" ? Tweak(feature: key.feature, variable: key.variable, value: 2) : nil
            }
            var knownTweaks: [Tweak] { [] }
        }
        let unnamed = TweakManager(tweakProviders: [Unnamed()])
        unnamed.useCache = false
        #expect(try unnamed.tweakWith(feature: "unnamed", variable: "x").source == "Unnamed")
        let manager = TweakManager(tweakProviders: [Renaming()])
        manager.useCache = false
        let sources = try (0..<3).map { _ in try manager.tweakWith(feature: "f", variable: "x").source }
        #expect(Set(sources).count == 1, "\(sources)")
        #expect(sources.first == manager.evaluate(feature: "f", variable: "x").layer)
        // The catalog names its sources as reads do.
        #expect(manager.catalog().entries.map(\.source) == [sources.first])
    }

    /// What a new user tries: a String override "3" of an Int tweak.
    @Test func everyReadPathPassesOverAWrongTypedOverrideForTheNextValue() throws {
        let overrides = EphemeralTweakProvider(name: "overrides", values: ["checkout": ["limit": "3"]])
        let defaults = TableProvider(name: "defaults", ["checkout.limit": 5])
        let manager = TweakManager(tweakProviders: [overrides, defaults])
        let log = LogRecorder()
        manager.logClosure = log.closure
        let flags = Flags(manager)
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 5)
        #expect(flags.limit == 5)
        #expect(flags.fallbackLimit == 5)
        #expect(flags.optionalLimit == 5)
        // The untyped read has no type to check: the override is its answer.
        #expect(try manager.tweakWith(feature: "checkout", variable: "limit").value == "3")
        #expect(
            log.contains(
                "checkout.limit: overrides's value is passed over: expected Int, found string 3", level: .error))

        let explanation = flags.$fallbackLimit.explanation
        #expect(explanation.winner?.provider == "defaults")
        #expect(explanation.answers[0].answer.tweak?.value == "3")
        #expect(explanation.answers[0].answer.failure?.contains("expected Int") == true)
        #expect(explanation.typeMismatch?.contains("expected Int, found string") == true)
    }

    @Test func withoutAUsableValueTheFirstReasonIsThrownAndFallbacksApply() throws {
        let manager = TweakManager(tweakProviders: [
            EphemeralTweakProvider(name: "overrides", values: ["checkout": ["limit": "3"]]),
            TableProvider(name: "defaults", ["checkout.limit": "many"]),
        ])
        #expect(
            throws: TweakError.notSupported(
                feature: "checkout", variable: "limit", reason: "expected Int, found string 3")
        ) {
            try manager.value(feature: "checkout", variable: "limit", as: Int.self)
        }
        let flags = Flags(manager)
        #expect(flags.fallbackLimit == -1)
        #expect(flags.optionalLimit == nil)
        #expect(flags.$fallbackLimit.explanation.winningIndex == nil)
    }

    @Test func aRemovingTaskLocalOverrideEndsTheLookup() throws {
        let manager = TweakManager(tweakProviders: [TableProvider(name: "defaults", ["checkout.limit": 5])])
        var overrides = TweakOverrides()
        overrides.remove(feature: "checkout", variable: "limit")
        try overrides.withScope { () throws in
            #expect(try manager.tweakIfPresent(feature: "checkout", variable: "limit") == nil)
            #expect(Flags(manager).fallbackLimit == -1)
            let explanation = manager.explain(feature: "checkout", variable: "limit")
            #expect(explanation.winner?.answer.isRemoved == true)
            #expect(explanation.answers.last?.answer.tweak?.value == 5, "the providers are still listed")
        }
    }

    @Test func theCatalogAndExplainResolveAsReadsDo() throws {
        let failure = TweakError.decryptionClosureNotProvided(feature: "f", variable: "secret")
        let manager = TweakManager(tweakProviders: [
            TableProvider(name: "remote", failing: ["f.secret": failure]),
            TableProvider(name: "defaults", ["f.secret": "plain"]),
        ])
        let entry = try #require(manager.catalog().entries.first { $0.variable == "secret" })
        #expect(entry.resolved?.value == "plain" && entry.source == "defaults")
        let explanation = manager.explain(feature: "f", variable: "secret")
        #expect(explanation.winner?.provider == "defaults")
        #expect(explanation.answers[0].answer.failure?.contains("no decryption closure") == true)
        #expect(explanation.description.contains("error: f.secret is encrypted but no decryption closure is set"))
    }
}
