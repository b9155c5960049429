import Foundation
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider's invalidation stream: connects, parses, hands events to the scheduler, and
/// reconnects — after the server's `retry:` (or the configured delay) when an open stream ended,
/// after the provider's backoff when connecting failed or the stream misbehaved — sending
/// `Last-Event-ID`. Each time the stream opens, one fetch is scheduled, since events may have been
/// missed while it was down. A stream silent for the inactivity timeout is closed and reopened.
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

    let configuration: RemoteEventStreamConfiguration
    private let backoff: RemoteBackoffPolicy
    private let scheduler: RemoteInvalidationScheduler
    private let state = Locked(State())

    init(configuration: RemoteEventStreamConfiguration, backoff: RemoteBackoffPolicy, provider: RemoteTweakProvider) {
        self.configuration = configuration
        self.backoff = backoff
        scheduler = RemoteInvalidationScheduler(provider: provider, fetchDelay: configuration.fetchDelay)
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
            let (opened, error) = await connectOnce()
            guard !Task.isCancelled else { return }
            let retry = state.withLock { state -> Int? in
                state.isConnected = false
                if let error { state.lastError = error }
                return state.reconnectionTime
            }
            // EventSource: 204 No Content means "stop reconnecting".
            if error?.reason.httpStatusCode == 204 {
                state.withLock { $0.task = nil }
                return
            }
            let serverDelay = retry.map { Double($0) / 1000 }
            let delay: Double
            if opened, error?.reason != .tooLarge(limit: configuration.maximumEventSize) {
                failures = 0
                delay = serverDelay ?? configuration.reconnectionDelay
            } else {
                failures += 1
                delay = max(
                    backoff.delay(afterFailures: failures, retryAfter: error?.retryAfter, random: .random(in: 0...1)),
                    serverDelay ?? 0)
            }
            try? await Task.sleep(nanoseconds: UInt64(max(delay, 0.001) * 1_000_000_000))
        }
    }

    /// One connection, until it ends; returns whether it opened, and why it ended (`nil`: the
    /// server ended it).
    private func connectOnce() async -> (opened: Bool, error: RemoteFetchError?) {
        let location = configuration.url.absoluteString
        let timeout = configuration.inactivityTimeout
        let resumed = state.withLock { state in
            state.lastActivity = Self.uptime
            return (state.lastEventID, state.reconnectionTime)
        }
        var parser = ServerSentEventParser(
            maximumEventSize: configuration.maximumEventSize, lastEventID: resumed.0, reconnectionTime: resumed.1)
        var request = URLRequest(
            url: configuration.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout * 2)
        for (field, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: field) }
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        if !resumed.0.isEmpty { request.setValue(resumed.0, forHTTPHeaderField: "Last-Event-ID") }

        let connection = EventStreamConnection(location: location, allowsInsecureHTTP: configuration.allowsInsecureHTTP)
        defer { connection.close(nil) }
        // URLSession's own idle timeout is only a backstop: this watchdog closes a silent stream.
        connection.open(request, idleTimeout: timeout * 2)
        let watchdog = Task { [state] in
            while !Task.isCancelled {
                let idle = Self.uptime - state.withLock { $0.lastActivity }
                if idle >= timeout {
                    return connection.close(RemoteFetchError(source: location, reason: .timedOut(after: timeout)))
                }
                try? await Task.sleep(nanoseconds: UInt64((timeout - idle) * 1_000_000_000) + 1_000_000)
            }
        }
        defer { watchdog.cancel() }

        var opened = false
        for await signal in connection.signals {
            state.withLock { $0.lastActivity = Self.uptime }
            switch signal {
            case .opened:
                opened = true
                state.withLock { state in
                    state.isConnected = !state.isPaused
                    state.lastError = nil
                }
                scheduler.invalidate(version: nil)
            case .bytes(let data):
                let events: [ServerSentEvent]
                do {
                    events = try parser.parse(data)
                } catch {
                    // Skipped on reconnection, so that a server replaying it after `Last-Event-ID`
                    // cannot close every connection; the fetch on reconnection covers it.
                    state.withLock { $0.lastEventID = parser.pendingEventID }
                    return (opened, RemoteFetchError(source: location, reason: .tooLarge(limit: error.limit)))
                }
                state.withLock { state in
                    state.lastEventID = parser.lastEventID
                    state.reconnectionTime = parser.reconnectionTime
                }
                for event in events { scheduler.invalidate(version: RemoteInvalidationEvent.version(in: event.data)) }
            case .ended:
                return (opened, nil)
            case .failed(let error):
                return (opened, error)
            }
        }
        return (opened, RemoteFetchError(source: location, reason: .cancelled))
    }
}
