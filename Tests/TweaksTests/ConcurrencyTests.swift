import Foundation
import TestSupport
import Testing

@testable import Tweaks

/// An override provider that takes a while to answer after reading its value, as one backed by a
/// slow store would: it widens the window in which a read that started before a write ends after it.
final class SlowOverrides: MutableTweakProvider {
    let inner = EphemeralTweakProvider(name: "slow")
    func tweak(for key: TweakKey) -> Tweak? {
        let tweak = inner.tweak(for: key)
        usleep(UInt32.random(in: 0...40))
        return tweak
    }
    var knownTweaks: [Tweak] { inner.knownTweaks }
    func set(_ value: TweakValue, feature: String, variable: String) {
        inner.set(value, feature: feature, variable: variable)
        postDidChange(.tweaks([Tweak(feature: feature, variable: variable, value: value)]))
    }
    func deleteValue(feature: String, variable: String) {
        inner.deleteValue(feature: feature, variable: variable)
        postDidChange(.everything)
    }
    func removeAllValues() {
        inner.removeAllValues()
        postDidChange(.everything)
    }
}

@Suite("Concurrent use")
struct ConcurrencyTests {
    static let writers = 4
    static let writesPerWriter = 400

    /// The read caches of one thread, kept weakly: set by that thread before it resumes the test,
    /// read by the test after (the resumption orders the two), and a weak reference is atomic.
    final class ThreadCachesProbe: @unchecked Sendable {
        weak var caches: ThreadLocalCaches?
    }

    /// A thread's read caches, and the answers they hold, are released when the thread ends.
    @Test func aThreadsCachesAreReleasedWhenItEnds() async {
        let manager = TweakManager(tweakProviders: [TableProvider(name: "p", ["f.v": 1])])
        manager.useCache = true
        var probes: [ThreadCachesProbe] = []
        for _ in 0..<2 {
            let probe = ThreadCachesProbe()
            // Twice, so that the second read comes from the thread's cache.
            let values = await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    let values = (0..<2).map { _ in try? manager.value(feature: "f", variable: "v", as: Int.self) }
                    probe.caches = ThreadLocalCaches.current
                    continuation.resume(returning: values)
                }
            }
            #expect(values == [1, 1])
            probes.append(probe)
        }
        #expect(await eventually { probes.allSatisfy { $0.caches == nil } })
    }

    /// Writers each own one tweak and check that a read right after their write sees it; readers
    /// check that no tweak ever goes back to an older value; a third party keeps emptying the
    /// cache and posting reset notifications. Values only grow, so "older" is "smaller".
    @Test(arguments: [true, false])
    func noStaleReadAfterAWrite(useCache: Bool) async throws {
        let overrides = SlowOverrides()
        let defaults = TableProvider(
            name: "defaults",
            Dictionary(uniqueKeysWithValues: (0..<Self.writers).map { ("f.k\($0)", TweakValue.int(0)) }))
        let manager = TweakManager(tweakProviders: [overrides, defaults])
        manager.useCache = useCache
        let done = Locked(false)

        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    for value in 1...Self.writesPerWriter {
                        do {
                            try manager.set(.int(value), feature: "f", variable: "k\(writer)")
                            let read = try manager.value(feature: "f", variable: "k\(writer)", as: Int.self)
                            #expect(read == value, "writer \(writer) wrote \(value) and read \(read)")
                            // Later reads too: a reader that read before the write must not leave its
                            // older answer in the cache meanwhile.
                            usleep(50)
                            let later = try manager.value(feature: "f", variable: "k\(writer)", as: Int.self)
                            #expect(later == value, "writer \(writer) wrote \(value) and later read \(later)")
                            if value.isMultiple(of: 50) {
                                try manager.deleteValue(feature: "f", variable: "k\(writer)")
                                #expect(try manager.value(feature: "f", variable: "k\(writer)", as: Int.self) == 0)
                                try manager.set(.int(value), feature: "f", variable: "k\(writer)")
                            }
                        } catch {
                            Issue.record("writer \(writer): \(error)")
                        }
                    }
                }
            }
            for reader in 0..<4 {
                group.addTask {
                    var highest = [Int](repeating: 0, count: Self.writers)
                    var reads = 0
                    while !done.withLock({ $0 }) || reads < 1000 {
                        let key = (reads + reader) % Self.writers
                        reads += 1
                        guard let value = try? manager.value(feature: "f", variable: "k\(key)", as: Int.self) else {
                            Issue.record("k\(key) unreadable")
                            return
                        }
                        // A delete briefly exposes the default 0; otherwise values never go back.
                        #expect(
                            value == 0 || value >= highest[key], "k\(key) went back from \(highest[key]) to \(value)")
                        if value != 0 { highest[key] = max(highest[key], value) }
                        _ = manager.isFeatureEnabled("f")
                        if reads.isMultiple(of: 64) { await Task.yield() }
                    }
                }
            }
            group.addTask {
                while !done.withLock({ $0 }) {
                    manager.resetCache()
                    // As this stack's provider: a nil object would empty every manager of every
                    // test running in parallel.
                    NotificationCenter.default.post(name: TweakProviderDidChangeNotification, object: overrides)
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
            // Stop the readers and the resetter once every writer has finished.
            group.addTask {
                while overrides.knownTweaks.count < Self.writers
                    || overrides.knownTweaks.contains(where: { $0.value != .int(Self.writesPerWriter) })
                {
                    try? await Task.sleep(for: .milliseconds(5))
                }
                done.withLock { $0 = true }
            }
        }
        for writer in 0..<Self.writers {
            #expect(try manager.value(feature: "f", variable: "k\(writer)", as: Int.self) == Self.writesPerWriter)
        }
    }

    /// A provider that, once armed, parks the next read after it has read its value until released.
    /// The read blocks its thread (a `TweakProvider` is synchronous), so it runs on a thread of its
    /// own; the async test only waits on semaphores from threads of their own too (`wait()` is not
    /// available in async code on Apple platforms, and would block the cooperative pool).
    final class ParkingOverrides: MutableTweakProvider {
        let inner = EphemeralTweakProvider(name: "parking")
        let armed = Locked(false)
        let parked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        func tweak(for key: TweakKey) -> Tweak? {
            let tweak = inner.tweak(for: key)
            let shouldPark = armed.withLock { armed in
                defer { armed = false }
                return armed
            }
            if shouldPark {
                parked.signal()
                release.wait()
            }
            return tweak
        }
        var knownTweaks: [Tweak] { inner.knownTweaks }
        func set(_ value: TweakValue, feature: String, variable: String) {
            inner.set(value, feature: feature, variable: variable)
            postDidChange(.tweaks([Tweak(feature: feature, variable: variable, value: value)]))
        }
        func deleteValue(feature: String, variable: String) {}
    }

    @Test func aReadThatStartedBeforeAWriteCannotCacheTheOldValue() async throws {
        let overrides = ParkingOverrides()
        overrides.inner.set(.int(1), feature: "f", variable: "v")
        let manager = TweakManager(tweakProviders: [overrides])
        manager.useCache = true
        overrides.armed.withLock { $0 = true }
        let slowRead = Task { try await onOwnThread { try? manager.tweakWith(feature: "f", variable: "v").value } }
        try await onOwnThread { overrides.parked.wait() }  // the slow read has read 1 and has not stored it yet
        try manager.set(2, feature: "f", variable: "v")
        overrides.release.signal()
        #expect(try await slowRead.value == 1)
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == 2)
    }

    @Test func concurrentStreamsAllEndOnTheFinalValue() async throws {
        let overrides = EphemeralTweakProvider(values: ["f": ["v": 0]])
        let manager = TweakManager(tweakProviders: [overrides])
        manager.useCache = true
        let final = 200
        await withTaskGroup(of: TweakValue?.self) { group in
            for _ in 0..<8 {
                let values = manager.values(feature: "f", variable: "v")
                group.addTask {
                    var last: TweakValue?
                    for await value in values {
                        last = value
                        if value == .int(final) { break }
                    }
                    return last
                }
            }
            group.addTask {
                for value in 1...final {
                    overrides.set(.int(value), feature: "f", variable: "v")
                    if value.isMultiple(of: 20) { await Task.yield() }
                }
                return .int(final)
            }
            for await last in group { #expect(last == .int(final)) }
        }
    }
}
