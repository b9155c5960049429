import Dispatch
import Foundation

/// Whether code runs on the main actor, asked without trapping (`MainActor.assumeIsolated` traps
/// when it does not): the guard before a main-actor codec's closures run.
///
/// The main actor's executor is the main dispatch queue. On Apple systems it runs on the main
/// thread; elsewhere (Linux under a test runner, for one) the queue may drain on another thread,
/// which the queue-specific key below recognises.
@usableFromInline
enum MainActorCheck {
    /// Marks the main queue, the first time a check runs.
    private static let mainQueue: QueueKey = {
        let key = QueueKey()
        DispatchQueue.main.setSpecific(key: key.key, value: true)
        return key
    }()

    // Safe to mark `@unchecked Sendable`: the key is immutable, and dispatch uses it only as an
    // identity in its own thread-safe `setSpecific`/`getSpecific`. (swift-corelibs-libdispatch
    // declares `DispatchSpecificKey` `Sendable`; Apple's overlay may not, and this compiles either way.)
    private struct QueueKey: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
    }

    /// `true` on the main thread or on the main queue.
    @usableFromInline
    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue.key) == true
    }
}
