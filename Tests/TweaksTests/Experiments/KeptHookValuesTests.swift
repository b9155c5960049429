import Foundation
import Testing

@testable import Tweaks

/// A hook context or evaluation that a hook or caller keeps stays the value it was given, however
/// many reads follow on the same thread (reads reuse the storage of the last one when nothing
/// kept it).
@Suite("Hooks: kept contexts and evaluations stay as they were")
struct KeptHookValuesTests {
    /// Keeps the context and evaluation of every read it runs around (in `finally`, which every
    /// read runs, a flag not found among them).
    final class KeepingHook: TweakHook {
        let kept = Locked<[(context: TweakHookContext, evaluation: TweakEvaluation)]>([])

        func finally(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
            kept.withLock { $0.append((context, evaluation)) }
        }

        var all: [(context: TweakHookContext, evaluation: TweakEvaluation)] { kept.withLock { $0 } }
    }

    private func defaults(_ json: String, name: String) throws -> LocalTweakProvider {
        try LocalTweakProvider(data: Data(json.utf8), source: "\(name).json", name: name)
    }

    @Test("Each kept context and evaluation describes its own read", arguments: [false, true])
    func keptValuesOfSuccessiveReads(cache: Bool) throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let first = TweakManager(tweakProviders: [
            overrides, try defaults(#"{"f": {"x": {"Value": 1}, "y": {"Value": "one"}}}"#, name: "first"),
        ])
        let second = TweakManager(tweakProviders: [try defaults(#"{"f": {"x": {"Value": 2.5}}}"#, name: "second")])
        first.useCache = cache
        second.useCache = cache
        let hook = KeepingHook()
        first.addHook(hook)
        second.addHook(hook)
        let user = TweakContext(randomizationID: "u1")

        _ = try first.tweakWith(feature: "f", variable: "x")
        _ = try first.reading(for: user).tweakWith(feature: "f", variable: "y")
        overrides.set(.int(9), feature: "f", variable: "x")
        _ = try first.tweakWith(feature: "f", variable: "x")
        _ = try second.tweakWith(feature: "f", variable: "x")
        _ = first.isFeatureEnabled("f")

        let kept = hook.all
        try #require(kept.count == 5)
        #expect(
            kept.map(\.evaluation.description) == [
                "f.x = 1 (first, DEFAULT)",
                #"f.y = "one" (first, DEFAULT)"#,
                "f.x = 9 (overrides, OVERRIDE)",
                "f.x = 2.5 (second, DEFAULT)",
                "f.enabled = no value (no layer, NOT_FOUND)",
            ])
        #expect(kept.map(\.context.key.description) == ["f.x", "f.y", "f.x", "f.x", "f.enabled"])
        #expect(kept.map { $0.context.context?.randomizationID } == [nil, "u1", nil, nil, nil])
        #expect(kept.map(\.context.declaredType) == [.int, .string, .int, .double, .bool])
        #expect(kept.map(\.context.isFeatureFlag) == [false, false, false, false, true])
        #expect(
            kept.map(\.context.providerNames) == [
                ["overrides", "first"], ["overrides", "first"], ["overrides", "first"], ["second"],
                ["overrides", "first"],
            ])
    }

    @Test("A context kept in `before` does not show what later before hooks add")
    func contextKeptBeforeAnAddition() throws {
        final class KeepingBefore: TweakHook {
            let kept = Locked<[TweakHookContext]>([])
            func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
                kept.withLock { $0.append(context) }
                return nil
            }
        }
        struct Adding: TweakHook {
            func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
                TweakContext(randomizationID: "added")
            }
        }
        let manager = TweakManager(tweakProviders: [try defaults(#"{"f": {"x": {"Value": 1}}}"#, name: "d")])
        let keeper = KeepingBefore()
        let after = KeepingHook()
        manager.addHook(keeper)
        manager.addHook(Adding())
        manager.addHook(after)

        _ = try manager.reading(for: TweakContext(randomizationID: "u1")).tweakWith(feature: "f", variable: "x")
        _ = try manager.tweakWith(feature: "f", variable: "x")

        #expect(keeper.kept.withLock { $0.map { $0.context?.randomizationID } } == ["u1", nil])
        #expect(after.all.map { $0.context.context?.randomizationID } == ["added", "added"])
    }

    @Test("Kept results of evaluate(feature:variable:) stay as they were")
    func keptEvaluations() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let manager = TweakManager(tweakProviders: [
            overrides, try defaults(#"{"f": {"x": {"Value": 1}, "y": {"Value": 2}}}"#, name: "d"),
        ])
        let x = manager.evaluate(feature: "f", variable: "x")
        let y = manager.evaluate(feature: "f", variable: "y")
        overrides.set(.int(5), feature: "f", variable: "x")
        // Not kept: the next evaluation may use its storage, and must not show it.
        _ = manager.evaluate(feature: "f", variable: "y").tweak?.value
        let changed = manager.evaluate(feature: "f", variable: "x")

        #expect(x.description == "f.x = 1 (d, DEFAULT)")
        #expect(y.description == "f.y = 2 (d, DEFAULT)")
        #expect(changed.description == "f.x = 5 (overrides, OVERRIDE)")
    }
}

/// Kept evaluations read on other threads while the reading thread goes on: an evaluation is a
/// value that no later read changes (run under the thread sanitizer in CI).
@Suite("Hooks: kept evaluations across threads")
struct KeptEvaluationConcurrencyTests {
    @Test("Evaluations handed to other threads keep their values while reads go on")
    func evaluationsReadOnOtherThreads() async throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        overrides.set(.int(-1), feature: "g", variable: "y")
        let manager = TweakManager(tweakProviders: [overrides])
        let handedOver = AsyncStream<(Int, TweakEvaluation)>.makeStream()
        let reader = Task.detached {
            var mismatches = 0
            for await (expected, evaluation) in handedOver.stream
            where evaluation.tweak?.value != .int(expected) || evaluation.key.variable != "x" {
                mismatches += 1
            }
            return mismatches
        }
        let writer = Thread {
            for index in 0..<2_000 {
                overrides.set(.int(index), feature: "f", variable: "x")
                handedOver.continuation.yield((index, manager.evaluate(feature: "f", variable: "x")))
                // An evaluation the other thread does not hold may reuse storage.
                _ = manager.evaluate(feature: "g", variable: "y").tweak?.value
            }
            handedOver.continuation.finish()
        }
        writer.start()
        #expect(await reader.value == 0)
    }
}
