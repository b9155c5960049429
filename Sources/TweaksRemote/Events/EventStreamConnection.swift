import Foundation
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One connection to a `text/event-stream`: a `GET` through a `URLSession` of its own whose data
/// task's delegate hands each chunk over as it arrives (`URLSession.bytes` does not exist in
/// swift-corelibs-foundation, nor before iOS 15 / macOS 12).
///
/// ``signals`` delivers `.opened` once the answer is a `200` of type `text/event-stream`, then the
/// body's chunks, then one `.ended` or `.failed`, and finishes. ``close(_:)`` ends it early.
///
/// What the server sends is bounded, so that a flooding server cannot exhaust memory: on Linux the
/// session's delegate queue holds the session back while 64 chunks wait in it
/// (``BackpressureOperationQueue``); the bytes delivered and not yet ``consumed(_:)`` stay under
/// ``byteBudget``, and so do the bytes received within any one second. A server that goes beyond
/// either is cut off: the stream fails with ``RemoteFetchError/Reason/eventStreamFlooded(limit:)`` of
/// the budget, later chunks are dropped until the cancellation takes effect, and the stream is
/// reconnected after its backoff. Nothing is queued beyond the budget, nothing dropped within it.
final class EventStreamConnection: NSObject, URLSessionDataDelegate, Sendable {
    enum Signal: Sendable {
        case opened
        case bytes(Data)
        /// The server ended the stream.
        case ended
        case failed(RemoteFetchError)
    }

    let signals: AsyncStream<Signal>
    private let continuation: AsyncStream<Signal>.Continuation
    private let location: String
    private let policy: HTTPSessionPolicy
    /// The session's limit between bytes, set by `open`.
    private let idleTimeout = Locked(0.0)
    /// The most bytes delivered and not yet consumed, and the most received within one second.
    let byteBudget: Int
    private let intake = Locked(Intake())
    /// The stream's data task (its `taskIdentifier`), set by `open`: the warm-ups are other tasks.
    private let streamTask = Locked<Int?>(nil)
    /// Set when the connection is closed, before its task is cancelled (on the teardown queue).
    private let isClosed = Locked(false)
    #if canImport(FoundationNetworking)
        /// The session's delegate queue, which holds the session back while 64 chunks (at most
        /// 16 KiB each) wait for the delegate: without it, a flood fills the queue before any
        /// budget can be checked.
        private let backpressure = BackpressureOperationQueue(limit: 64)
    #endif

    /// What the server has sent, against the ``byteBudget``.
    private struct Intake: Sendable {
        /// Bytes delivered through ``signals`` and not yet ``consumed(_:)``.
        var pending = 0
        /// When the current one-second window started (system uptime), and the bytes received in it.
        var windowStart = 0.0
        var windowBytes = 0
        /// Set once the budget was exceeded: later chunks are dropped with the connection.
        var isCutOff = false
    }

    /// A connection to `location`, redirected and credentialed by `policy`, that accepts at most
    /// `byteBudget` bytes in flight and per second (at least 1).
    init(location: String, policy: HTTPSessionPolicy, byteBudget: Int) {
        (signals, continuation) = AsyncStream.makeStream(of: Signal.self)
        self.location = location
        self.policy = policy
        self.byteBudget = max(byteBudget, 1)
    }

    /// The reader is done with `count` bytes of a `.bytes` signal: they no longer count as pending.
    func consumed(_ count: Int) {
        intake.withLock { $0.pending -= count }
    }

    /// Counts `count` bytes just received against the budget; returns whether they are accepted
    /// (`false`: the budget is exceeded, or was before, and the connection is being cut off).
    private func admit(_ count: Int) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        return intake.withLock { intake in
            guard !intake.isCutOff else { return false }
            if now - intake.windowStart >= 1 {
                intake.windowStart = now
                intake.windowBytes = 0
            }
            intake.windowBytes += count
            intake.pending += count
            if intake.windowBytes > byteBudget || intake.pending > byteBudget { intake.isCutOff = true }
            return !intake.isCutOff
        }
    }

    /// Sends `request`; `idleTimeout` is the session's own limit between bytes, a backstop for the
    /// stream's inactivity timeout.
    func open(_ request: URLRequest, idleTimeout: Double) {
        self.idleTimeout.withLock { $0 = idleTimeout }
        // The session keeps its delegate until it is invalidated, by `close`.
        #if canImport(FoundationNetworking)
            let delegateQueue: OperationQueue? = backpressure
        #else
            let delegateQueue: OperationQueue? = nil
        #endif
        let session = HTTPSessionPolicy.session(
            delegate: self, requestTimeout: idleTimeout, resourceTimeout: 7 * 24 * 3600, delegateQueue: delegateQueue)
        let dataTask = session.dataTask(with: request)
        continuation.onTermination = { [isClosed] _ in
            isClosed.withLock { $0 = true }
            // Not here: cancelling waits for the sessions' work queue (FoundationNetworking), which
            // may be waiting for the delegate queue, where this may run (see
            // BackpressureOperationQueue).
            Self.teardown.async {
                dataTask.cancel()
                session.invalidateAndCancel()
            }
        }
        #if canImport(FoundationNetworking)
            streamTask.withLock { $0 = dataTask.taskIdentifier }
            warmUp(session, for: request, timeout: idleTimeout) { dataTask.resume() }
        #else
            dataTask.resume()
        #endif
    }

    #if canImport(FoundationNetworking)
        /// Opens the session's connection with a bare `OPTIONS` (no headers: a redirect it follows
        /// carries nothing), then calls `resume` once: when the warm-up ends, whatever its outcome (a
        /// warm-up longer than ``warmUpLimit`` seconds is cancelled, which ends it), or one second
        /// after that cancellation if its completion never comes. When the server did not keep the
        /// connection (its answer said `Connection: close`, or it was cut off), a bare `HEAD` of the
        /// stream's URL tries once more: a server that closes after an `OPTIONS` it does not
        /// support may well keep the connection after a `HEAD`.
        ///
        /// FoundationNetworking keeps the libdispatch write source it made while libcurl connected
        /// a socket until the socket is removed; on a stream waiting for data that always-writable
        /// source fires in a loop (about 4,800 `poll` calls per second, most of a core). A request
        /// sent over a connection kept alive from an earlier one never asks for write readiness:
        /// the idle stream then costs nothing. See Docs/RemoteConfig.md, "An idle stream's cost".
        private func warmUp(
            _ session: URLSession, for request: URLRequest, timeout: Double,
            methods: ArraySlice<String> = ["OPTIONS", "HEAD"],
            resume: @escaping @Sendable () -> Void
        ) {
            guard let url = request.url, let method = methods.first else { return resume() }
            var preflight = URLRequest(
                url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: min(timeout, Self.warmUpLimit))
            preflight.httpMethod = method
            let hasEnded = Locked(false)
            let isCutOff = Locked(false)
            let endOnce: @Sendable (_ keptConnection: Bool) -> Void = { [self] keptConnection in
                guard
                    hasEnded.withLock({ ended in
                        defer { ended = true }; return !ended
                    })
                else { return }
                guard !keptConnection, methods.count > 1 else { return resume() }
                // Not on the delegate queue, where the completion runs: `dataTask(with:)` waits for
                // the sessions' work queue (see BackpressureOperationQueue).
                Self.teardown.async {
                    self.warmUp(session, for: request, timeout: timeout, methods: methods.dropFirst(), resume: resume)
                }
            }
            // A completion handler, so that this delegate's data methods see only the stream's task.
            let preflightTask = session.dataTask(with: preflight) { _, response, _ in
                let connection = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Connection") ?? ""
                endOnce(!connection.lowercased().contains("close") && !isCutOff.withLock { $0 })
            }
            preflightTask.resume()
            // The timeout above is between bytes: an endless answer is cut off here, and its
            // completion (the cancellation) starts the stream, as any other end of the warm-up
            // does. Should that completion never come, the stream starts a second later anyway.
            // A queue of its own: the global queues' few threads may all be busy in a loaded process.
            Self.deadlines.asyncAfter(deadline: .now() + Self.warmUpLimit) {
                isCutOff.withLock { $0 = true }
                preflightTask.cancel()
                Self.deadlines.asyncAfter(deadline: .now() + 1) { endOnce(false) }
            }
        }

        /// Where warm-up deadlines run.
        private static let deadlines = DispatchQueue(label: "Tweaks.EventStreamConnection.warmUp")

        /// The longest the warm-up may take, in seconds.
        private static let warmUpLimit = 2.0
    #endif

    /// Where the calls that wait for the sessions' work queue are made, off the delegate queue
    /// (see ``BackpressureOperationQueue``): session teardown, warm-ups before a redirect.
    private static let teardown = DispatchQueue(label: "Tweaks.EventStreamConnection.teardown")

    /// Ends the connection with `error` (`nil`: as if the server had ended it).
    func close(_ error: RemoteFetchError?) {
        continuation.yield(error.map(Signal.failed) ?? .ended)
        continuation.finish()
    }

    private func fail(_ reason: RemoteFetchError.Reason) {
        close(RemoteFetchError(source: location, reason: reason))
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let response = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return fail(.transport("the answer is not an HTTP response"))
        }
        guard response.statusCode == 200 else {
            completionHandler(.cancel)
            let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap { RetryAfter.seconds(from: $0) }
            return fail(.httpStatus(response.statusCode, retryAfter: retryAfter))
        }
        let mediaType = (response.value(forHTTPHeaderField: "Content-Type") ?? "").prefix { $0 != ";" }
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "text/event-stream" else {
            completionHandler(.cancel)
            return fail(.unexpectedContentType(mediaType.isEmpty ? "no Content-Type" : mediaType))
        }
        continuation.yield(.opened)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard admit(data.count) else {
            // Closing the stream cancels the task; the chunks already queued are dropped here.
            return fail(.eventStreamFlooded(limit: byteBudget))
        }
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else { return close(nil) }
        switch (error as? URLError)?.code {
        case .cancelled?: fail(.cancelled)
        case .timedOut?: fail(.timedOut(after: idleTimeout.withLock { $0 }))
        default: fail(.transport(HTTPSessionPolicy.describe(error)))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        switch policy.redirect(request, of: task, response: response) {
        case .follow(let request):
            #if canImport(FoundationNetworking)
                // A redirect of the stream to another origin opens a new connection: warm that one
                // up too, or the idle stream spins (see `warmUp`). The warm-up's own redirects are
                // followed as they come.
                let isStream = streamTask.withLock { $0 == task.taskIdentifier }
                if isStream, let url = request.url, let from = response.url,
                    HTTPSessionPolicy.origin(of: url) != HTTPSessionPolicy.origin(of: from)
                {
                    let timeout = idleTimeout.withLock { $0 }
                    return Self.teardown.async { [self] in
                        warmUp(session, for: request, timeout: timeout) { [isClosed] in
                            // On the teardown queue, after the cancellation if there is one:
                            // swift-corelibs-foundation traps when the handler is called after the
                            // task was cancelled.
                            Self.teardown.async {
                                if !isClosed.withLock({ $0 }) { completionHandler(request) }
                            }
                        }
                    }
                }
            #endif
            completionHandler(request)
        case .refuse(let reason):
            // Refuse first, then cancel: swift-corelibs-foundation traps when the handler is
            // called after the task was cancelled.
            completionHandler(nil)
            fail(reason)
        }
    }
}
