#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock: the only way to reach it is `withLock`. The package's providers keep
/// their mutable state in one, which makes them `Sendable`.
///
/// Used instead of `Synchronization.Mutex`, which needs macOS 15 / iOS 18. The lock is the
/// platform's own (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere) rather
/// than `NSLock`, which adds a dynamically dispatched call and, on Linux, a second wrapper to
/// every lock and unlock of a provider read.
package final class Locked<State: Sendable>: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `state` is private and is only read or written inside
    // `withLock`, which holds `lock` for the whole access, so no two threads touch it at once.
    // Callers must not let the `inout` reference escape the closure (the compiler enforces it).
    private let lock: PlatformLock
    private var state: State

    /// A lock guarding `initialState`.
    package init(_ initialState: State) {
        self.state = initialState
        self.lock = PlatformLock()
    }

    deinit {
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the state. Never call out to user code inside `body`.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// The platform's plain (non-recursive) mutex, at an address that never moves, as the C APIs
/// require. Its owner calls ``deallocate()`` once, when nobody can use it any more.
struct PlatformLock {
    #if canImport(Darwin)
        private let pointer: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let pointer: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init() {
        pointer = .allocate(capacity: 1)
        #if canImport(Darwin)
            pointer.initialize(to: os_unfair_lock())
        #else
            pointer.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(pointer, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    @inline(__always)
    func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(pointer)
        #else
            pthread_mutex_lock(pointer)
        #endif
    }

    @inline(__always)
    func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(pointer)
        #else
            pthread_mutex_unlock(pointer)
        #endif
    }

    func deallocate() {
        #if !canImport(Darwin)
            pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
