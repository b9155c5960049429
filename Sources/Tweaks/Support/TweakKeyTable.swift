/// Values by tweak, found by the hash every ``TweakKey`` makes once (with `Hasher`) when it is
/// made: a lookup compares keys, and hashes nothing again, where a `Dictionary` would feed that
/// hash to a new `Hasher` for every lookup (the largest cost of a cached read: Docs/Performance.md,
/// 2026-11-28). Open addressing with linear probing, at most half full.
///
/// Entries are added or replaced, and removed all at once: what the read caches and the
/// providers' fixed tables need.
struct TweakKeyTable<Value> {
    private var slots: [(key: TweakKey, value: Value)?]
    /// The number of entries.
    private(set) var count = 0

    /// An empty table.
    init() {
        slots = []
    }

    /// A table of `entries`.
    init(_ entries: [TweakKey: Value]) {
        slots = Array(repeating: nil, count: Self.capacity(for: entries.count))
        for (key, value) in entries { self[key] = value }
    }

    /// Whether the table has no entries.
    var isEmpty: Bool { count == 0 }

    /// The value for `key`; `nil` when there is none. Setting a value adds or replaces it.
    subscript(key: TweakKey) -> Value? {
        get {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count &- 1
            var index = key.hashCode & mask
            while let slot = slots[index] {
                if slot.key == key { return slot.value }
                index = (index &+ 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else {
                preconditionFailure("TweakKeyTable removes entries all at once (removeAll)")
            }
            if (count + 1) * 2 > slots.count { grow() }
            let mask = slots.count &- 1
            var index = key.hashCode & mask
            while let slot = slots[index] {
                if slot.key == key {
                    slots[index] = (key, newValue)
                    return
                }
                index = (index &+ 1) & mask
            }
            slots[index] = (key, newValue)
            count += 1
        }
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in slots.indices { slots[index] = nil }
        count = 0
    }

    /// The storage for `count` entries: a power of two, at least twice `count`.
    private static func capacity(for count: Int) -> Int {
        var capacity = 8
        while capacity < count * 2 { capacity *= 2 }
        return capacity
    }

    private mutating func grow() {
        let entries = slots
        slots = Array(repeating: nil, count: Self.capacity(for: count + 1))
        count = 0
        for case let (key, value)? in entries { self[key] = value }
    }
}

extension TweakKeyTable: Sendable where Value: Sendable {}
