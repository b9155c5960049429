/// Values by tweak, guarded by a lock, with a filter of their keys that a reader checks without
/// taking it: the store of a provider of overrides (``EphemeralTweakProvider``,
/// ``UserDefaultsTweakProvider``).
///
/// Overrides are few or none: in production an override layer is usually empty, yet every read
/// that reaches it asks it. A lookup of a key the table surely lacks loads one word and takes no
/// lock (a lock and an unlock are two atomic operations, the largest cost of asking such a layer).
final class LockedTable<Value: Sendable>: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `entries` is private and only read or written while
    // `lock` is held (`withLock`, `value(for:)`); `keyFilter` is atomic, written only under `lock`.
    private let lock = PlatformLock()
    private var entries: [TweakKey: Value]
    /// One bit per key of `entries` (``filterBit(of:)``), stored after every change while the lock
    /// is held; all bits beyond ``filteredCount`` entries. A lookup that finds its key's bit clear
    /// started before the key was added or after it was removed: answering "none" then is what a
    /// lookup under the lock would answer at that moment.
    private let keyFilter = AtomicCounter()
    /// Beyond this many entries the filter is not computed: nearly every bit would be set.
    static var filteredCount: Int { 64 }

    /// A table holding `entries`.
    init(_ entries: [TweakKey: Value] = [:]) {
        self.entries = entries
        keyFilter.store(Self.filter(of: entries))
    }

    deinit {
        keyFilter.deallocate()
        lock.deallocate()
    }

    /// The value for `key`; `nil` when there is none. Takes no lock when the filter rules it out.
    @inline(__always)
    func value(for key: TweakKey) -> Value? {
        guard keyFilter.load() & Self.filterBit(of: key) != 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    /// Runs `body` with exclusive access to the entries. Never call out to user code inside `body`.
    func withLock<Result>(_ body: (inout [TweakKey: Value]) throws -> Result) rethrows -> Result {
        lock.lock()
        defer {
            keyFilter.store(Self.filter(of: entries))
            lock.unlock()
        }
        return try body(&entries)
    }

    /// The bit of `key` in the filter: one of 64, chosen by the key's hash.
    @inline(__always)
    private static func filterBit(of key: TweakKey) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: key.hashCode & 63)
    }

    /// The filter of `entries`: the bits of their keys, or every bit beyond ``filteredCount``.
    private static func filter(of entries: [TweakKey: Value]) -> UInt64 {
        guard entries.count <= filteredCount else { return .max }
        return entries.keys.reduce(0) { $0 | filterBit(of: $1) }
    }
}
