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

    /// Everything the thread keeps, in one value that only the owning thread touches. Its
    /// accesses keep the runtime's exclusivity checks: unchecked, a cached `tweakWith` was 10 %
    /// faster and a cached `isFeatureEnabled` 26 % (Docs/Performance.md, 2026-11-28), at the edge
    /// of the 25 % that issue 40 asks of an unsafe construct; the Benchmarks package decides.
    private var state = State()

    private struct State {
        /// The caches of the most recently read managers, the most recent first.
        var caches: [TweakCache] = []
        /// See ``verdictAfterMiss``.
        var verdictAfterMiss: ObjectIdentifier?
        /// See ``isObservingRead``.
        var isObservingRead = false
    }

    /// The provider whose ``TweakProvider/isFeatureEnabled(_:)`` verdict a manager is asking on
    /// this thread, right after that provider had no `enabled` tweak for the feature. Its default
    /// verdict (the `enabled` tweak) is then known to be `false`, and answers without a lookup.
    var verdictAfterMiss: ObjectIdentifier? {
        get { state.verdictAfterMiss }
        set { state.verdictAfterMiss = newValue }
    }

    /// Whether this thread runs the hooks of a read: a read a hook makes is not observed again.
    var isObservingRead: Bool {
        get { state.isObservingRead }
        set { state.isObservingRead = newValue }
    }

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

    /// What a read of `kind` answered for `key` before, in `manager`'s cache, and the log when it
    /// wants a cached read's `trace` line; `nil` when nothing is cached or the cache is off.
    func answer(for key: TweakKey, kind: ReadKind, of manager: TweakManager) -> (CachedAnswer, trace: ManagerLog?)? {
        prepareCache(of: manager)
        guard let answer = state.caches[0].answer(for: key, kind: kind) else { return nil }
        return (answer, state.caches[0].settings.tracesReads ? state.caches[0].settings.log : nil)
    }

    /// The read settings of `manager` as this thread's cache holds them.
    func settings(of manager: TweakManager) -> TweakCache.Settings {
        prepareCache(of: manager)
        return state.caches[0].settings
    }

    /// What a walk of `manager`'s layers needs from this thread's cache of it: its schema, ambient
    /// context, log, whether it caches, and its version (copied field by field: a copy of the
    /// settings would retain each of them).
    func walkInputs(of manager: TweakManager) -> WalkInputs {
        prepareCache(of: manager)
        return WalkInputs(
            schema: state.caches[0].settings.schema, context: state.caches[0].settings.context,
            log: state.caches[0].settings.log, isCaching: state.caches[0].settings.isCaching,
            version: state.caches[0].version)
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
        prepareCache(of: manager)
        state.caches[0].store(answer, for: key, kind: kind, version: version)
    }

    /// What a read decoded from `tweak` as `type` before (see ``TweakCache/decodedValue(of:for:as:)``).
    func decodedValue<Value>(of tweak: Tweak, for key: TweakKey, as type: Value.Type, of manager: TweakManager)
        -> Value?
    {
        prepareCache(of: manager)
        return state.caches[0].decodedValue(of: tweak, for: key, as: type)
    }

    /// Remembers what a read decoded (see ``TweakCache/remember(_:decodedFrom:for:)``).
    func remember<Value>(_ value: Value, decodedFrom tweak: Tweak, for key: TweakKey, of manager: TweakManager) {
        prepareCache(of: manager)
        state.caches[0].remember(value, decodedFrom: tweak, for: key)
    }

    /// Makes `manager`'s cache the first of ``State/caches``: made empty when the thread has none,
    /// and emptied (with the manager's current settings) when anything changed since it was filled.
    @inline(__always)
    private func prepareCache(of manager: TweakManager) {
        let version = manager.cacheVersion.load()
        if state.caches.isEmpty || state.caches[0].managerID != manager.id { promote(manager.id) }
        if state.caches[0].version != version {
            // Settings are read after the version: they are at least as new as the version says.
            let settings = manager.state.withLock { $0.readSettings }
            state.caches[0].reset(version: version, settings: settings)
        }
    }

    private func promote(_ managerID: UInt64) {
        if let index = state.caches.firstIndex(where: { $0.managerID == managerID }) {
            let cache = state.caches.remove(at: index)
            state.caches.insert(cache, at: 0)
        } else {
            if state.caches.count >= Self.capacity { state.caches.removeLast() }
            state.caches.insert(TweakCache(managerID: managerID), at: 0)
        }
    }
}
