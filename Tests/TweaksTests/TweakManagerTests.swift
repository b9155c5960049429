import Foundation
import Testing

@testable import Tweaks

@Suite("TweakManager lookups")
struct TweakManagerTests {
    @Test func firstProviderWithTheTweakWins() throws {
        let high = TableProvider(name: "high", ["ui.color": "red"])
        let low = TableProvider(name: "low", ["ui.color": "blue", "ui.size": 3])
        let manager = TweakManager(tweakProviders: [high, low])
        #expect(try manager.tweakWith(feature: "ui", variable: "color").value == "red")
        #expect(try manager.tweakWith(feature: "ui", variable: "color").source == "high")
        #expect(try manager.tweakWith(feature: "ui", variable: "size").value == 3)
        #expect(try manager.tweakWith(feature: "ui", variable: "size").source == "low")
    }

    @Test func missingEverywhereIsNotFoundNamingTheTweak() throws {
        let manager = TweakManager(tweakProviders: [TableProvider(name: "p", ["ui.color": "red"])])
        #expect(throws: TweakError.notFound(feature: "ui", variable: "size")) {
            try manager.tweakWith(feature: "ui", variable: "size")
        }
        #expect(try manager.tweakIfPresent(feature: "ui", variable: "size") == nil)
    }

    @Test func variablesDoNotCollideAcrossFeatures() throws {
        let manager = TweakManager(tweakProviders: [TableProvider(name: "p", ["a.enabled": true, "b.enabled": false])])
        #expect(try manager.tweakWith(feature: "a", variable: "enabled").value == true)
        #expect(try manager.tweakWith(feature: "b", variable: "enabled").value == false)
        #expect(throws: TweakError.self) { try manager.tweakWith(feature: "c", variable: "enabled") }
    }

    @Test func aFailingProviderIsPassedOverAndReportedWhenNothingElseAnswers() throws {
        let failure = TweakError.decryptionClosureNotProvided(feature: "general", variable: "secret")
        let broken = TableProvider(name: "override", failing: ["general.secret": failure])
        let defaults = TableProvider(name: "defaults", ["general.secret": "fallback"])
        let manager = TweakManager(tweakProviders: [broken, defaults])
        let log = LogRecorder()
        manager.logClosure = log.closure
        #expect(try manager.tweakWith(feature: "general", variable: "secret").source == "defaults")
        #expect(log.contains("general.secret: override is passed over: general.secret is encrypted", level: .error))
        // Alone, the failing provider's error is what the read throws: never a silent "not found".
        let alone = TweakManager(tweakProviders: [broken])
        #expect(throws: failure) { try alone.tweakWith(feature: "general", variable: "secret") }
    }

    @Test func missingSourceIsFilledWithTheProviderName() throws {
        // The smallest provider: one method, and it throws `notFound` as JustTweak's did.
        final class Anonymous: TweakProvider {
            func tweak(for key: TweakKey) throws -> Tweak? {
                guard key.feature == "f" else {
                    throw TweakError.notFound(feature: key.feature, variable: key.variable)
                }
                return Tweak(feature: key.feature, variable: key.variable, value: 1)
            }
        }
        let manager = TweakManager(tweakProviders: [Anonymous()])
        #expect(try manager.tweakWith(feature: "f", variable: "v").source == "Anonymous")
        // A thrown `notFound` is "not found", not a failure.
        #expect(try manager.tweakIfPresent(feature: "g", variable: "v") == nil)
        #expect(manager.explain(feature: "g", variable: "v").answers.first?.answer.isNotFound == true)
    }

    @Test func typedReadsAreExact() throws {
        let manager = TweakManager(tweakProviders: [
            TableProvider(name: "p", ["f.int": 42, "f.double": 2.5, "f.whole": 3.0, "f.text": "42", "f.flag": true])
        ])
        #expect(try manager.value(feature: "f", variable: "int", as: Int.self) == 42)
        #expect(try manager.value(feature: "f", variable: "int", as: Double.self) == 42.0)
        #expect(try manager.value(feature: "f", variable: "whole", as: Int.self) == 3)
        #expect(try manager.value(feature: "f", variable: "flag", as: Bool.self) == true)
        #expect(try manager.value(feature: "f", variable: "double", as: Float.self) == 2.5)
        for (variable, type) in [("double", "Int"), ("text", "Int"), ("flag", "Int")] {
            let error = #expect(throws: TweakError.self) {
                try manager.value(feature: "f", variable: variable, as: Int.self)
            }
            guard case .notSupported(let feature, let name, let reason)? = error else {
                Issue.record("expected notSupported, got \(String(describing: error))")
                continue
            }
            #expect(feature == "f" && name == variable)
            #expect(reason.contains("expected \(type)"))
        }
    }

    enum Theme: String, Codable { case light, dark }

    struct Maintenance: Codable, Equatable {
        let isUnderMaintenance: Bool
        let title: String
        let message: String
    }

    @Test func enumsAndCodableStructs() throws {
        let maintenance: TweakValue = .json(["isUnderMaintenance": true, "title": "Down", "message": "Back soon"])
        let manager = TweakManager(tweakProviders: [
            TableProvider(
                name: "p",
                [
                    "ui.theme": "dark", "ui.bad_theme": "sepia", "general.maintenance": maintenance,
                    "general.broken": .json(["title": "x"]),
                ])
        ])
        #expect(try manager.value(feature: "ui", variable: "theme", as: Theme.self) == .dark)
        let overrides = EphemeralTweakProvider()
        let writable = TweakManager(tweakProviders: [overrides])
        try writable.set(Theme.light, feature: "ui", variable: "theme")
        try writable.set(
            Maintenance(isUnderMaintenance: false, title: "t", message: "m"), feature: "general", variable: "m")
        #expect(try overrides.tweakWith(feature: "ui", variable: "theme").value == "light")
        #expect(try writable.value(feature: "general", variable: "m", as: Maintenance.self).title == "t")
        #expect(
            try manager.value(feature: "general", variable: "maintenance", as: Maintenance.self)
                == Maintenance(isUnderMaintenance: true, title: "Down", message: "Back soon"))
        let badCase = #expect(throws: TweakError.self) {
            try manager.value(feature: "ui", variable: "bad_theme", as: Theme.self)
        }
        #expect(String(describing: badCase).contains("not a case of Theme"))
        let missingKey = #expect(throws: TweakError.self) {
            try manager.value(feature: "general", variable: "broken", as: Maintenance.self)
        }
        #expect(String(describing: missingKey).contains("isUnderMaintenance"))
    }

    @Test func explainShowsEveryLayerAndTheWinner() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let broken = TableProvider(
            name: "remote", failing: ["f.v": .notSupported(feature: "f", variable: "v", reason: "bad")])
        let defaults = TableProvider(name: "defaults", ["f.v": 1, "f.w": 2])
        let manager = TweakManager(tweakProviders: [overrides, broken, defaults])
        let explanation = manager.explain(feature: "f", variable: "v")
        #expect(explanation.answers.map(\.provider) == ["overrides", "remote", "defaults"])
        #expect(explanation.answers[0].answer.isNotFound)
        #expect(explanation.answers[1].answer.failure?.contains("bad") == true)
        #expect(explanation.answers[1].answer.tweak == nil)
        #expect(explanation.answers[2].answer.tweak?.value == 1)
        // The failing provider is passed over: the defaults answer, as a read does.
        #expect(explanation.winningIndex == 2)
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 1)

        manager.useCache = true
        #expect(manager.explain(feature: "f", variable: "w").isCached == false)
        _ = try manager.tweakWith(feature: "f", variable: "w")
        let cached = manager.explain(feature: "f", variable: "w")
        #expect(cached.isCached && cached.winner?.provider == "defaults")
        #expect(
            manager.explain(feature: "f", variable: "w", as: String.self).typeMismatch?.contains("expected String")
                == true)
        #expect(manager.explain(feature: "f", variable: "nope").winningIndex == nil)
    }

    @Test func catalogGroupsAndResolvesEveryKnownTweak() throws {
        let overrides = EphemeralTweakProvider(name: "overrides", values: ["ui": ["color": "green"]])
        let defaults = EphemeralTweakProvider(
            name: "defaults", values: ["ui": ["color": "red", "size": 2], "misc": ["x": true]])
        let manager = TweakManager(tweakProviders: [overrides, defaults])
        let catalog = manager.catalog()
        #expect(catalog.entries.map { "\($0.feature).\($0.variable)" } == ["misc.x", "ui.color", "ui.size"])
        let color = try #require(catalog.entries.first { $0.variable == "color" })
        #expect(color.resolved?.value == "green")
        #expect(color.resolved?.source == "overrides")
    }
}
