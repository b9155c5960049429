import Foundation
import Tweaks

extension RemoteTweakProvider {
    /// Makes the pending configuration active, persists it, and reports the tweaks it changed.
    ///
    /// For every changed tweak (added, removed, or changed in value or metadata) the provider posts
    /// `TweakProviderDidChangeNotification` with that tweak (for a removal, the tweak as it was),
    /// so that every `TweakManager` using the provider empties its cache and feeds its change
    /// streams; then ``updates`` delivers one ``RemoteTweakUpdate``. Returns the changed keys;
    /// empty when nothing was pending or nothing changed.
    @discardableResult
    public func activate() -> Set<RemoteTweakKey> {
        let swapped = state.withLock { state -> (old: RemoteConfiguration?, new: RemoteConfiguration)? in
            guard let pending = state.pending else { return nil }
            defer {
                state.active = pending
                state.pending = nil
            }
            return (state.active, pending)
        }
        guard let swapped else { return [] }
        persistActive()
        let changed = RemoteConfiguration.changes(from: swapped.old, to: swapped.new)
        guard !changed.isEmpty else { return [] }
        for tweak in changed {
            NotificationCenter.default.post(
                name: TweakProviderDidChangeNotification, object: self,
                userInfo: [TweakProviderDidChangeNotificationTweakKey: tweak])
        }
        let keys = Set(changed.lazy.map { RemoteTweakKey(feature: $0.feature, variable: $0.variable) })
        let update = RemoteTweakUpdate(changedKeys: keys, etag: swapped.new.etag, fetchTime: swapped.new.fetchTime)
        let continuations = state.withLock { Array($0.updateContinuations.values) }
        for continuation in continuations { continuation.yield(update) }
        return keys
    }

    /// Every later activation that changes tweaks, as an `AsyncSequence` (each access makes a new
    /// subscription; updates are buffered until consumed; the sequence ends with the provider).
    public var updates: AsyncStream<RemoteTweakUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: RemoteTweakUpdate.self)
        let id = state.withLock { state in
            let id = state.makeID()
            state.updateContinuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.updateContinuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Writes the active configuration to the cache file. Under `persistenceLock` the configuration
    /// is read afresh, so that concurrent writers leave the newest one in the file.
    func persistActive() {
        guard let cacheURL else { return }
        persistenceLock.lock()
        defer { persistenceLock.unlock() }
        guard let active = state.withLock({ $0.active }) else { return }
        do {
            try RemoteConfigurationCache(url: cacheURL).save(active, location: source.location)
            state.withLock { $0.cacheError = nil }
        } catch {
            state.withLock { $0.cacheError = error }
        }
    }
}
