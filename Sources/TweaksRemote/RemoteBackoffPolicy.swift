import Foundation
import Tweaks

/// How long a ``RemoteTweakProvider`` waits before the next request after failures that start the
/// backoff: transport errors, timeouts, truncated answers and HTTP 429, 500, 503 and 504.
///
/// The wait after the n-th consecutive failure is `initialDelay × multiplier^(n−1)`, capped at
/// `maximumDelay`, then spread by ±`jitter` (so that many clients do not return at once). A server's
/// `Retry-After` is honoured: the wait is at least that long, but never longer than `maximumDelay`.
/// A successful fetch ends the backoff.
public struct RemoteBackoffPolicy: Sendable, Hashable {
    // Set by the initialiser, whose parameters document them.
    var initialDelay: Double
    var maximumDelay: Double
    var multiplier: Double
    var jitter: Double

    /// A policy.
    ///
    /// - Parameters:
    ///   - initialDelay: The wait after the first failure, in seconds (default: 2 minutes, as Firebase).
    ///   - maximumDelay: The longest wait, in seconds, also the cap on `Retry-After` (default: 4 hours).
    ///   - multiplier: The factor between consecutive waits.
    ///   - jitter: The spread, as a fraction of the wait: 0.25 means ±25 %.
    public init(
        initialDelay: Double = 120, maximumDelay: Double = 4 * 3600, multiplier: Double = 2, jitter: Double = 0.25
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
        self.jitter = jitter
    }

    /// The policy for a provider that polls every `interval` seconds: the first wait is at most
    /// one interval, and no wait is longer than 120 intervals (nor than `maximumDelay`); the
    /// multiplier and jitter stay.
    ///
    /// With the defaults, polling every second waits about 1, 2, 4 … 64, 120 s after consecutive
    /// failures, so a server back after a few seconds is reached again within seconds; polling
    /// every 2 minutes or more keeps Firebase's 2 minutes to 4 hours.
    package func proportioned(toPollingInterval interval: Double) -> RemoteBackoffPolicy {
        guard interval.isFinite, interval > 0 else { return self }
        var policy = self
        policy.initialDelay = min(initialDelay, interval)
        policy.maximumDelay = min(maximumDelay, max(policy.initialDelay, 120 * interval))
        return policy
    }

    /// The wait, in seconds, after `failures` consecutive failures (1 for the first), given the
    /// server's `retryAfter` and a random number in `0...1`.
    func delay(afterFailures failures: Int, retryAfter: Double?, random: Double) -> Double {
        let exponent = Double(max(failures, 1) - 1)
        let base = min(maximumDelay, initialDelay * pow(multiplier, exponent))
        let jittered = base * (1 + jitter * (2 * random - 1))
        return Seconds.clamped(min(maximumDelay, max(jittered, retryAfter ?? 0)))
    }
}
