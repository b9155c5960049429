import Foundation
import Testing

@testable import Tweaks

/// `Locked`, which every provider's state and every manager's settings rely on (and which users
/// may use for their own providers): its exclusion and its waking of waiting threads, under real
/// contention between threads (and under the thread sanitizer in CI, which the suite's name
/// selects).
@Suite("Locked: one thread at a time, and waiters are woken")
struct LockedConcurrencyTests {
    /// State whose update is a read, then a write: without exclusion, threads lose updates.
    struct Counter: Sendable {
        var total = 0
        var holders = 0
        var mostHoldersAtOnce = 0
    }

    @Test func onlyOneThreadAtATimeHoldsTheLock() {
        let counter = Locked(Counter())
        let threads = 4
        let rounds = 20_000
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                for _ in 0..<rounds {
                    counter.withLock { state in
                        state.holders += 1
                        state.mostHoldersAtOnce = max(state.mostHoldersAtOnce, state.holders)
                        let total = state.total
                        state.total = total + 1
                        state.holders -= 1
                    }
                }
                done.leave()
            }
        }
        // A lost wake-up leaves a thread asleep for ever: bounded, so that it fails, not hangs.
        #expect(done.wait(timeout: .now() + 60) == .success)
        let final = counter.withLock { $0 }
        #expect(final.total == threads * rounds)
        #expect(final.mostHoldersAtOnce == 1)
    }

    /// Threads that find the lock held go to sleep (the futex's slow path) and must each be woken
    /// when it is released: a lost wake-up would hang this test.
    @Test func threadsThatWaitForAHeldLockAreAllWokenAndGetIt() {
        let lock = Locked([Int]())
        let waiters = 3
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        Thread.detachNewThread {
            lock.withLock { order in
                holding.signal()
                release.wait()
                order.append(0)
            }
        }
        holding.wait()
        for waiter in 1...waiters {
            done.enter()
            Thread.detachNewThread {
                lock.withLock { $0.append(waiter) }
                done.leave()
            }
        }
        // Long enough for the waiters to reach the lock and sleep; the test holds without it too.
        Thread.sleep(forTimeInterval: 0.1)
        release.signal()
        #expect(done.wait(timeout: .now() + 60) == .success)
        let order = lock.withLock { $0 }
        #expect(order.first == 0)
        #expect(order.sorted() == Array(0...waiters))
    }
}
