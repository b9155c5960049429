import Foundation
import Tweaks

extension RemoteTweakProvider {
    /// Fetches and activates now and then every `interval` seconds, in a background task, until
    /// ``stopPolling()`` or the provider's end. Each round is a conditional request (cheap when
    /// nothing changed) that ignores the minimum fetch interval but respects the backoff. Rounds
    /// are skipped while an event stream (``startEventStream(_:)``) is connected.
    /// Starting again replaces the running poll.
    ///
    /// While polling, the backoff after failures is proportioned to `interval`
    /// (its first wait at most one interval, none longer than 120 intervals): a short outage costs a few
    /// rounds, not Firebase's two minutes. A round that would fall inside the backoff waits for its
    /// end instead. Each failure is posted as a `TweakProviderEvent` with the time of the next try.
    public func startPolling(every interval: Double) {
        let interval = Seconds.clamped(interval, minimum: 0.001)
        let task = Task { [weak self] in
            while !Task.isCancelled {
                // Only a weak reference is kept between rounds, so polling never keeps the provider alive.
                guard let wait = await self?.pollingRound(interval: interval) else { return }
                await Seconds.sleep(wait)
            }
        }
        fetches.setPollingInterval(interval)
        refreshers.withLock { refreshers in
            defer { refreshers.polling = task }
            return refreshers.polling
        }?.cancel()
    }

    /// One round of polling: fetch and activate, unless an open event stream announces changes
    /// (polling is then its fallback). Returns how long to wait before the next: the interval, or
    /// the rest of the backoff when that is longer.
    private func pollingRound(interval: Double) async -> Double {
        if !isEventStreamConnected { await fetchAndActivate(expirationDuration: 0) }
        let backoff = throttledUntil.map { $0.timeIntervalSince(clock()) } ?? 0
        return max(interval, backoff)
    }

    /// Stops polling at once: a wait between rounds ends immediately and a request under way is
    /// cancelled unless another caller is waiting for it.
    public func stopPolling() {
        fetches.setPollingInterval(nil)
        refreshers.withLock { refreshers in
            defer { refreshers.polling = nil }
            return refreshers.polling
        }?.cancel()
    }

    /// Whether ``startPolling(every:)`` is in effect (for tests: the caller knows).
    var isPolling: Bool { refreshers.withLock { $0.polling != nil } }
}
