import CTweaksAtomics

/// A 64-bit counter that threads read without a lock: the manager's cache version.
///
/// The word sits alone on its own 64-byte cache line, so that reading it never competes with
/// writes to neighbouring memory (false sharing): a reader touches no memory that another thread
/// writes, unless the counter itself changes.
final class AtomicCounter: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `word` is allocated in `init`, freed in `deinit`, and
    // otherwise only accessed through the atomic load and increment below.
    private let word: UnsafeMutablePointer<UInt64>

    init(_ initialValue: UInt64 = 0) {
        let line = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        word = line.bindMemory(to: UInt64.self, capacity: 1)
        word.initialize(to: initialValue)
    }

    deinit {
        UnsafeMutableRawPointer(word).deallocate()
    }

    /// The current value (acquire: whatever was written before the increment that produced it is visible).
    @inline(__always)
    func load() -> UInt64 {
        tweaks_atomic_load_acquire(word)
    }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> UInt64 {
        tweaks_atomic_increment(word)
    }
}
