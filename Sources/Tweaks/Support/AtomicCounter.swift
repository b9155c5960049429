internal import CTweaksAtomics

/// A 64-bit word that threads read without a lock: a counter (the manager's cache version), or
/// the filter of a ``LockedTable``'s keys.
///
/// A struct around a pointer, not a class: reading it costs no reference count, so concurrent
/// readers write nothing they share (a class's reference count would be written by every read).
/// The word sits alone on its own 64-byte cache line, so that reading it never competes with
/// writes to neighbouring memory (false sharing). Whoever makes a counter frees it with
/// ``deallocate()`` once nothing can use it any more; counters held in `static let`s live as long
/// as the process.
struct AtomicCounter: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `word` is only accessed through the atomic load, store and
    // increment below, and freed by its owner when no other reference to the counter remains.
    private let word: UnsafeMutablePointer<UInt64>

    init(_ initialValue: UInt64 = 0) {
        let line = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        word = line.bindMemory(to: UInt64.self, capacity: 1)
        word.initialize(to: initialValue)
    }

    /// Frees the counter; it must not be used afterwards.
    func deallocate() {
        UnsafeMutableRawPointer(word).deallocate()
    }

    /// The current value (acquire: whatever was written before the increment that produced it is visible).
    @inline(__always)
    func load() -> UInt64 {
        tweaks_atomic_load_acquire(word)
    }

    /// Sets the value (release: whatever was written before is visible to a thread that loads it).
    @inline(__always)
    func store(_ value: UInt64) {
        tweaks_atomic_store_release(word, value)
    }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> UInt64 {
        tweaks_atomic_increment(word)
    }
}
