import Foundation
import Testing

@testable import Tweaks

/// Hooks see every read path exactly once per read, cached or not; diagnostic reads run none.
@Suite("Hooks: every read path, once per read")
struct HookReadPathTests {
    enum Theme: String { case light, dark }

    final class Flags {
        @TweakProperty var count: Int
        @FallbackTweakProperty var missing: Int
        @OptionalTweakProperty var theme: Theme?

        init(_ manager: TweakManager) {
            _count = TweakProperty(feature: "f", variable: "count", tweakManager: manager)
            _missing = FallbackTweakProperty(fallbackValue: 7, feature: "f", variable: "missing", tweakManager: manager)
            _theme = OptionalTweakProperty(fallbackValue: nil, feature: "f", variable: "theme", tweakManager: manager)
        }
    }

    private func manager(cache: Bool) throws -> TweakManager {
        let defaults = try LocalTweakProvider(
            data: Data(#"{"f": {"count": {"Value": 3}, "theme": {"Value": "dark"}, "enabled": {"Value": true}}}"#.utf8),
            source: "d.json", name: "defaults")
        let manager = TweakManager(tweakProviders: [EphemeralTweakProvider(name: "overrides"), defaults])
        manager.useCache = cache
        return manager
    }

    @Test("Each read path runs the after stage once per read", arguments: [false, true])
    func everyReadPath(cache: Bool) throws {
        let manager = try manager(cache: cache)
        let hook = CountingHook()
        manager.addHook(hook)
        let flags = Flags(manager)
        for _ in 0..<2 {
            _ = try manager.tweakWith(feature: "f", variable: "count")
            _ = try manager.tweakIfPresent(feature: "f", variable: "count")
            // The typed read is the one generated accessors call.
            _ = try manager.value(feature: "f", variable: "count", as: Int.self)
            _ = try manager.value(feature: "f", variable: "theme", as: Theme.self)
            _ = manager.isFeatureEnabled("f")
            _ = flags.count
            _ = flags.missing
            _ = flags.theme
        }
        #expect(hook.count("f.count") == 2 * 4)
        #expect(hook.count("f.theme") == 2 * 2)
        #expect(hook.count("f.enabled") == 2)
        // A missing tweak is an error evaluation: its reads run the error stage, not after.
        #expect(hook.count("f.missing") == 0)
        #expect(hook.total == 14)
    }

    /// A cached flag read keeps the answering layer, so its reason is the layer's, not `CACHED`.
    @Test("A hook sees the answer of a feature-flag read and its reason, cached or not", arguments: [false, true])
    func featureFlagAnswer(cache: Bool) throws {
        struct Answers: TweakHook {
            let seen = Locked<[String]>([])
            func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
                seen.withLock {
                    $0.append(
                        "\((evaluation.tweak?.value).map(String.init(describing:)) ?? "nil") \(evaluation.reason)")
                }
            }
        }
        let manager = try manager(cache: cache)
        let answers = Answers()
        manager.addHook(answers)
        _ = manager.isFeatureEnabled("f")
        _ = manager.isFeatureEnabled("f")
        #expect(answers.seen.withLock { $0 } == ["true DEFAULT", "true DEFAULT"])
    }

    @Test("Reads under task-local overrides and contextual managers run the hooks too")
    func overridesAndContexts() throws {
        let manager = try manager(cache: true)
        let hook = CountingHook()
        manager.addHook(hook)
        var overrides = TweakOverrides()
        overrides.set(.int(9), feature: "f", variable: "count")
        let overridden = try overrides.withScope { try manager.value(feature: "f", variable: "count", as: Int.self) }
        #expect(overridden == 9)
        _ = try manager.reading(for: TweakContext(randomizationID: "u")).value(
            feature: "f", variable: "count", as: Int.self)
        #expect(hook.count("f.count") == 2)
    }

    @Test("explain, evaluate(feature:variable:) and the catalog run no hook")
    func diagnosticsAreNotReads() throws {
        let manager = try manager(cache: false)
        let hook = CountingHook()
        manager.addHook(hook)
        _ = manager.explain(feature: "f", variable: "count")
        _ = manager.evaluate(feature: "f", variable: "count")
        _ = manager.catalog()
        #expect(hook.total == 0)
    }

    @Test("A hook's own reads of the manager are not observed again (no recursion)")
    func reentrantRead() throws {
        struct Reading: TweakHook {
            let manager: Locked<TweakManager?>
            let inner = Locked<[Int]>([])
            func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
                guard let manager = manager.withLock({ $0 }) else { return }
                let value = try manager.value(feature: "f", variable: "count", as: Int.self)
                inner.withLock { $0.append(value) }
            }
        }
        let manager = try manager(cache: true)
        let reading = Reading(manager: Locked(manager))
        let counting = CountingHook()
        manager.addHook(reading)
        manager.addHook(counting)
        _ = try manager.value(feature: "f", variable: "count", as: Int.self)
        #expect(reading.inner.withLock { $0 } == [3])
        #expect(counting.count("f.count") == 1)
        reading.manager.withLock { $0 = nil }
    }

    @Test(
        "A change made by a before stage is what the read it precedes answers, cached or not",
        arguments: [false, true])
    func changeMadeBeforeTheEvaluation(cache: Bool) throws {
        struct Overriding: TweakHook {
            let overrides: EphemeralTweakProvider
            let isOn = Locked(false)
            func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
                if isOn.withLock({ $0 }) { overrides.set(.int(10), feature: "f", variable: "count") }
                return nil
            }
        }
        let manager = try manager(cache: cache)
        let overriding = Overriding(overrides: try #require(manager.tweakProviders[0] as? EphemeralTweakProvider))
        manager.addHook(overriding)
        #expect(try manager.value(feature: "f", variable: "count", as: Int.self) == 3, "cached with the hook on")
        overriding.isOn.withLock { $0 = true }
        #expect(try manager.value(feature: "f", variable: "count", as: Int.self) == 10)
    }

    @Test("Removing the hooks stops them; a view's hooks stay with the view")
    func removal() throws {
        let manager = try manager(cache: true)
        let hook = CountingHook()
        let viewHook = CountingHook()
        manager.addHook(hook)
        let view = manager.with(hooks: [viewHook])
        _ = try view.tweakWith(feature: "f", variable: "count")
        manager.removeAllHooks()
        #expect(manager.hooks.isEmpty)
        #expect(!manager.observedReads.isOdd, "reads of a manager observed by nothing take the plain path again")
        _ = try view.tweakWith(feature: "f", variable: "count")
        _ = try manager.tweakWith(feature: "f", variable: "count")
        #expect(hook.total == 1)
        #expect(viewHook.total == 2)
        // A contextual manager made from the view keeps the view's hooks.
        _ = try view.reading(for: TweakContext(randomizationID: "u")).tweakWith(feature: "f", variable: "count")
        #expect(viewHook.total == 3)
    }

    @Test(
        "A hook sees what evaluate reports: the answers passed over, and the micro-percentile of a split that did not match"
    )
    func hookEvaluationMatchesEvaluate() throws {
        struct Evaluations: TweakHook {
            let seen = Locked<[TweakEvaluation]>([])
            func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
                seen.withLock { $0.append(evaluation) }
            }
        }
        final class TextProvider: TweakProvider {
            let name = "text"
            func tweak(for key: TweakKey) throws -> Tweak? {
                key.variable == "limit" ? Tweak(feature: key.feature, variable: key.variable, value: "many") : nil
            }
        }
        // No id is in a 0 % rollout: its default answers, decided by the percent condition.
        let defaults = try LocalTweakProvider(
            data: Data(
                #"""
                {"$conditions": [{"name": "none", "percent": {"seed": "s", "operator": "LESS_OR_EQUAL", "microPercent": 0}}],
                 "f": {"limit": {"Value": 3}, "rollout": {"Value": false, "ConditionalValues": {"none": true}}}}
                """#.utf8), source: "d.json", name: "defaults")
        let user = TweakContext(randomizationID: "user-1")
        let manager = TweakManager(tweakProviders: [TextProvider(), defaults]).reading(for: user)
        let hook = Evaluations()
        manager.addHook(hook)
        #expect(try manager.tweakWith(feature: "f", variable: "limit").value == 3)
        #expect(try manager.tweakWith(feature: "f", variable: "rollout").value == false)
        let (limit, rollout) = try hook.seen.withLock { seen in
            try #require(seen.count == 2)
            return (seen[0], seen[1])
        }
        #expect(limit.passedOver.map(\.provider) == ["text"], "the String for the declared Int")
        #expect(limit.passedOver.first?.answer.tweak?.value == "many")
        let percentile = try #require(user.microPercentile(seed: "s"))
        #expect(rollout.condition == nil && rollout.microPercentiles == [.init(seed: "s", value: percentile)])
        // The same as evaluate(feature:variable:), which runs no hook.
        let evaluated = manager.evaluate(feature: "f", variable: "limit")
        #expect(evaluated.passedOver.map(\.provider) == limit.passedOver.map(\.provider))
        #expect(manager.evaluate(feature: "f", variable: "rollout").microPercentiles == rollout.microPercentiles)
    }
}
