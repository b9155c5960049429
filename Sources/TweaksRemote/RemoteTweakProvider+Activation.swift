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
        guard let swapped = fetches.activatePending() else { return [] }
        persistActive()
        let changed = RemoteConfiguration.changes(from: swapped.old, to: swapped.new)
        guard !changed.isEmpty else { return [] }
        let change = TweakChange.tweaks(changed)
        postDidChange(change)
        let keys = change.keys ?? []
        updateBroadcast.yield(
            RemoteTweakUpdate(changedKeys: keys, etag: swapped.new.etag, fetchTime: swapped.new.fetchTime))
        return keys
    }

    /// Every later activation that changes tweaks, as an `AsyncSequence` (each access makes a new
    /// subscription; updates are buffered until consumed; the sequence ends with the provider).
    public var updates: AsyncStream<RemoteTweakUpdate> { updateBroadcast.subscribe() }

    /// Writes the active configuration to the cache file, then posts the outcome as a
    /// `cache write` event (outside every lock: it reaches managers' log closures and streams).
    func persistActive() {
        if let event = lastGoodCopy?.save(document, clock: clock) { postEvent(event) }
    }
}
