#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// The calling thread's read caches, one per manager it read from recently.
///
/// Each thread answers cached reads from memory no other thread writes, so concurrent readers
/// never contend for a lock or a shared reference count. A thread keeps the caches of its
/// ``capacity`` most recently read managers; a manager's identifier is never reused, so a cache can
/// never answer for another manager.
final class ThreadLocalCaches {
    /// How many managers' caches a thread keeps; the least recently used one is dropped beyond it.
    static let capacity = 8

    // Only the owning thread accesses these, one access at a time: no runtime exclusivity checks.
    @exclusivity(unchecked) private var mostRecent: TweakCache?
    @exclusivity(unchecked) private var others: [TweakCache] = []
    /// The provider whose ``TweakProvider/isFeatureEnabled(_:)`` verdict a manager is asking on
    /// this thread, right after that provider had no `enabled` tweak for the feature. Its default
    /// verdict (the `enabled` tweak) is then known to be `false`, and answers without a lookup.
    @exclusivity(unchecked) var verdictAfterMiss: ObjectIdentifier?
    /// Whether this thread runs the hooks of a read: a read a hook makes is not observed again.
    @exclusivity(unchecked) var isObservingRead = false
    /// The record of this thread's last hooked read or `evaluate(feature:variable:)`, which the
    /// next one reuses when nothing kept it (see ``ReadRecord``). Until then, or until the thread
    /// ends, it keeps that read's schema, context and answer alive.
    @exclusivity(unchecked) var spareRecord: ReadRecord?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // The thread ends: release the caches that `current` retained for it.
            #if canImport(Darwin)
                Unmanaged<ThreadLocalCaches>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<ThreadLocalCaches>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "Tweaks: pthread_key_create failed (\(status))")
        return key
    }()

    /// The calling thread's caches, made on its first read.
    @inline(__always)
    static var current: ThreadLocalCaches { currentUnretained.takeUnretainedValue() }

    /// ``current``, not retained: what a read uses, which then retains nothing to reach its cache.
    /// Safe: the thread holds its caches until it ends (the key's destructor releases them), and
    /// code on the thread, a read among it, ends before that.
    @inline(__always)
    static var currentUnretained: Unmanaged<ThreadLocalCaches> {
        if let pointer = pthread_getspecific(key) { return Unmanaged.fromOpaque(pointer) }
        return makeCurrent()
    }

    /// The calling thread's first caches, which the thread holds until it ends.
    private static func makeCurrent() -> Unmanaged<ThreadLocalCaches> {
        let caches = Unmanaged.passRetained(ThreadLocalCaches())
        pthread_setspecific(key, caches.toOpaque())
        return caches
    }

    /// The cache of the manager identified by `managerID`, made empty when the thread has none;
    /// not retained: the thread holds it until reads of ``capacity`` other managers push it out.
    @inline(__always)
    func cache(forManager managerID: UInt64) -> Unmanaged<TweakCache> {
        if let mostRecent, mostRecent.managerID == managerID { return .passUnretained(mostRecent) }
        return .passUnretained(promote(managerID))
    }

    private func promote(_ managerID: UInt64) -> TweakCache {
        let cache: TweakCache
        if let index = others.firstIndex(where: { $0.managerID == managerID }) {
            cache = others.remove(at: index)
        } else {
            cache = TweakCache(managerID: managerID)
            if others.count >= Self.capacity - 1 { others.removeLast() }
        }
        if let mostRecent { others.insert(mostRecent, at: 0) }
        mostRecent = cache
        return cache
    }
}
