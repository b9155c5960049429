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

    init(location: String, policy: HTTPSessionPolicy) {
        (signals, continuation) = AsyncStream.makeStream(of: Signal.self)
        self.location = location
        self.policy = policy
    }

    /// Sends `request`; `idleTimeout` is the session's own limit between bytes, a backstop for the
    /// stream's inactivity timeout.
    func open(_ request: URLRequest, idleTimeout: Double) {
        self.idleTimeout.withLock { $0 = idleTimeout }
        // The session keeps its delegate until it is invalidated, by `close`.
        let session = HTTPSessionPolicy.session(
            delegate: self, requestTimeout: idleTimeout, resourceTimeout: 7 * 24 * 3600)
        let dataTask = session.dataTask(with: request)
        continuation.onTermination = { _ in
            dataTask.cancel()
            session.invalidateAndCancel()
        }
        #if canImport(FoundationNetworking)
            warmUp(session, for: request, timeout: idleTimeout) { dataTask.resume() }
        #else
            dataTask.resume()
        #endif
    }

    #if canImport(FoundationNetworking)
        /// Opens the session's connection with a bare `OPTIONS` (no headers: a redirect it follows
        /// carries nothing), then calls `resume` once: when the warm-up ends, whatever its outcome (a
        /// warm-up longer than ``warmUpLimit`` seconds is cancelled, which ends it), or one second
        /// after that cancellation if its completion never comes.
        ///
        /// FoundationNetworking keeps the libdispatch write source it made while libcurl connected
        /// a socket until the socket is removed; on a stream waiting for data that always-writable
        /// source fires in a loop (about 4,800 `poll` calls per second, most of a core). A request
        /// sent over a connection kept alive from an earlier one never asks for write readiness:
        /// the idle stream then costs nothing. See Docs/RemoteConfig.md, "An idle stream's cost".
        private func warmUp(
            _ session: URLSession, for request: URLRequest, timeout: Double, resume: @escaping @Sendable () -> Void
        ) {
            guard let url = request.url else { return resume() }
            var preflight = URLRequest(
                url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: min(timeout, Self.warmUpLimit))
            preflight.httpMethod = "OPTIONS"
            let hasResumed = Locked(false)
            let resumeOnce: @Sendable () -> Void = {
                if hasResumed.withLock({ resumed in
                    defer { resumed = true }; return !resumed
                }) {
                    resume()
                }
            }
            // A completion handler, so that this delegate's methods see only the stream's task.
            let warmUp = session.dataTask(with: preflight) { _, _, _ in resumeOnce() }
            warmUp.resume()
            // The timeout above is between bytes: an endless answer is cut off here, and its
            // completion (the cancellation) starts the stream, as any other end of the warm-up
            // does. Should that completion never come, the stream starts a second later anyway.
            // A queue of its own: the global queues' few threads may all be busy in a loaded process.
            Self.deadlines.asyncAfter(deadline: .now() + Self.warmUpLimit) {
                warmUp.cancel()
                Self.deadlines.asyncAfter(deadline: .now() + 1) { resumeOnce() }
            }
        }

        /// Where warm-up deadlines run.
        private static let deadlines = DispatchQueue(label: "Tweaks.EventStreamConnection.warmUp")

        /// The longest the warm-up may take, in seconds.
        private static let warmUpLimit = 2.0
    #endif

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
            completionHandler(request)
        case .refuse(let reason):
            // Refuse first, then cancel: swift-corelibs-foundation traps when the handler is
            // called after the task was cancelled.
            completionHandler(nil)
            fail(reason)
        }
    }
}
