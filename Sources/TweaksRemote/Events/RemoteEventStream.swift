import Foundation
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider's invalidation stream: connects, parses, hands events to the scheduler, and
/// reconnects with `Last-Event-ID` — after the server's `retry:` (or the configured delay) when a
/// stream that was open for a while ended, after the stream's own reconnection backoff when
/// connecting failed, the stream ended at once or misbehaved. Each time the stream opens, one fetch
/// is scheduled, since events may have been missed while it was down. A stream silent for the
/// inactivity timeout is closed and reopened.
///
/// Every change of state is posted as a provider event of operation `event stream`: a success
/// once a connection has stayed open for ``minimumConnectionDuration`` (a recovery after a loss),
/// a failure with the reason and the time of the next attempt when it is lost or cannot be opened.
final class RemoteEventStream: Sendable {
    private struct State: Sendable {
        var task: Task<Void, Never>?
        var isPaused = false
        var isConnected = false
        var lastError: RemoteFetchError?
        var lastEventID = ""
        /// The server's `retry:`, in milliseconds.
        var reconnectionTime: Int?
        /// When a byte last arrived (or the connection started), as system uptime in seconds.
        var lastActivity: Double = 0
    }

    /// How long a connection must stay open to count as a success: one that ends sooner is a
    /// failed connection (a server that accepts and closes at once must not get a reconnection
    /// storm).
    static let minimumConnectionDuration: Double = 1
    /// The shortest reconnection delay taken from a server's `retry:`, in seconds; the longest is
    /// the reconnection backoff's ``RemoteBackoffPolicy/maximumDelay``.
    static let minimumServerRetry: Double = 0.25

    let configuration: RemoteEventStreamConfiguration
    private let scheduler: RemoteInvalidationScheduler
    private let state = Locked(State())
    /// Posts an event of the provider (nothing once it is gone).
    private let report: @Sendable (TweakProviderEvent) -> Void
    /// The provider's clock, for the dates of events.
    private let clock: @Sendable () -> Date

    init(configuration: RemoteEventStreamConfiguration, provider: RemoteTweakProvider) {
        self.configuration = configuration
        scheduler = RemoteInvalidationScheduler(provider: provider, fetchDelay: configuration.fetchDelay)
        report = { [weak provider] event in provider?.postEvent(event) }
        clock = provider.clock
    }

    var isConnected: Bool { state.withLock { $0.isConnected } }
    var isPaused: Bool { state.withLock { $0.isPaused } }
    var lastError: RemoteFetchError? { state.withLock { $0.lastError } }

    /// Connects, unless paused or already running.
    func start() {
        state.withLock { state in
            guard state.task == nil, !state.isPaused else { return }
            state.task = Task { [self] in await run() }
        }
    }

    /// Closes the connection and stops reconnecting until ``resume()``; a fetch already scheduled
    /// still happens.
    func pause() {
        state.withLock { state in
            state.isPaused = true
            state.isConnected = false
            defer { state.task = nil }
            return state.task
        }?.cancel()
    }

    /// Connects again at once after ``pause()``.
    func resume() {
        state.withLock { $0.isPaused = false }
        start()
    }

    /// Closes the connection for good and cancels the scheduled fetch.
    func stop() {
        pause()
        scheduler.cancel()
    }

    private static var uptime: Double { ProcessInfo.processInfo.systemUptime }

    private func run() async {
        var failures = 0
        while !Task.isCancelled {
            let (openFor, error) = await connectOnce()
            guard !Task.isCancelled else { return }
            let retry = state.withLock { state -> Int? in
                state.isConnected = false
                return state.reconnectionTime
            }
            let reconnection = configuration.reconnectionBackoff
            let serverDelay = retry.map {
                min(Seconds.clamped(Double($0) / 1000, minimum: Self.minimumServerRetry), reconnection.maximumDelay)
            }
            let lost: RemoteFetchError
            let delay: Double?
            if let openFor, openFor >= Self.minimumConnectionDuration, error.map(isStreamFault) != true {
                failures = 0
                lost = error ?? RemoteFetchError(source: configuration.url.absoluteString, reason: .streamEnded)
                let base = serverDelay ?? Seconds.clamped(configuration.reconnectionDelay)
                let jitter = min(Seconds.clamped(reconnection.jitter), 1)
                delay = Seconds.clamped(base * (1 + jitter * Double.random(in: -1...1)))
            } else {
                failures += 1
                lost =
                    error
                    ?? RemoteFetchError(
                        source: configuration.url.absoluteString,
                        reason: .streamEndedAtOnce(within: Self.minimumConnectionDuration))
                // EventSource: 204 No Content means "stop reconnecting".
                delay =
                    lost.reason.httpStatusCode == 204
                    ? nil
                    : max(
                        reconnection.delay(
                            afterFailures: failures, retryAfter: error?.retryAfter, random: .random(in: 0...1)),
                        serverDelay ?? 0)
            }
            state.withLock { $0.lastError = lost }
            let now = clock()
            report(.failed(.eventStream, error: lost, nextRetry: delay.map { now.addingTimeInterval($0) }, at: now))
            guard let delay else {
                state.withLock { $0.task = nil }
                return
            }
            await Seconds.sleep(delay)
        }
    }

    /// Whether a connection that ended with `error` failed even if it had been open for a while:
    /// the stream sent something the client refuses (an oversize event, a huge `id:`).
    private func isStreamFault(_ error: RemoteFetchError) -> Bool {
        error.reason == .tooLarge(limit: configuration.maximumEventSize)
            || error.reason == .eventStreamFlooded(limit: byteBudget)
            || error.reason == .eventIDTooLong(limit: ServerSentEventParser.maximumEventIDLength)
    }

    /// The most bytes a connection may have received and not yet parsed, and the most it may
    /// receive within one second: 1 MiB, or twice the largest event when that is more. A server
    /// that sends more is flooding; its connection is closed and reconnected after the backoff.
    var byteBudget: Int { Self.byteBudget(maximumEventSize: configuration.maximumEventSize) }

    static func byteBudget(maximumEventSize: Int) -> Int {
        let (twice, overflow) = max(maximumEventSize, 0).multipliedReportingOverflow(by: 2)
        return max(overflow ? Int.max : twice, 1024 * 1024)
    }

    /// One connection, until it ends; returns for how long it was open (`nil`: it never opened),
    /// and why it ended (`nil`: the server ended it).
    private func connectOnce() async -> (openFor: Double?, error: RemoteFetchError?) {
        let location = configuration.url.absoluteString
        let timeout = Seconds.clamped(configuration.inactivityTimeout, minimum: 0.05)
        let resumed = state.withLock { state in
            state.lastActivity = Self.uptime
            return (state.lastEventID, state.reconnectionTime)
        }
        var parser = ServerSentEventParser(
            maximumEventSize: configuration.maximumEventSize, lastEventID: resumed.0, reconnectionTime: resumed.1)
        var request = URLRequest(
            url: configuration.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: Seconds.clamped(timeout * 2))
        for (field, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: field) }
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        if !resumed.0.isEmpty { request.setValue(resumed.0, forHTTPHeaderField: "Last-Event-ID") }

        let connection = EventStreamConnection(
            location: location,
            policy: HTTPSessionPolicy(
                allowsInsecureHTTP: configuration.allowsInsecureHTTP, callerHeaders: configuration.headers.keys),
            byteBudget: byteBudget)
        defer { connection.close(nil) }
        // URLSession's own idle timeout is only a backstop: this watchdog closes a silent stream.
        connection.open(request, idleTimeout: Seconds.clamped(timeout * 2))
        let watchdog = Task { [state] in
            while !Task.isCancelled {
                let idle = Self.uptime - state.withLock { $0.lastActivity }
                if idle >= timeout {
                    return connection.close(RemoteFetchError(source: location, reason: .timedOut(after: timeout)))
                }
                await Seconds.sleep(timeout - idle + 0.001)
            }
        }
        defer { watchdog.cancel() }

        var openedAt: Double?
        var confirmation: Task<Void, Never>?
        defer { confirmation?.cancel() }
        let openFor = { openedAt.map { Self.uptime - $0 } }
        for await signal in connection.signals {
            state.withLock { $0.lastActivity = Self.uptime }
            switch signal {
            case .opened:
                openedAt = Self.uptime
                state.withLock { state in state.isConnected = !state.isPaused }
                scheduler.invalidate(version: nil)
                confirmation = Task { [self] in
                    await Seconds.sleep(Self.minimumConnectionDuration)
                    guard !Task.isCancelled else { return }
                    state.withLock { $0.lastError = nil }
                    report(.succeeded(.eventStream, at: clock()))
                }
            case .bytes(let data):
                defer { connection.consumed(data.count) }
                let events: [ServerSentEvent]
                do {
                    events = try parser.parse(data)
                } catch {
                    return (openFor(), RemoteFetchError(source: location, reason: skip(after: error, of: parser)))
                }
                state.withLock { state in
                    state.lastEventID = parser.lastEventID
                    state.reconnectionTime = parser.reconnectionTime
                }
                invalidate(for: events)
            case .ended:
                return (openFor(), nil)
            case .failed(let error):
                return (openFor(), error)
            }
        }
        return (openFor(), RemoteFetchError(source: location, reason: .cancelled))
    }

    /// Hands the events of one chunk to the scheduler as at most three invalidations: one for the
    /// events without a version, one each for the lowest and the highest version. That is what the
    /// events one by one would ask for (a fetch unless every one of them names the version already
    /// fetched; the highest version wanted), at a cost that does not grow with their number.
    private func invalidate(for events: [ServerSentEvent]) {
        var hasUnversioned = false
        var lowest: UInt64?
        var highest: UInt64?
        for event in events {
            guard let version = RemoteInvalidationEvent.version(in: event.data) else {
                hasUnversioned = true
                continue
            }
            lowest = min(lowest ?? version, version)
            highest = max(highest ?? version, version)
        }
        if hasUnversioned { scheduler.invalidate(version: nil) }
        if let lowest { scheduler.invalidate(version: lowest) }
        if let highest, highest != lowest { scheduler.invalidate(version: highest) }
    }

    /// Makes the next connection skip the event that stopped `parser`, so that a server replaying
    /// it after `Last-Event-ID` cannot close every connection (the fetch on reconnection covers
    /// it); returns the reason to report.
    private func skip(
        after failure: ServerSentEventParser.Failure, of parser: ServerSentEventParser
    ) -> RemoteFetchError.Reason {
        switch failure {
        case .eventTooLarge(let limit):
            state.withLock { $0.lastEventID = parser.pendingEventID }
            return .tooLarge(limit: limit)
        case .eventIDTooLong(let limit):
            // Not sent back: a huge header makes servers refuse every reconnection.
            state.withLock { $0.lastEventID = "" }
            return .eventIDTooLong(limit: limit)
        }
    }
}
