/// One thread's memory of one manager's earlier answers: hits **and** misses, per tweak and per
/// feature, with the manager's read settings as they were when the cache was last emptied.
///
/// Coherence rule: every change increments the manager's cache version. A read first compares
/// the thread's cache with the current version and empties it when they differ; a lookup that
/// asked the providers stores its answer only if the cache still belongs to the version the
/// lookup started with, so an answer read before a write can never be stored after it.
///
/// Only its own thread touches a cache (see ``ThreadLocalCaches``, which keeps it): no lock, and
/// no memory that another reader writes.
struct TweakCache {
    /// What a read needs of the manager's settings, copied when the cache is emptied (a settings
    /// change increments the version too).
    struct Settings: Sendable {
        var isCaching = false
        /// The log closure with the minimum level; `nil` when no closure is set.
        var log: ManagerLog?
        /// ``TweakManager/minimumLogLevel``, kept while no closure is set.
        var minimumLogLevel = LogLevel.info
        /// Whether a cached read logs (at `trace`).
        var tracesReads = false
        /// The manager's ambient ``TweakManager/context``: read by a lookup without a lock.
        var context: TweakContext?
        /// The manager's ``TweakManager/schema``: read by a lookup without a lock.
        var schema = TweakSchema([])
        /// The manager's hooks and exposure log; `nil` when nothing observes its reads.
        var observation: ReadObservation?
    }

    let managerID: UInt64
    /// The manager's cache version this cache belongs to; no version is `UInt64.max`.
    private(set) var version = UInt64.max
    private(set) var settings = Settings()
    /// Value reads' answers, by tweak.
    private var values = TweakKeyTable<CachedAnswer>()
    /// Feature-flag reads' answers, by the flag's `enabled` key.
    private var flags = TweakKeyTable<CachedAnswer>()
    /// `Codable` reads' decoded values, by tweak and type (see ``decodedValue(of:for:as:)``).
    private var decoded: [DecodedKey: Decoded] = [:]

    /// A tweak read as a type.
    private struct DecodedKey: Hashable {
        let key: TweakKey
        let type: ObjectIdentifier
    }

    /// A decoded value and the tweak it was decoded from.
    private struct Decoded {
        var tweak: Tweak
        let value: Any
    }

    init(managerID: UInt64) {
        self.managerID = managerID
    }

    /// Forgets every answer: the cache now belongs to `version`.
    mutating func reset(version: UInt64, settings: Settings) {
        self.version = version
        self.settings = settings
        if !values.isEmpty { values.removeAll() }
        if !flags.isEmpty { flags.removeAll() }
        if !decoded.isEmpty { decoded.removeAll() }
    }

    /// The answer a read of `kind` gave for `key` before; `nil` when there is none or the cache is
    /// off.
    /// (Mutating only so that the thread's caches call it in place, never on a copy of the cache.)
    mutating func answer(for key: TweakKey, kind: ReadKind) -> CachedAnswer? {
        guard settings.isCaching else { return nil }
        return kind == .value ? values[key] : flags[key]
    }

    /// Keeps `answer` for later reads of `kind`, when the cache still belongs to `version`. The
    /// tweak is copied into storage of this thread's own, so that handing it out again never
    /// touches a reference count that other threads share.
    mutating func store(_ answer: CachedAnswer, for key: TweakKey, kind: ReadKind, version: UInt64) {
        guard settings.isCaching, self.version == version else { return }
        let own = CachedAnswer(tweak: answer.tweak?.withOwnStorage(), layer: answer.layer)
        if kind == .value { values[key] = own } else { flags[key] = own }
    }

    /// What a typed read decoded from `tweak`'s value as `type` before, in this version of the
    /// cache; `nil` when it did not. A decoding is a function of the value alone, so it is
    /// answered for the very tweak it was decoded from (one comparison of references: the cache's
    /// own copy, which every cached read of the key gets), else for a tweak with an equal value
    /// (then remembered with that tweak). Emptied with the cache, at every change.
    mutating func decodedValue<Value>(of tweak: Tweak, for key: TweakKey, as type: Value.Type) -> Value? {
        guard settings.isCaching, !decoded.isEmpty else { return nil }
        let decodedKey = DecodedKey(key: key, type: ObjectIdentifier(type))
        guard let known = decoded[decodedKey] else { return nil }
        if known.tweak.isIdentical(to: tweak) { return known.value as? Value }
        guard known.tweak.value == tweak.value else { return nil }
        decoded[decodedKey]?.tweak = tweak
        return known.value as? Value
    }

    /// Remembers `value`, decoded from `tweak` as a `Value`, for later reads of `key` as that
    /// type (while the cache is on, until the next change).
    mutating func remember<Value>(_ value: Value, decodedFrom tweak: Tweak, for key: TweakKey) {
        guard settings.isCaching else { return }
        decoded[DecodedKey(key: key, type: ObjectIdentifier(Value.self))] = Decoded(tweak: tweak, value: value)
    }
}

/// A cached answer: a tweak and the index of the layer that gave it, or no answer.
struct CachedAnswer {
    let tweak: Tweak?
    let layer: Int?
}
