import Foundation
import Testing

@testable import Tweaks

/// `LockedTable`, the store of the ephemeral and `UserDefaults` providers, whose lookups skip the
/// lock for keys its filter rules out: every lookup still answers what the table holds, alone and
/// while other threads write (under the thread sanitizer in CI, which the suite's name selects).
@Suite("LockedTable: lookups that skip the lock answer what the table holds")
struct LockedTableConcurrencyTests {
    static func key(_ index: Int) -> TweakKey {
        TweakKey(feature: "feature\(index)", variable: "variable")
    }

    @Test func everyKeyIsFoundWhileTheTableHoldsItAndNoneAfter() {
        let table = LockedTable<Int>()
        // Past the filtered count and back: the filter is computed, then all set, then computed.
        let count = LockedTable<Int>.filteredCount * 2
        for index in 0..<count {
            table.withLock { $0[Self.key(index)] = index }
            for earlier in 0...index { #expect(table.value(for: Self.key(earlier)) == earlier) }
            #expect(table.value(for: Self.key(index + 1)) == nil)
        }
        for index in (0..<count).reversed() {
            table.withLock { $0[Self.key(index)] = nil }
            #expect(table.value(for: Self.key(index)) == nil)
            if index > 0 { #expect(table.value(for: Self.key(index - 1)) == index - 1) }
        }
        let filled = LockedTable([Self.key(1): 1, Self.key(2): 2])
        #expect(filled.value(for: Self.key(2)) == 2)
        #expect(filled.value(for: Self.key(3)) == nil)
    }

    @Test func aValueWrittenBeforeALookupStartsIsFoundOnAnotherThread() {
        let overrides = EphemeralTweakProvider()
        let rounds = 2_000
        let written = DispatchSemaphore(value: 0)
        let read = DispatchSemaphore(value: 0)
        let misses = Locked(0)
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            for round in 0..<rounds {
                written.wait()
                let key = Self.key(round)
                if overrides.tweak(for: key)?.value != .int(round) { misses.withLock { $0 += 1 } }
                read.signal()
            }
            done.leave()
        }
        for round in 0..<rounds {
            overrides.set(.int(round), feature: "feature\(round)", variable: "variable")
            written.signal()
            read.wait()
            // Removed again, so that the table keeps few keys and its filter keeps ruling keys out.
            overrides.deleteValue(feature: "feature\(round)", variable: "variable")
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(misses.withLock { $0 } == 0)
    }

    @Test func lookupsDuringWritesAnswerAValueTheTableHeld() {
        let table = LockedTable<Int>()
        let readers = 3
        let rounds = 20_000
        let wrong = Locked(0)
        let done = DispatchGroup()
        for _ in 0..<readers {
            done.enter()
            Thread.detachNewThread {
                for round in 0..<rounds {
                    // Key 0 only ever holds 0, key 1 only 1: any other answer is torn.
                    let index = round % 2
                    if let value = table.value(for: Self.key(index)), value != index {
                        wrong.withLock { $0 += 1 }
                    }
                }
                done.leave()
            }
        }
        for round in 0..<rounds {
            let index = round % 2
            table.withLock { entries in
                if entries[Self.key(index)] == nil { entries[Self.key(index)] = index } else { entries = [:] }
            }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(wrong.withLock { $0 } == 0)
    }
}
