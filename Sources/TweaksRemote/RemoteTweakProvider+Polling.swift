import Foundation
import Tweaks

extension RemoteTweakProvider {
    /// Fetches and activates now and then every `interval` seconds, in a background task, until
    /// ``stopPolling()`` or the provider's end. Each round is a conditional request (cheap when
    /// nothing changed) that ignores the minimum fetch interval but respects the backoff. Rounds
    /// are skipped while an event stream (``startEventStream(_:)``) is connected.
    /// Starting again replaces the running poll.
    public func startPolling(every interval: Double) {
        let nanoseconds = UInt64(max(interval, 0.001) * 1_000_000_000)
        let task = Task { [weak self] in
            while !Task.isCancelled {
                // Only a weak reference is kept between rounds, so polling never keeps the provider alive.
                guard await self?.pollingRound() != nil else { return }
                try? await Task.sleep(nanoseconds: nanoseconds)
            }
        }
        let previous = state.withLock { state in
            defer { state.polling = task }
            return state.polling
        }
        previous?.cancel()
    }

    /// One round: fetch and activate, unless an open event stream announces changes (polling is
    /// then its fallback).
    private func pollingRound() async {
        if !isEventStreamConnected { await fetchAndActivate(expirationDuration: 0) }
    }

    /// Stops polling at once: a wait between rounds ends immediately and a request under way is
    /// cancelled unless another caller is waiting for it.
    public func stopPolling() {
        let polling = state.withLock { state in
            defer { state.polling = nil }
            return state.polling
        }
        polling?.cancel()
    }

    /// Whether ``startPolling(every:)`` is in effect.
    public var isPolling: Bool { state.withLock { $0.polling != nil } }
}
