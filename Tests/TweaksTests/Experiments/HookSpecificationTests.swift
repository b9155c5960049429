import Foundation
import Testing

@testable import Tweaks

/// OpenFeature's hooks specification (section 4), requirement by requirement, as Tweaks applies
/// it. Requirements that the type system enforces (4.1.3, 4.2.2.x, 4.5.3: the hook context and
/// hints are immutable values) and the one Tweaks departs from on purpose (4.4.7) are noted where
/// they apply.
@Suite("Hooks: OpenFeature's requirements (spec section 4)")
struct HookSpecificationTests {
    let journal = Locked<[String]>([])

    private func manager(_ values: [String: TweakValue] = ["f.x": 1]) -> TweakManager {
        TweakManager(tweakProviders: [JournalingProvider(journal: journal, values: values)])
    }

    private func hook(_ name: String, failing: Set<String> = [], seen: Locked<[String: [String]]>? = nil)
        -> JournalingHook
    {
        JournalingHook(name: name, journal: journal, failing: failing, seen: seen)
    }

    private var entries: [String] { journal.withLock { $0 } }

    @Test("4.1.1/4.1.2: the hook context gives the key, the value type, the evaluation context and the providers")
    func hookContext() throws {
        struct Inspector: TweakHook {
            let seen = Locked<[TweakHookContext]>([])
            func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
                seen.withLock { $0.append(context) }
                return nil
            }
        }
        let defaults = try LocalTweakProvider(
            data: Data(#"{"f": {"x": {"Value": 0}, "enabled": {"Value": true}}}"#.utf8), source: "d.json",
            name: "defaults")
        let manager = TweakManager(tweakProviders: [EphemeralTweakProvider(name: "overrides"), defaults])
        let inspector = Inspector()
        manager.addHook(inspector)
        let user = TweakContext(randomizationID: "u1", attributes: ["country": "JP"])
        _ = try manager.reading(for: user).value(feature: "f", variable: "x", as: Int.self)
        _ = manager.isFeatureEnabled("f")
        let contexts = inspector.seen.withLock { $0 }
        try #require(contexts.count == 2)
        #expect(contexts[0].key == TweakKey(feature: "f", variable: "x"))
        #expect(contexts[0].declaredType == .int && !contexts[0].isFeatureFlag)
        #expect(contexts[0].context == user)
        #expect(contexts[0].providerNames == ["overrides", "defaults"])
        #expect(contexts[1].isFeatureFlag && contexts[1].declaredType == .bool && contexts[1].context == nil)
    }

    @Test("4.2.1/4.5.1/4.5.2: hints given with a read reach every hook in every stage")
    func hintsReachEveryStage() throws {
        let first = Locked<[String: [String]]>([:])
        let second = Locked<[String: [String]]>([:])
        let manager = manager()
        manager.addHook(hook("m", seen: first))
        let view = manager.with(hooks: [hook("v", seen: second)], hints: ["screen": "checkout", "retry": 2])
        _ = try view.tweakWith(feature: "f", variable: "x")
        for seen in [first, second] {
            for stage in ["before", "after", "finally"] {
                #expect(seen.withLock { $0["\(stage).hints"] } == ["retry", "screen"], "\(stage)")
            }
        }
    }

    @Test("4.3.2.1/4.3.6/4.3.8: before runs before resolution, after and finally after it, with the evaluation")
    func stagesAroundResolution() throws {
        let seen = Locked<[String: [String]]>([:])
        let manager = manager()
        manager.addHook(hook("h", seen: seen))
        #expect(try manager.tweakWith(feature: "f", variable: "x").value == 1)
        #expect(entries == ["h.before", "resolve f.x", "h.after", "h.finally"])
        #expect(seen.withLock { $0["after.evaluation"] } == ["f.x = 1 (JournalingProvider, STATIC)"])
    }

    @Test("4.3.4/4.3.5/4.1.4: a before hook's context reaches later before hooks and the evaluation")
    func beforeExtendsTheContext() throws {
        let manager = try ExperimentFixture.manager()
        let laterSaw = Locked<[String: [String]]>([:])
        var adds = hook("adds")
        adds.addition = TweakContext(attributes: ["email": "ann@beta.example.com"])
        manager.addHook(adds)
        manager.addHook(hook("later", seen: laterSaw))
        let reader = manager.reading(for: TweakContext(randomizationID: "u1"))
        // The condition is on an attribute only the hook adds: the evaluation used the merged context.
        #expect(reader.isFeatureEnabled("checkout"))
        let merged = "randomizationID=u1, email=ann@beta.example.com"
        #expect(laterSaw.withLock { $0["before.context"] } == [merged])
        #expect(laterSaw.withLock { $0["after.context"] } == [merged])
        // Only that read: the reader's own context is unchanged.
        manager.removeAllHooks()
        #expect(!reader.isFeatureEnabled("checkout"))
    }

    @Test("4.3.7/4.4.5: error hooks run when a before hook, an after hook or the resolution fails")
    func errorHooksRun() throws {
        for failing in ["before", "after"] {
            journal.withLock { $0.removeAll() }
            let seen = Locked<[String: [String]]>([:])
            let manager = manager()
            manager.addHook(hook("h", failing: [failing], seen: seen))
            _ = try manager.tweakWith(feature: "f", variable: "x")
            #expect(entries.contains("h.error"), "\(failing)")
            #expect(seen.withLock { $0["error.error"] } == [String(describing: HookFailure(stage: "h.\(failing)"))])
        }
        // The resolution fails: the only layer's value is not of the type the read asks for.
        journal.withLock { $0.removeAll() }
        let manager = manager(["f.x": "text"])
        let seen = Locked<[String: [String]]>([:])
        manager.addHook(hook("h", seen: seen))
        #expect(throws: TweakError.self) { try manager.value(feature: "f", variable: "x", as: Int.self) }
        #expect(entries == ["h.before", "resolve f.x", "h.error", "h.finally"])
        #expect(seen.withLock { $0["error.error"] }?.first?.contains("expected Int") == true)
    }

    @Test(
        "4.3.7/4.4.5: a flag that no layer has is an error (FLAG_NOT_FOUND): error hooks, then finally, never after",
        arguments: [false, true])
    func missingFlagRunsErrorHooks(cache: Bool) throws {
        final class Settings {
            @FallbackTweakProperty var missing: Int
            init(_ manager: TweakManager) {
                _missing = FallbackTweakProperty(fallbackValue: 7, feature: "f", variable: "y", tweakManager: manager)
            }
        }
        let manager = manager()
        manager.useCache = cache
        let seen = Locked<[String: [String]]>([:])
        manager.addHook(hook("h", seen: seen))
        let reads: [(String, () -> Void)] = [
            ("f.y", { _ = try? manager.tweakWith(feature: "f", variable: "y") }),
            ("f.y", { _ = try? manager.tweakIfPresent(feature: "f", variable: "y") }),
            ("f.y", { _ = try? manager.value(feature: "f", variable: "y", as: Int.self) }),
            ("f.y", { _ = Settings(manager).missing }),
            ("f.enabled", { _ = manager.isFeatureEnabled("f") }),
        ]
        // Twice each: the second read of a cached manager answers from the cache.
        for (key, read) in reads + reads {
            journal.withLock { $0.removeAll() }
            seen.withLock { $0.removeAll() }
            read()
            #expect(entries.filter { $0.hasPrefix("h.") } == ["h.before", "h.error", "h.finally"], "\(key)")
            let error = TweakError.notFound(feature: "f", variable: String(key.dropFirst(2)))
            #expect(seen.withLock { $0["error.error"] } == [String(describing: error)], "\(key)")
        }
        // A task-local override that removes a tweak makes it not found too.
        var overrides = TweakOverrides()
        overrides.remove(feature: "f", variable: "x")
        journal.withLock { $0.removeAll() }
        overrides.withScope { _ = try? manager.tweakWith(feature: "f", variable: "x") }
        #expect(entries.filter { $0.hasPrefix("h.") } == ["h.before", "h.error", "h.finally"])
        // A flag that is found runs after, cached or not.
        journal.withLock { $0.removeAll() }
        _ = try manager.tweakWith(feature: "f", variable: "x")
        _ = try manager.tweakWith(feature: "f", variable: "x")
        #expect(
            entries.filter { $0.hasPrefix("h.") } == ["h.before", "h.after", "h.finally"] + [
                "h.before", "h.after", "h.finally",
            ])
    }

    @Test("4.4.1/4.4.2: hooks registered on the manager and per read run in OpenFeature's order")
    func order() throws {
        let manager = manager()
        manager.addHook(hook("m1"))
        manager.addHook(hook("m2"))
        let view = manager.with(hooks: [hook("i1")]).with(hooks: [hook("i2")])
        _ = try view.tweakWith(feature: "f", variable: "x")
        #expect(
            entries == [
                "m1.before", "m2.before", "i1.before", "i2.before", "resolve f.x",
                "i2.after", "i1.after", "m2.after", "m1.after",
                "i2.finally", "i1.finally", "m2.finally", "m1.finally",
            ])
        // The view's hooks belong to the view: the manager's reads run only its own.
        journal.withLock { $0.removeAll() }
        _ = try manager.tweakWith(feature: "f", variable: "x")
        #expect(entries.filter { $0.hasSuffix(".before") } == ["m1.before", "m2.before"])
    }

    @Test("4.4.3: a failing finally hook does not stop the other finally hooks or the read")
    func failingFinally() throws {
        let manager = manager()
        manager.addHook(hook("m1"))
        manager.addHook(hook("m2", failing: ["finally"]))
        #expect(try manager.tweakWith(feature: "f", variable: "x").value == 1)
        #expect(entries.suffix(2) == ["m2.finally", "m1.finally"])
    }

    @Test("4.4.4: a failing error hook does not stop the other error hooks")
    func failingError() throws {
        let manager = manager()
        manager.addHook(hook("m1"))
        manager.addHook(hook("m2", failing: ["before", "error"]))
        _ = try manager.tweakWith(feature: "f", variable: "x")
        #expect(entries.filter { $0.hasSuffix(".error") } == ["m2.error", "m1.error"])
    }

    @Test("4.4.6: after a failing before or after hook, the remaining hooks of that stage are skipped")
    func failingStageSkipsTheRest() throws {
        let manager = manager()
        manager.addHook(hook("m1"))
        manager.addHook(hook("m2", failing: ["before"]))
        manager.addHook(hook("m3"))
        _ = try manager.tweakWith(feature: "f", variable: "x")
        #expect(entries.filter { $0.hasSuffix(".before") } == ["m1.before", "m2.before"])
        #expect(entries.filter { $0.hasSuffix(".after") }.isEmpty)

        journal.withLock { $0.removeAll() }
        let other = self.manager()
        other.addHook(hook("a1"))
        other.addHook(hook("a2", failing: ["after"]))
        other.addHook(hook("a3"))
        _ = try other.tweakWith(feature: "f", variable: "x")
        #expect(entries.filter { $0.hasSuffix(".after") } == ["a3.after", "a2.after"])
        #expect(entries.filter { $0.hasSuffix(".finally") } == ["a3.finally", "a2.finally", "a1.finally"])
    }

    @Test("4.4.7 (Tweaks departs): a failing before hook never changes what the read answers")
    func failingBeforeKeepsTheAnswer() throws {
        let manager = manager()
        manager.addHook(hook("h", failing: ["before", "after", "error", "finally"]))
        // OpenFeature would answer the caller's default; a Tweaks read answers its evaluation.
        #expect(try manager.value(feature: "f", variable: "x", as: Int.self) == 1)
        #expect(entries.contains("resolve f.x"))
    }

    @Test("4.6: each hook has its own data for one evaluation, carried from stage to stage")
    func hookData() throws {
        let first = Locked<[String: [String]]>([:])
        let second = Locked<[String: [String]]>([:])
        let manager = manager()
        manager.addHook(hook("a", seen: first))
        manager.addHook(hook("b", failing: ["after"], seen: second))
        _ = try manager.tweakWith(feature: "f", variable: "x")
        _ = try manager.tweakWith(feature: "f", variable: "x")
        // Each hook's data holds its own stages of this evaluation only, never the other's or the
        // last read's: b's after runs first (reverse order) and fails, so a's after is skipped.
        #expect(first.withLock { $0["finally.data"] } == ["before", "error", "finally"])
        #expect(second.withLock { $0["finally.data"] } == ["before", "after", "error", "finally"])
        #expect(first.withLock { $0["before.data"] } == ["before"])
    }

    @Test("4.6: a manager's only hook has its data for one evaluation too, on each path of a read")
    func onlyHookData() throws {
        let seen = Locked<[String: [String]]>([:])
        let manager = manager()
        manager.useCache = true
        manager.addHook(hook("only", seen: seen))
        // Uncached, then cached, then a view's read (the manager's hook and none of the view's).
        _ = try manager.tweakWith(feature: "f", variable: "x")
        _ = try manager.tweakWith(feature: "f", variable: "x")
        #expect(seen.withLock { $0["finally.data"] } == ["before", "after", "finally"])
        _ = try manager.with(hooks: []).tweakWith(feature: "f", variable: "x")
        #expect(seen.withLock { $0["finally.data"] } == ["before", "after", "finally"])
        #expect(seen.withLock { $0["before.data"] } == ["before"])
    }

    @Test("A failing hook is reported once through the provider events")
    func failuresAreReportedOnce() async throws {
        let manager = manager()
        let events = manager.providerEvents
        manager.addHook(hook("h", failing: ["after"]))
        for _ in 0..<3 { _ = try manager.tweakWith(feature: "f", variable: "x") }
        manager.addHook(hook("h2", failing: ["finally"]))
        _ = try manager.tweakWith(feature: "f", variable: "x")
        var reported: [String] = []
        for await event in events {
            reported.append("\(event.source): \(event.operation)")
            if reported.count == 2 { break }
        }
        #expect(reported == ["hook JournalingHook (after): hook", "hook JournalingHook (finally): hook"])
    }
}
