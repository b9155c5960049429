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
/// never contend for a lock or a shared reference count (two threads read 1.98× as many cached
/// tweaks as one, where a dictionary shared under a lock reads 1.04×: Docs/Performance.md). A
/// thread keeps the caches of its ``capacity`` most recently read managers; a manager's
/// identifier is never reused, so a cache can never answer for another manager.
final class ThreadLocalCaches {
    /// How many managers' caches a thread keeps; the least recently used one is dropped beyond it.
    static let capacity = 8

    private var mostRecent: TweakCache?
    private var others: [TweakCache] = []
    /// The provider whose ``TweakProvider/isFeatureEnabled(_:)`` verdict a manager is asking on
    /// this thread, right after that provider had no `enabled` tweak for the feature. Its default
    /// verdict (the `enabled` tweak) is then known to be `false`, and answers without a lookup.
    var verdictAfterMiss: ObjectIdentifier?
    /// Whether this thread runs the hooks of a read: a read a hook makes is not observed again.
    var isObservingRead = false

    /// The thread-specific slot that holds each thread's caches. POSIX stores a raw pointer: the
    /// caches are kept there retained (the one way to keep an object behind a raw
    /// pointer), and released by the slot's destructor when the thread ends.
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

    /// `manager`'s cache on this thread, made empty when the thread has none, and emptied (with the
    /// manager's current settings) when anything changed since it was filled.
    func cache(of manager: TweakManager) -> TweakCache {
        let version = manager.cacheVersion.load()
        let cache: TweakCache
        if let mostRecent, mostRecent.managerID == manager.id {
            cache = mostRecent
        } else {
            cache = promote(manager.id)
        }
        if cache.version != version {
            // Settings are read after the version: they are at least as new as the version says.
            cache.reset(version: version, settings: manager.state.withLock { $0.readSettings })
        }
        return cache
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
