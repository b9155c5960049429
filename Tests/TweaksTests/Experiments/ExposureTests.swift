import Foundation
import Testing

@testable import Tweaks

/// Exposure records: made when targeting decided a read, deduplicated by policy with bounded
/// memory, delivered in order off the reading thread.
@Suite("Exposures")
struct ExposureTests {
    /// Collects what a log delivers.
    final class Collector: Sendable {
        let received = Locked<[TweakExposure]>([])
        var handler: @Sendable (TweakExposure) -> Void {
            { exposure in self.received.withLock { $0.append(exposure) } }
        }
        var all: [TweakExposure] { received.withLock { $0 } }
    }

    private func setUp(_ policy: TweakExposurePolicy = .oncePerVariant, cache: Bool = false) throws
        -> (TweakManager, TweakExposureLog, Collector)
    {
        let manager = try ExperimentFixture.manager(cache: cache)
        let collector = Collector()
        let log = TweakExposureLog(policy: policy, handler: collector.handler)
        manager.exposureLog = log
        return (manager, log, collector)
    }

    @Test(
        "A read decided by a split records who saw which variant; other reads record nothing", arguments: [false, true])
    func recordsTargetedReads(cache: Bool) throws {
        let (manager, log, collector) = try setUp(cache: cache)
        let id = ExperimentFixture.id(inControl: false)
        let user = manager.reading(for: TweakContext(randomizationID: id))
        #expect(try user.value(feature: "checkout", variable: "title", as: String.self) == "Buy now")
        _ = try user.value(feature: "checkout", variable: "limit", as: Int.self)
        _ = user.isFeatureEnabled("checkout")  // its condition is false: the plain value answers
        _ = try manager.value(feature: "checkout", variable: "title", as: String.self)  // no context
        log.flush()
        let exposures = collector.all
        try #require(exposures.count == 1)
        let exposure = exposures[0]
        #expect(exposure.key == TweakKey(feature: "checkout", variable: "title"))
        #expect(exposure.value == "Buy now" && exposure.variant == "treatment")
        #expect(exposure.randomizationID == id && exposure.layer == "local" && exposure.reason == .split)
        #expect(abs(exposure.date.timeIntervalSinceNow) < 60)
    }

    @Test("A condition on an attribute records a TARGETING_MATCH exposure without a randomization id")
    func attributeCondition() throws {
        let (manager, log, collector) = try setUp()
        #expect(
            manager.reading(for: TweakContext(attributes: ["email": "a@beta.example.com"])).isFeatureEnabled("checkout")
        )
        log.flush()
        #expect(collector.all.map(\.variant) == ["beta_testers"])
        #expect(collector.all.first?.reason == .targetingMatch && collector.all.first?.randomizationID == nil)
    }

    @Test("Policies: every read, once per (id, tweak, variant), once per change of value")
    func policies() throws {
        let a = ExperimentFixture.id(inControl: true)
        let b = ExperimentFixture.id(inControl: false)
        func run(_ policy: TweakExposurePolicy) throws -> [String] {
            let (manager, log, collector) = try setUp(policy)
            for id in [a, a, b, a, b] {
                _ = try manager.reading(for: TweakContext(randomizationID: id)).tweakWith(
                    feature: "checkout", variable: "title")
            }
            log.flush()
            return collector.all.map { "\($0.randomizationID == a ? "a" : "b"):\($0.variant)" }
        }
        #expect(try run(.everyRead) == ["a:control", "a:control", "b:treatment", "a:control", "b:treatment"])
        #expect(try run(.oncePerVariant) == ["a:control", "b:treatment"])
        #expect(try run(.oncePerValueChange) == ["a:control", "b:treatment"])
    }

    /// Answers `checkout.title` with one condition true for everyone, whose value a test changes.
    final class ChangingProvider: TweakProvider {
        let value = Locked<TweakValue>("A")
        func tweak(for key: TweakKey) throws -> Tweak? {
            let current = value.withLock { $0 }
            return Tweak(feature: key.feature, variable: key.variable, value: "plain").with(
                conditionalValues: TweakConditionalValues(
                    [.init(name: "everyone", condition: .always, value: current)], default: "plain"))
        }
    }

    @Test("Once per change of value records again when a user's value changes; once per variant does not")
    func valueChange() throws {
        func run(_ policy: TweakExposurePolicy) -> [TweakValue] {
            let provider = ChangingProvider()
            let manager = TweakManager(tweakProviders: [provider])
            let collector = Collector()
            let log = TweakExposureLog(policy: policy, handler: collector.handler)
            manager.exposureLog = log
            let user = manager.reading(for: TweakContext(randomizationID: "u1"))
            for value: TweakValue in ["A", "A", "B", "B", "A"] {
                provider.value.withLock { $0 = value }
                _ = try? user.tweakWith(feature: "checkout", variable: "title")
            }
            log.flush()
            return collector.all.map(\.value)
        }
        #expect(run(.oncePerValueChange) == ["A", "B", "A"])
        #expect(run(.oncePerVariant) == ["A"])
        #expect(run(.everyRead).count == 5)
    }

    @Test("The memory is bounded: beyond its limit the oldest is forgotten and recorded again")
    func boundedMemory() throws {
        let (manager, log, collector) = try setUp(.oncePerVariant(memoryLimit: 2))
        let ids = (0..<3).map { ExperimentFixture.id(inControl: true, skipping: $0) }
        for id in ids + [ids[2], ids[0]] {
            _ = try manager.reading(for: TweakContext(randomizationID: id)).tweakWith(
                feature: "checkout", variable: "title")
        }
        log.flush()
        #expect(collector.all.map(\.randomizationID) == [ids[0], ids[1], ids[2], ids[0]])
    }

    @Test("A new randomization id in the manager's context empties the memory")
    func ambientIDChangeResets() throws {
        let (manager, log, collector) = try setUp()
        let a = ExperimentFixture.id(inControl: true)
        let b = ExperimentFixture.id(inControl: true, skipping: 1)
        for id in [a, a, b, a] {
            manager.context = TweakContext(randomizationID: id)
            _ = try manager.tweakWith(feature: "checkout", variable: "title")
        }
        log.flush()
        #expect(collector.all.map(\.randomizationID) == [a, b, a])
    }

    @Test("Reads that must not expose, and recording an exposure later")
    func deferredExposure() throws {
        let (manager, log, collector) = try setUp()
        let user = manager.reading(for: TweakContext(randomizationID: ExperimentFixture.id(inControl: true)))
        let prefetch = user.withoutExposures()
        #expect(try prefetch.tweakWith(feature: "checkout", variable: "title").value == "Pay")
        log.flush()
        #expect(collector.all.isEmpty)
        #expect(prefetch.recordExposure(feature: "checkout", variable: "title")?.variant == "control")
        #expect(prefetch.recordExposure(feature: "checkout", variable: "title") == nil, "recorded once per variant")
        #expect(user.recordExposure(feature: "checkout", variable: "limit") == nil, "not decided by targeting")
        log.flush()
        #expect(collector.all.map(\.variant) == ["control"])
    }

    @Test("An exposure names its layer as the read's evaluation does, even for a provider that renames itself")
    func layerNameAsEvaluated() throws {
        /// The fixture's tweaks under a name that changes at each call (a provider that puts its
        /// version in its name).
        final class Renaming: TweakProvider {
            let local = try! LocalTweakProvider(data: Data(ExperimentFixture.document.utf8), name: "local")
            let calls = Locked(0)
            var name: String { "renaming \(calls.withLock { $0 += 1; return $0 })" }
            func tweak(for key: TweakKey) throws -> Tweak? { try local.tweak(for: key) }
            var knownTweaks: [Tweak] { local.knownTweaks }
        }
        struct Layers: TweakHook {
            let seen = Locked<[String?]>([])
            func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
                seen.withLock { $0.append(evaluation.layer) }
            }
        }
        let manager = TweakManager(tweakProviders: [Renaming()])
        let collector = Collector()
        let log = TweakExposureLog(policy: .everyRead, handler: collector.handler)
        manager.exposureLog = log
        let layers = Layers()
        manager.addHook(layers)
        let user = manager.reading(for: TweakContext(randomizationID: ExperimentFixture.id(inControl: true)))
        #expect(try user.value(feature: "checkout", variable: "title", as: String.self) == "Pay")
        #expect(try user.value(feature: "checkout", variable: "title", as: String.self) == "Pay")
        let recorded = user.recordExposure(feature: "checkout", variable: "title")
        log.flush()
        // The name the manager recorded when it was made, each time.
        let evaluated = layers.seen.withLock { $0 }
        try #require(evaluated.count == 2 && evaluated[0] != nil)
        #expect(evaluated[1] == evaluated[0])
        #expect(recorded?.layer == evaluated[0])
        #expect(collector.all.map(\.layer) == Array(repeating: evaluated[0]!, count: 3))
    }

    @Test("Delivery keeps the order of the reads, to the closure and to every sequence")
    func orderedDelivery() async throws {
        let (manager, log, collector) = try setUp(.everyRead)
        let stream = log.exposures
        let ids = (0..<50).map { "user-\($0)" }
        for id in ids {
            _ = try manager.reading(for: TweakContext(randomizationID: id)).tweakWith(
                feature: "checkout", variable: "title")
        }
        log.flush()
        #expect(collector.all.compactMap(\.randomizationID) == ids)
        var streamed: [String] = []
        for await exposure in stream {
            streamed.append(exposure.randomizationID ?? "")
            if streamed.count == ids.count { break }
        }
        #expect(streamed == ids)
    }

    @Test("A full buffer drops the oldest, counts it and reports it once; the read never waits")
    func fullBuffer() async throws {
        let manager = try ExperimentFixture.manager()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let received = Locked<[String]>([])
        let log = TweakExposureLog(policy: .everyRead, capacity: 2) { exposure in
            received.withLock { $0.append(exposure.randomizationID ?? "") }
            if exposure.randomizationID == "user-0" {
                entered.signal()
                release.wait()
            }
        }
        manager.exposureLog = log
        let events = manager.providerEvents
        func read(_ index: Int) throws {
            _ = try manager.reading(for: TweakContext(randomizationID: "user-\(index)")).tweakWith(
                feature: "checkout", variable: "title")
        }
        try read(0)
        entered.wait()  // the handler holds user-0: the next reads fill the buffer
        for index in 1...5 { try read(index) }
        #expect(log.droppedCount == 3)
        release.signal()
        log.flush()
        #expect(received.withLock { $0 } == ["user-0", "user-4", "user-5"])
        for await event in events {
            #expect(event.operation == .exposureDelivery && event.source == "exposure log")
            break
        }
    }
}
