#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// The calling thread's read caches, one per manager it read from recently, and what the thread's
/// reads note for each other.
///
/// Each thread answers cached reads from memory no other thread writes, so concurrent readers
/// never contend for a lock or a shared reference count (two threads read 1.98× as many cached
/// tweaks as one, where a dictionary shared under a lock reads 1.04×: Docs/Performance.md). A
/// thread keeps the caches of its ``capacity`` most recently read managers; a manager's
/// identifier is never reused, so a cache can never answer for another manager.
final class ThreadLocalCaches {
    /// How many managers' caches a thread keeps; the least recently used one is dropped beyond it.
    static let capacity = 8

    /// Everything the thread keeps, in one value that only the owning thread touches. Each
    /// method below makes one access to it (a mutating call of ``State``), so a read pays the
    /// runtime's exclusivity check once, not once per field it touches.
    private var state = State()

    /// The thread-specific slot that holds each thread's caches. POSIX stores a raw pointer: the
    /// caches are kept there retained (the one way to keep an object behind a raw pointer), and
    /// released by the slot's destructor when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            let pointer: UnsafeMutableRawPointer? = pointer
            if let pointer { Unmanaged<ThreadLocalCaches>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "Tweaks: pthread_key_create failed (\(status))")
        return key
    }()

    /// The calling thread's caches, made on its first read.
    static var current: ThreadLocalCaches {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadLocalCaches>.fromOpaque(pointer).takeUnretainedValue()
        }
        let caches = ThreadLocalCaches()
        pthread_setspecific(key, Unmanaged.passRetained(caches).toOpaque())
        return caches
    }

    /// The provider whose ``TweakProvider/isFeatureEnabled(_:)`` verdict a manager is asking on
    /// this thread, right after that provider had no `enabled` tweak for the feature. Its default
    /// verdict (the `enabled` tweak) is then known to be `false`, and answers without a lookup.
    var verdictAfterMiss: ObjectIdentifier? {
        get { state.verdictAfterMiss }
        set { state.verdictAfterMiss = newValue }
    }

    /// What an observed read of `manager` needs, when this thread does not run the hooks of a
    /// read already (a read a hook makes is not observed again): from then on it does, until
    /// ``endObservedRead()``. `nil` when it does.
    func beginObservedRead(of manager: TweakManager) -> ObservedReadInputs? {
        state.beginObservedRead(of: manager)
    }

    /// Ends what ``beginObservedRead(of:)`` began.
    func endObservedRead() {
        state.isObservingRead = false
    }

    /// See ``beginObservedRead(of:)``.
    struct ObservedReadInputs {
        /// The manager's hooks and exposure log.
        let observation: ReadObservation?
        let schema: TweakSchema
        /// The manager's ambient context.
        let context: TweakContext?
    }

    /// What `manager`'s cache on this thread holds for a read of `kind` of `key`: the earlier
    /// answer, or, when it has none (or the cache is off), what a walk of the layers needs.
    func lookUp(_ key: TweakKey, kind: ReadKind, of manager: TweakManager) -> CacheLookup {
        state.lookUp(key, kind: kind, of: manager)
    }

    /// See ``lookUp(_:kind:of:)``.
    enum CacheLookup {
        /// The earlier answer, and the log when it wants a cached read's `trace` line.
        case answered(CachedAnswer, trace: ManagerLog?)
        /// No earlier answer: what the walk of the layers needs.
        case missed(WalkInputs)
    }

    /// Whether `manager`'s cache on this thread holds an answer for a value read of `key`.
    func hasAnswer(for key: TweakKey, of manager: TweakManager) -> Bool {
        if case .answered = lookUp(key, kind: .value, of: manager) { true } else { false }
    }

    /// The read settings of `manager` as this thread's cache holds them.
    func settings(of manager: TweakManager) -> TweakCache.Settings {
        state.settings(of: manager)
    }

    /// What a walk of `manager`'s layers needs from this thread's cache of it: its schema, ambient
    /// context, log, whether it caches, and its version.
    func walkInputs(of manager: TweakManager) -> WalkInputs {
        state.walkInputs(of: manager)
    }

    /// See ``walkInputs(of:)``.
    struct WalkInputs {
        let schema: TweakSchema
        let context: TweakContext?
        let log: ManagerLog?
        let isCaching: Bool
        let version: UInt64
    }

    /// Keeps `answer` for later reads of `kind`, when `manager`'s cache still belongs to `version`.
    func store(_ answer: CachedAnswer, for key: TweakKey, kind: ReadKind, version: UInt64, of manager: TweakManager) {
        state.store(answer, for: key, kind: kind, version: version, of: manager)
    }

    /// What a read decoded from `tweak` as `type` before (see ``TweakCache/decodedValue(of:for:as:)``).
    func decodedValue<Value>(of tweak: Tweak, for key: TweakKey, as type: Value.Type, of manager: TweakManager)
        -> Value?
    {
        state.decodedValue(of: tweak, for: key, as: type, of: manager)
    }

    /// Remembers what a read decoded (see ``TweakCache/remember(_:decodedFrom:for:)``).
    func remember<Value>(_ value: Value, decodedFrom tweak: Tweak, for key: TweakKey, of manager: TweakManager) {
        state.remember(value, decodedFrom: tweak, for: key, of: manager)
    }
}

/// The thread's caches and notes (see ``ThreadLocalCaches``), with the operations on them.
extension ThreadLocalCaches {
    fileprivate struct State {
        /// The caches of the most recently read managers, the most recent first.
        var caches: [TweakCache] = []
        /// See ``ThreadLocalCaches/verdictAfterMiss``.
        var verdictAfterMiss: ObjectIdentifier?
        /// Whether this thread runs the hooks of a read (see ``ThreadLocalCaches/beginObservedRead(of:)``).
        var isObservingRead = false

        mutating func lookUp(_ key: TweakKey, kind: ReadKind, of manager: TweakManager) -> CacheLookup {
            prepareCache(of: manager)
            guard let answer = caches[0].answer(for: key, kind: kind) else { return .missed(walkInputs()) }
            return .answered(answer, trace: caches[0].settings.tracesReads ? caches[0].settings.log : nil)
        }

        mutating func beginObservedRead(of manager: TweakManager) -> ObservedReadInputs? {
            guard !isObservingRead else { return nil }
            isObservingRead = true
            prepareCache(of: manager)
            return ObservedReadInputs(
                observation: caches[0].settings.observation, schema: caches[0].settings.schema,
                context: caches[0].settings.context)
        }

        mutating func settings(of manager: TweakManager) -> TweakCache.Settings {
            prepareCache(of: manager)
            return caches[0].settings
        }

        mutating func walkInputs(of manager: TweakManager) -> WalkInputs {
            prepareCache(of: manager)
            return walkInputs()
        }

        /// The walk inputs of the first cache, copied field by field: a copy of the settings would
        /// retain each of them.
        private func walkInputs() -> WalkInputs {
            WalkInputs(
                schema: caches[0].settings.schema, context: caches[0].settings.context,
                log: caches[0].settings.log, isCaching: caches[0].settings.isCaching, version: caches[0].version)
        }

        mutating func store(
            _ answer: CachedAnswer, for key: TweakKey, kind: ReadKind, version: UInt64, of manager: TweakManager
        ) {
            prepareCache(of: manager)
            caches[0].store(answer, for: key, kind: kind, version: version)
        }

        mutating func decodedValue<Value>(
            of tweak: Tweak, for key: TweakKey, as type: Value.Type, of manager: TweakManager
        )
            -> Value?
        {
            prepareCache(of: manager)
            return caches[0].decodedValue(of: tweak, for: key, as: type)
        }

        mutating func remember<Value>(
            _ value: Value, decodedFrom tweak: Tweak, for key: TweakKey, of manager: TweakManager
        ) {
            prepareCache(of: manager)
            caches[0].remember(value, decodedFrom: tweak, for: key)
        }

        /// Makes `manager`'s cache the first of ``caches``: made empty when the thread has none, and
        /// emptied (with the manager's current settings) when anything changed since it was filled.
        @inline(__always)
        private mutating func prepareCache(of manager: TweakManager) {
            let version = manager.cacheVersion.load()
            if caches.isEmpty || caches[0].managerID != manager.id { promote(manager.id) }
            if caches[0].version != version {
                // Settings are read after the version: they are at least as new as the version says.
                let settings = manager.state.withLock { $0.readSettings }
                caches[0].reset(version: version, settings: settings)
            }
        }

        private mutating func promote(_ managerID: UInt64) {
            if let index = caches.firstIndex(where: { $0.managerID == managerID }) {
                let cache = caches.remove(at: index)
                caches.insert(cache, at: 0)
            } else {
                if caches.count >= ThreadLocalCaches.capacity { caches.removeLast() }
                caches.insert(TweakCache(managerID: managerID), at: 0)
            }
        }
    }
}
