import Foundation
import Tweaks

extension RemoteTweakProvider {
    /// Asks the source for a newer document and keeps it as **pending** (see ``activate()``).
    ///
    /// No request is made, and the status says why, when the last successful fetch is younger
    /// than `expirationDuration` (default: ``RemoteTweakProviderConfiguration/minimumFetchInterval``;
    /// `0` always asks) unless ``markStale()`` was called since, or while the provider backs off
    /// after failures. Calls made while a fetch is under way share its request and its status. The
    /// request is conditional (`If-None-Match`) when the newest document held has an entity tag.
    ///
    /// Cancelling the calling task cancels the request when no other caller waits for it, and the
    /// status is then `.failed` with ``RemoteFetchError/Reason/cancelled``; a request that other
    /// callers still wait for runs on, and every caller gets its status.
    @discardableResult
    public func fetch(expirationDuration: Double? = nil) async -> RemoteFetchStatus {
        await fetches.fetch(expiration: expirationDuration ?? configuration.minimumFetchInterval) { [self] settlement in
            if let event = settlement.event { postEvent(event) }
            // The active configuration's new fetch time (and entity tag) must survive a restart too.
            if settlement.confirmedActive { persistActive() }
        }
    }

    /// Fetches, then activates whatever is pending (a new document, or one fetched earlier).
    ///
    /// Like ``fetch(expirationDuration:)``, it makes **no request** while the last successful
    /// fetch is younger than the minimum fetch interval (1 hour by default) unless ``markStale()``
    /// was called since; the result's status then says so.
    @discardableResult
    public func fetchAndActivate(expirationDuration: Double? = nil) async -> RemoteFetchAndActivateResult {
        let status = await fetch(expirationDuration: expirationDuration)
        let changedKeys = activate()
        return RemoteFetchAndActivateResult(status: status, changedKeys: changedKeys)
    }

    /// Marks the configuration stale, as a push message saying "the configuration changed" would:
    /// the next fetch goes to the source whatever the minimum interval (a backoff still applies).
    public func markStale() { fetches.markStale() }
}
