import Foundation
public import Tweaks

extension RemoteTweakProvider {
    /// Makes the pending configuration active, persists it, and reports the tweaks it changed.
    ///
    /// The tweaks it changed (added, removed, or changed in value or metadata; a removed one as it
    /// was) are announced as one change (`postDidChange`), so that every `TweakManager` using the
    /// provider empties its cache once and tells its observers; then ``updates`` delivers one
    /// ``RemoteTweakUpdate``. Returns the changed keys; empty when nothing was pending or nothing
    /// changed.
    @discardableResult
    public func activate() -> Set<TweakKey> {
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
        let change = TweakChange.tweaks(changed)
        postDidChange(change)
        let keys = change.keys ?? []
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
        guard let active = state.withLock({ $0.active }) else {
            persistenceLock.unlock()
            return
        }
        let event: TweakProviderEvent
        do {
            try RemoteConfigurationCache(url: cacheURL).save(active, location: source.location)
            state.withLock { $0.cacheError = nil }
            event = .succeeded(.cacheWrite, at: clock())
        } catch {
            state.withLock { $0.cacheError = error }
            event = .failed(.cacheWrite, error: error, nextRetry: nil, at: clock())
        }
        persistenceLock.unlock()
        // Outside the lock: the event reaches managers' log closures and streams.
        postEvent(event)
    }
}
