/// One thread's memory of one manager's earlier answers: hits **and** misses, per tweak and per
/// feature, with the manager's read settings as they were when the cache was last emptied.
///
/// Coherence rule: every change increments the manager's cache version. A read first compares
/// the thread's cache with the current version and empties it when they differ; a lookup that
/// asked the providers stores its answer only if the version did not change meanwhile, so an
/// answer read before a write can never be stored after it.
///
/// Only its own thread touches a cache (see ``ThreadLocalCaches``): no lock, and no memory that
/// another reader writes.
final class TweakCache {
    enum Entry {
        /// A tweak, and the index of the provider that answered.
        case hit(Tweak, layer: Int)
        case miss
    }

    /// A feature-flag read's answer: the flag's value, or no answer at all (no layer has the
    /// `enabled` tweak nor a verdict), which a hook sees as a flag not found.
    enum FlagAnswer {
        case enabled, disabled, notFound
    }

    /// What a read needs of the manager's settings, copied when the cache is emptied (a settings
    /// change increments the version too).
    struct Settings: Sendable {
        var isCaching = false
        /// The log closure with the minimum level; `nil` when no closure is set.
        var log: ManagerLog?
        /// ``TweakManager/minimumLogLevel``, kept while no closure is set.
        var minimumLogLevel = LogLevel.info
        /// Whether a cached read logs (at `trace`): tested before ``log`` is copied.
        var tracesReads = false
        /// The manager's ambient ``TweakManager/context``: read by a lookup without a lock.
        var context: TweakContext?
        /// The manager's ``TweakManager/schema``: read by a lookup without a lock.
        var schema = TweakSchema([])
        /// The manager's hooks and exposure log; `nil` when nothing observes its reads.
        var observation: ReadObservation?
    }

    // Only the owning thread accesses these, one access at a time (no access spans a call out),
    // so the runtime's exclusivity checks — a thread-local lookup per access — are skipped.
    let managerID: UInt64
    /// The manager's cache version this cache belongs to; no version is `UInt64.max`.
    @exclusivity(unchecked) private(set) var version = UInt64.max
    @exclusivity(unchecked) private(set) var settings = Settings()
    @exclusivity(unchecked) private var tweaks: [TweakKey: Entry] = [:]
    /// Feature-flag answers, by the flag's `enabled` key (whose hash the read already made).
    @exclusivity(unchecked) private var features: [TweakKey: FlagAnswer] = [:]
    /// `Codable` reads' decoded values, by tweak and type (see ``decodedValue(of:for:as:)``).
    @exclusivity(unchecked) private var decoded: [DecodedKey: Decoded] = [:]

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
    func reset(version: UInt64, settings: Settings) {
        self.version = version
        self.settings = settings
        if !tweaks.isEmpty { tweaks.removeAll() }
        if !features.isEmpty { features.removeAll() }
        if !decoded.isEmpty { decoded.removeAll() }
    }

    /// What a typed read decoded from `tweak`'s value as `type` before, in this version of the
    /// cache; `nil` when it did not. A decoding is a function of the value alone, so it is
    /// answered for the very tweak it was decoded from (one comparison of references: the cache's
    /// own copy, which every cached read of the key gets), else for a tweak with an equal value
    /// (then remembered with that tweak). Emptied with the cache, at every change.
    func decodedValue<Value>(of tweak: Tweak, for key: TweakKey, as type: Value.Type) -> Value? {
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
    func remember<Value>(_ value: Value, decodedFrom tweak: Tweak, for key: TweakKey) {
        guard settings.isCaching else { return }
        decoded[DecodedKey(key: key, type: ObjectIdentifier(Value.self))] = Decoded(tweak: tweak, value: value)
    }

    func entry(for key: TweakKey) -> Entry? {
        settings.isCaching ? tweaks[key] : nil
    }

    func isFeatureEnabled(_ key: TweakKey) -> FlagAnswer? {
        settings.isCaching ? features[key] : nil
    }

    /// Keeps `tweak` (or its absence). The tweak is copied into storage of this thread's own, so
    /// that handing it out again never touches a reference count that other threads share.
    func store(_ tweak: Tweak?, layer: Int, for key: TweakKey) {
        guard settings.isCaching else { return }
        tweaks[key] = tweak.map { .hit($0.withOwnStorage(), layer: layer) } ?? .miss
    }

    func store(featureEnabled: FlagAnswer, for key: TweakKey) {
        guard settings.isCaching else { return }
        features[key] = featureEnabled
    }
}
