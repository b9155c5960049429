import Foundation

/// Where a provider stands in its backoff: the failures in a row and the end of the wait they
/// imposed. A value, changed under ``RemoteFetchCoordinator``'s lock.
struct RemoteBackoffState: Sendable {
    private(set) var consecutiveFailures = 0
    /// The end of the current wait, or `nil`; a time in the past means the wait is over.
    private(set) var throttledUntil: Date?

    /// The end of the wait when it is still ahead of `now`.
    func throttle(at now: Date) -> Date? {
        throttledUntil.flatMap { $0 > now ? $0 : nil }
    }

    /// Counts a failure at `now`: one that starts the backoff (see ``RemoteFetchError/Reason``)
    /// extends the wait by `policy`, proportioned to `pollingInterval` while polling. Returns the
    /// next try: the end of the wait or the next polling round, whichever is later (`nil`: neither).
    mutating func recordFailure(
        _ error: RemoteFetchError, at now: Date, policy: RemoteBackoffPolicy, pollingInterval: Double?
    ) -> Date? {
        if error.reason.startsBackoff {
            consecutiveFailures += 1
            let backoff = pollingInterval.map(policy.proportioned(toPollingInterval:)) ?? policy
            let delay = backoff.delay(
                afterFailures: consecutiveFailures, retryAfter: error.reason.retryAfter,
                random: Double.random(in: 0...1))
            throttledUntil = now.addingTimeInterval(delay)
        }
        let nextRound = pollingInterval.map { now.addingTimeInterval($0) }
        return [throttledUntil, nextRound].compactMap { $0 }.max()
    }

    /// A request succeeded: the backoff ends.
    mutating func recordSuccess() {
        consecutiveFailures = 0
        throttledUntil = nil
    }
}
