import Dispatch
import Foundation

/// Whether code runs on the main actor, asked without trapping (`MainActor.assumeIsolated`, which
/// callers still use afterwards, traps when it does not).
///
/// The main actor's executor is the main dispatch queue. On Apple systems it runs on the main
/// thread; elsewhere (Linux under a test runner, for one) the queue may drain on another thread,
/// which the queue-specific key below recognises.
@usableFromInline
enum MainActorCheck {
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// `true` on the main thread or on the main queue.
    @usableFromInline
    static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }
}
