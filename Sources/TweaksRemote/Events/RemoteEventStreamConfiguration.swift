public import Foundation

/// Where and how a ``RemoteTweakProvider`` listens for "the configuration changed" events (see
/// ``RemoteTweakProvider/startEventStream(_:)``).
///
/// The stream is a `text/event-stream` (server-sent events). Every event invalidates the
/// configuration: after a random delay in `fetchDelay` the provider fetches and activates once,
/// however many events arrived meanwhile. An event whose data is a version number — `42`, or a JSON
/// object with an integer `"version"` — is skipped when a fetch after that version has already
/// succeeded.
public struct RemoteEventStreamConfiguration: Sendable {
    // Set once by the initialiser, whose parameters document them; read by the event stream.
    package let url: URL
    let headers: [String: String]
    let allowsInsecureHTTP: Bool
    var fetchDelay: ClosedRange<Double>
    var inactivityTimeout: Double
    var reconnectionDelay: Double
    var reconnectionBackoff: RemoteBackoffPolicy
    var maximumEventSize: Int

    /// A stream at `url`. Durations that make no sense (`.infinity`, NaN, negative) are clamped
    /// where they are used, never trap.
    ///
    /// - Parameters:
    ///   - url: The stream's URL.
    ///   - headers: Extra request headers, e.g. `["Authorization": "Bearer …"]`.
    ///   - allowsInsecureHTTP: Whether plain `http` is allowed to hosts other than loopback.
    ///   - fetchDelay: The range of the random wait, in seconds, between an event and the fetch it
    ///     triggers, so that a publish does not bring every client to the origin in the same
    ///     instant; events that arrive during the wait share the fetch.
    ///   - inactivityTimeout: How long, in seconds, the stream may stay silent (no event, no
    ///     comment) before it is closed and opened again. Make the server send a comment more often
    ///     than this (nchan: `nchan_eventsource_ping_interval`).
    ///   - reconnectionDelay: The wait, in seconds, before reconnecting after a stream that was open
    ///     for at least a second ends, until the server sets another with `retry:` (taken within
    ///     0.25 s and the `reconnectionBackoff`'s maximum delay); spread by the backoff's jitter.
    ///   - maximumEventSize: The largest event accepted, in bytes; a larger one closes the stream,
    ///     which is then reconnected after the `reconnectionBackoff`. (An `id:` longer than 1 KiB
    ///     closes the stream too, since it would be sent back as `Last-Event-ID`.) A stream that
    ///     sends more than 1 MiB, or twice this size when that is more, within a second (or faster
    ///     than the client parses it) is closed the same way, with that budget as the limit.
    ///   - reconnectionBackoff: The waits before reconnecting after failed connections: a
    ///     connection refused, an error status, a stream that ended within a second of opening
    ///     (`retry: 0` and an immediate close would otherwise be a reconnection storm), an oversize
    ///     event. At least the server's `retry:` and `Retry-After`, at most the policy's maximum
    ///     delay. Independent of the fetch backoff, whose minutes would make a short outage cost
    ///     minutes of realtime updates. Default: 1 s, doubling to at most 60 s, ±50 %.
    /// - Throws: ``RemoteFetchError/Reason/insecureURL(_:)`` when `url` is not `https`, unless it
    ///   is `http` to a loopback host or `allowsInsecureHTTP` is set (the rule of
    ///   ``HTTPRemoteTweakSource``).
    public init(
        url: URL, headers: [String: String] = [:], allowsInsecureHTTP: Bool = false,
        fetchDelay: ClosedRange<Double> = 0...2, inactivityTimeout: Double = 90, reconnectionDelay: Double = 3,
        maximumEventSize: Int = 64 * 1024,
        reconnectionBackoff: RemoteBackoffPolicy = RemoteBackoffPolicy(
            initialDelay: 1, maximumDelay: 60, multiplier: 2, jitter: 0.5)
    ) throws(RemoteFetchError) {
        guard HTTPRemoteTweakSource.isPermitted(url, allowsInsecureHTTP: allowsInsecureHTTP) else {
            throw RemoteFetchError(source: url.absoluteString, reason: .insecureURL(url.absoluteString))
        }
        self.url = url
        self.headers = headers
        self.allowsInsecureHTTP = allowsInsecureHTTP
        self.fetchDelay = fetchDelay
        self.inactivityTimeout = inactivityTimeout
        self.reconnectionDelay = reconnectionDelay
        self.maximumEventSize = maximumEventSize
        self.reconnectionBackoff = reconnectionBackoff
    }
}
