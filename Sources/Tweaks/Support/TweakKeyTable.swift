/// Values by tweak, found by the hash every ``TweakKey`` makes once (with `Hasher`) when it is
/// made: a lookup compares keys, and hashes nothing again, where a `Dictionary` would feed that
/// hash to a new `Hasher` for every lookup (the largest cost of a cached read: Docs/Performance.md,
/// 2026-11-28). Open addressing with linear probing, at most half full.
///
/// Entries are added or replaced, and removed all at once: what the read caches and the
/// providers' fixed tables need.
struct TweakKeyTable<Value> {
    /// Each slot's mark, probed first: `0` for an empty slot, else its key's hash with the lowest
    /// bit set (never `0`). A slot of another key is passed over with one comparison of integers,
    /// without touching its key.
    private var marks: [Int] = []
    /// The keys of the entries, by slot; `nil` for an empty slot.
    private var keys: [TweakKey?] = []
    /// The values of the entries, in their keys' slots.
    private var values: [Value?] = []
    /// The number of entries.
    private(set) var count = 0

    /// An empty table.
    init() {}

    /// A table of `entries`.
    init(_ entries: [TweakKey: Value]) {
        for (key, value) in entries { self[key] = value }
    }

    /// Whether the table has no entries.
    var isEmpty: Bool { count == 0 }

    /// The value for `key`; `nil` when there is none. Setting a value adds or replaces it.
    subscript(key: TweakKey) -> Value? {
        get {
            guard let slot = slot(of: key), marks[slot] != 0 else { return nil }
            return values[slot]
        }
        set {
            guard let newValue else {
                preconditionFailure("TweakKeyTable removes entries all at once (removeAll)")
            }
            if (count + 1) * 2 > marks.count { grow() }
            guard let slot = slot(of: key) else { return }
            if marks[slot] == 0 {
                marks[slot] = key.hashCode | 1
                keys[slot] = key
                count += 1
            }
            values[slot] = newValue
        }
    }

    /// The slot of `key`, or the empty slot where it would go; `nil` when the table has no storage.
    private func slot(of key: TweakKey) -> Int? {
        guard !marks.isEmpty else { return nil }
        let mask = marks.count &- 1
        let mark = key.hashCode | 1
        var index = key.hashCode & mask
        while marks[index] != 0 {
            if marks[index] == mark, keys[index]?.hasNames(of: key) == true { return index }
            index = (index &+ 1) & mask
        }
        return index
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in marks.indices where marks[index] != 0 {
            marks[index] = 0
            keys[index] = nil
            values[index] = nil
        }
        count = 0
    }

    private mutating func grow() {
        let entries = zip(keys, values)
        var capacity = 8
        while capacity < (count + 1) * 2 { capacity *= 2 }
        marks = Array(repeating: 0, count: capacity)
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
        count = 0
        for case let (key?, value?) in entries { self[key] = value }
    }
}

extension TweakKeyTable: Sendable where Value: Sendable {}
