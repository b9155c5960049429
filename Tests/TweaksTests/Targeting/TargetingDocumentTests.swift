import Foundation
import Testing

@testable import Tweaks

/// Conditional values in tweaks documents, decided by the one lookup for the read's context.
@Suite("Targeting in documents")
struct TargetingDocumentTests {
    static let document = """
        {
          "$conditions": [
            {"name": "beta_testers", "customSignal": {"key": "email", "operator": "STRING_CONTAINS", "values": ["@beta.example.com", "@qa.example.com"]}},
            {"name": "old_app", "customSignal": {"key": "app_version", "operator": "SEMANTIC_VERSION_LESS_THAN", "values": ["5.12"]}},
            {"name": "rollout_10", "percent": {"seed": "checkout-2026", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}},
            {"name": "variant_a", "percent": {"seed": "ab", "operator": "BETWEEN", "microPercentRange": [0, 50000000]}},
            {"name": "variant_b", "percent": {"seed": "ab", "operator": "BETWEEN", "microPercentRange": [50000000, 100000000]}}
          ],
          "checkout": {
            "enabled": {"Value": false, "ConditionalValues": {"rollout_10": true, "beta_testers": true, "old_app": false}},
            "title": {"Value": "Checkout", "ConditionalValues": {"variant_a": "Pay", "variant_b": "Buy now"}},
            "limit": {"Value": 5}
          }
        }
        """

    static func manager(_ text: String = document, cache: Bool = false) throws -> TweakManager {
        let provider = try LocalTweakProvider(data: Data(text.utf8), source: "Targeting.json", name: "local")
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = cache
        return manager
    }

    /// An id that falls inside or outside `seed`'s first 10 % (found by the real hash).
    static func id(seed: String, percentile: (UInt32) -> Bool) -> String {
        (0...).lazy.map { "user-\($0)" }.first { percentile(MicroPercentile.of(seed: seed, randomizationID: $0)) }!
    }

    @Test("No context: conditions are false, the plain Value answers", arguments: [false, true])
    func noContext(cache: Bool) throws {
        let manager = try Self.manager(cache: cache)
        #expect(try manager.value(feature: "checkout", variable: "enabled", as: Bool.self) == false)
        #expect(try manager.value(feature: "checkout", variable: "title", as: String.self) == "Checkout")
        #expect(!manager.isFeatureEnabled("checkout"))
    }

    @Test("A beta tester, a 10 % rollout and the document's order of conditions", arguments: [false, true])
    func betaAndRollout(cache: Bool) throws {
        let manager = try Self.manager(cache: cache)
        let outside = Self.id(seed: "checkout-2026") { $0 > 10_000_000 }
        let inside = Self.id(seed: "checkout-2026") { $0 <= 10_000_000 }
        let beta = TweakContext(randomizationID: outside, attributes: ["email": "ann@beta.example.com"])
        let other = TweakContext(randomizationID: outside, attributes: ["email": "bob@example.com"])
        #expect(manager.reading(for: beta).isFeatureEnabled("checkout"))
        #expect(!manager.reading(for: other).isFeatureEnabled("checkout"))
        #expect(manager.reading(for: TweakContext(randomizationID: inside)).isFeatureEnabled("checkout"))
        // old_app comes before rollout_10 in "$conditions": an old app in the rollout is off,
        // though the entry lists rollout_10 first. A beta tester on an old app is on.
        let oldInRollout = TweakContext(randomizationID: inside, attributes: ["app_version": "5.11.9"])
        #expect(!manager.reading(for: oldInRollout).isFeatureEnabled("checkout"))
        var oldBeta = oldInRollout
        oldBeta["email"] = "ann@qa.example.com"
        #expect(manager.reading(for: oldBeta).isFeatureEnabled("checkout"))
        let oldOutside = TweakContext(randomizationID: outside, attributes: ["app_version": "5.11.9"])
        #expect(try manager.reading(for: oldOutside).tweakWith(feature: "checkout", variable: "enabled").value == false)
        // Context-free reads are still answered (and cached) correctly between contextual ones.
        #expect(!manager.isFeatureEnabled("checkout"))
        #expect(manager.reading(for: beta).isFeatureEnabled("checkout"))
        #expect(try manager.reading(for: beta).value(feature: "checkout", variable: "limit", as: Int.self) == 5)
    }

    @Test("An A/B split with disjoint BETWEEN ranges gives every id exactly one variant")
    func abSplit() throws {
        let manager = try Self.manager()
        var counts: [String: Int] = [:]
        for index in 0..<2000 {
            let title = try manager.reading(for: TweakContext(randomizationID: "u\(index)")).value(
                feature: "checkout", variable: "title", as: String.self)
            counts[title, default: 0] += 1
        }
        #expect(Set(counts.keys) == ["Pay", "Buy now"])
        #expect(abs(counts["Pay", default: 0] - 1000) < 150)
        // An id at exactly 0 would be in neither: (0, 50M] and (50M, 100M] exclude it, as in Firebase.
    }

    @Test("Ambient, task-scoped and per-call contexts, in that order of precedence")
    func precedence() async throws {
        let manager = try Self.manager(cache: true)
        let beta = TweakContext(attributes: ["email": "x@beta.example.com"])
        let other = TweakContext(attributes: ["email": "x@example.com"])
        manager.context = beta
        #expect(manager.isFeatureEnabled("checkout"))
        other.withScope {
            #expect(!manager.isFeatureEnabled("checkout"), "the task's context wins over the manager's")
            #expect(manager.reading(for: beta).isFeatureEnabled("checkout"), "the read's own wins over the task's")
        }
        await other.withScope {
            await Task { #expect(!manager.isFeatureEnabled("checkout"), "child tasks inherit the scope") }.value
        }
        manager.context = nil
        #expect(!manager.isFeatureEnabled("checkout"))
    }

    @Test("Overrides are context-free and win, so QA can force a branch")
    func overridesWin() throws {
        let manager = try Self.manager()
        var overrides = TweakOverrides()
        overrides.setFeatureEnabled(false, feature: "checkout")
        let beta = TweakContext(attributes: ["email": "x@beta.example.com"])
        overrides.withScope {
            #expect(!manager.reading(for: beta).isFeatureEnabled("checkout"))
        }
    }

    @Test("explain names the deciding condition and the micro-percentile")
    func explain() throws {
        let manager = try Self.manager()
        let inside = Self.id(seed: "checkout-2026") { $0 <= 10_000_000 }
        let percentile = MicroPercentile.of(seed: "checkout-2026", randomizationID: inside)
        let explanation = manager.reading(for: TweakContext(randomizationID: inside)).explain(
            feature: "checkout", variable: "enabled")
        let decision = try #require(explanation.winner?.decision)
        #expect(decision.condition == "rollout_10")
        #expect(decision.microPercentiles == [.init(seed: "checkout-2026", value: percentile)])
        #expect(explanation.description.contains("condition \"rollout_10\""))
        #expect(explanation.description.contains("micro-percentile \(percentile)"))
        let none = manager.explain(feature: "checkout", variable: "enabled")
        #expect(none.winner?.decision?.condition == nil)
        #expect(none.description.contains("no context"))
    }

    // MARK: Validation

    static func loadError(_ text: String) -> TweakLoadError? {
        do {
            _ = try LocalTweakProvider(data: Data(text.utf8), source: "Flags.json")
            return nil
        } catch {
            return error
        }
    }

    static func with(condition: String, entry: String = #"{"Value": false, "ConditionalValues": {"c": true}}"#)
        -> String
    {
        #"{"$conditions": [{"name": "c", \#(condition)}], "f": {"v": \#(entry)}}"#
    }

    @Test func anEncryptedEntryCannotHaveConditionalValuesWhichWouldBeServedUndecrypted() throws {
        let text = Self.with(
            condition: #""true": {}"#,
            entry: #"{"Value": "terces", "Encrypted": true, "ConditionalValues": {"c": "dlrow"}}"#)
        let error = try #require(Self.loadError(text))
        #expect(error.feature == "f" && error.variable == "v")
        #expect(error.description.contains(#"none on an entry marked "Encrypted""#), "\(error)")
    }

    @Test(
        "Files a person writes: every mistake is a typed error naming the file and the condition",
        arguments: [
            (#""customSignal": {"key": "k", "operator": "STRING_CONTAINZ", "values": ["a"]}"#, "STRING_CONTAINZ"),
            (
                #""customSignal": {"key": "k", "operator": "SEMANTIC_VERSION_LESS_THAN", "values": ["5.x"]}"#,
                "not a version"
            ),
            (
                #""customSignal": {"key": "k", "operator": "SEMANTIC_VERSION_EQUAL", "values": ["1.2.3.4.5.6"]}"#,
                "not a version"
            ),
            (
                #""customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["([a-z]+"]}"#,
                "does not compile"
            ),
            (
                #""customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["(a)\\1"]}"#,
                "backreferences"
            ),
            (
                #""customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["a(?=b)"]}"#,
                "lookahead"
            ),
            (
                #""customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["(x{100}){100}"]}"#,
                "repeat count"
            ),
            (#""customSignal": {"key": "k", "operator": "NUMERIC_LESS_THAN", "values": ["ten"]}"#, "not a number"),
            (#""customSignal": {"key": "k", "operator": "NUMERIC_LESS_THAN", "values": ["inf"]}"#, "not a number"),
            (#""customSignal": {"key": "k", "operator": "NUMERIC_EQUAL", "values": ["Infinity"]}"#, "not a number"),
            (#""customSignal": {"key": "k", "operator": "NUMERIC_GREATER_THAN", "values": ["0x10"]}"#, "not a number"),
            (#""customSignal": {"key": "k", "operator": "NUMERIC_LESS_THAN", "values": ["1", "2"]}"#, "one value"),
            (#""customSignal": {"key": "k", "operator": "STRING_CONTAINS", "values": []}"#, "no values"),
            (#""percent": {"operator": "LESS_OR_EQUALS", "microPercent": 5}"#, "LESS_OR_EQUALS"),
            (#""percent": {"operator": "LESS_OR_EQUAL", "microPercent": 100000001}"#, "0 to 100000000"),
            (#""percent": {"operator": "BETWEEN", "microPercentRange": [60, 50]}"#, "lower bound"),
            (#""geo": {"country": "JP"}"#, "unknown kind \"geo\""),
            (#""true": {}, "false": {}"#, "more than one kind"),
        ])
    func strictErrors(condition: String, expected: String) throws {
        let error = try #require(Self.loadError(Self.with(condition: condition)))
        #expect(error.source == "Flags.json")
        #expect(error.reason.field == "c")
        #expect(error.position != nil)
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test("A condition used but not defined, and a value of the wrong type, name the tweak")
    func entryErrors() throws {
        let undefined = try #require(
            Self.loadError(Self.with(condition: #""true": {}"#, entry: #"{"Value": 1, "ConditionalValues": {"d": 2}}"#))
        )
        #expect(undefined.reason == .undefinedCondition("d"))
        #expect(undefined.feature == "f" && undefined.variable == "v")
        let wrongType = try #require(
            Self.loadError(
                Self.with(condition: #""true": {}"#, entry: #"{"Value": 1, "ConditionalValues": {"c": "2"}}"#)))
        #expect(wrongType.reason == .wrongType(field: "ConditionalValues.c", expected: "int", found: "string"))
        #expect(wrongType.feature == "f" && wrongType.variable == "v")
        #expect(
            Self.loadError(
                Self.with(condition: #""true": {}"#, entry: #"{"Value": 1.5, "ConditionalValues": {"c": 2}}"#)) == nil)
    }

    @Test("tweak validate's problem list has every targeting problem")
    func problemList() {
        let text = #"""
            {"$conditions": [{"name": "a", "customSignal": {"key": "k", "operator": "NOPE", "values": ["x"]}},
                             {"name": "b", "percent": {"operator": "BETWEEN", "microPercentRange": [9, 1]}}],
             "f": {"v": {"Value": true, "ConditionalValues": {"z": false}}}}
            """#
        let problems = LocalTweaksDocument.problems(in: Array(text.utf8), source: "Flags.json")
        #expect(problems.map(\.reason.field) == ["a", "b", "z"])
    }

    @Test("Remote documents: unknown operators and kinds are warnings and false, the rest loads")
    func lenient() throws {
        let text = #"""
            {"$conditions": [{"name": "future", "customSignal": {"key": "k", "operator": "STRING_SOUNDS_LIKE", "values": ["x"], "fuzz": 1}},
                             {"name": "geo", "geo": {"country": "JP"}},
                             {"name": "everyone", "true": {}}],
             "f": {"v": {"Value": 1, "ConditionalValues": {"future": 2, "geo": 3, "everyone": 4}}}}
            """#
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", allowsBareValues: true,
            strictness: .lenient)
        #expect(document.warnings.count == 3)
        let tweak = try #require(document.definition(feature: "f", variable: "v")?.tweak)
        let context = TweakContext(randomizationID: "x", attributes: ["k": "x"])
        #expect(tweak.targeting?.decide(for: context).value == 4)
        // Undefined conditions are errors even here: the document is rejected, the last good one kept.
        let undefined = #"{"f": {"v": {"Value": 1, "ConditionalValues": {"nope": 2}}}}"#
        #expect(throws: TweakLoadError.self) {
            try LocalTweaksDocument(
                bytes: Array(undefined.utf8), source: "remote", tweakSource: nil, strictness: .lenient)
        }
    }

    @Test("Remote documents: a regular expression RE2 refuses is a warning, and its condition false")
    func lenientRegex() throws {
        let text = #"""
            {"$conditions": [{"name": "backref", "customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["(a)\\1"]}},
                             {"name": "slow", "customSignal": {"key": "k", "operator": "STRING_CONTAINS_REGEX", "values": ["(a+)+$"]}}],
             "f": {"v": {"Value": 1, "ConditionalValues": {"backref": 2, "slow": 3}}}}
            """#
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", strictness: .lenient)
        #expect(document.warnings.map(\.reason.field) == ["backref"])
        let tweak = try #require(document.definition(feature: "f", variable: "v")?.tweak)
        let hostile = TweakContext(
            randomizationID: "x", attributes: ["k": .string(String(repeating: "a", count: 5_000) + "!")])
        #expect(tweak.targeting?.decide(for: hostile).value == 1)
        let doubled = TweakContext(randomizationID: "x", attributes: ["k": "aa"])
        #expect(tweak.targeting?.decide(for: doubled).value == 3)
    }

    @Test("Remote documents: an over-nested or broken condition is a warning and false; the rest loads")
    func lenientBrokenConditions() throws {
        let nested = String(repeating: #"{"and": ["#, count: 6) + "true" + String(repeating: "]}", count: 6)
        let text = #"""
            {"$conditions": [{"name": "deep", "and": [\#(nested)]},
                             {"name": "range", "percent": {"seed": "s", "operator": "LESS_OR_EQUAL", "microPercent": 100000001}},
                             {"name": "everyone", "true": {}}],
             "f": {"v": {"Value": 1, "ConditionalValues": {"deep": 2, "range": 3, "everyone": 4}}}}
            """#
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", strictness: .lenient)
        #expect(document.warnings.map(\.reason.field) == ["deep", "range"])
        let tweak = try #require(document.definition(feature: "f", variable: "v")?.tweak)
        #expect(tweak.targeting?.decide(for: TweakContext(randomizationID: "x")).value == 4)
        #expect(throws: TweakLoadError.self) { try LocalTweakProvider(data: Data(text.utf8), source: "Flags.json") }
    }
}
