import Foundation

/// A value guarded by a lock: the only way to reach it is `withLock`.
///
/// Used instead of `Synchronization.Mutex`, which needs macOS 15 / iOS 18.
package final class Locked<State: Sendable>: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `state` is private and is only read or written inside
    // `withLock`, which holds `lock` for the whole access, so no two threads touch it at once.
    // Callers must not let the `inout` reference escape the closure (the compiler enforces it).
    private let lock = NSLock()
    // The lock already makes every access exclusive: the runtime's exclusivity check is skipped.
    @exclusivity(unchecked) private var state: State

    package init(_ initialState: State) {
        self.state = initialState
    }

    /// Runs `body` with exclusive access to the state. Never call out to user code inside `body`.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
