import Foundation
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `GET` through a `URLSession` of its own, read through the session's delegate, so that the
/// size limit, the overall deadline and task cancellation take effect while the body arrives.
final class HTTPDownload: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<(HTTPURLResponse, Data), RemoteFetchError>

    private struct State: Sendable {
        var body = Data()
        var response: HTTPURLResponse?
        var task: URLSessionDataTask?
        var continuation: CheckedContinuation<Outcome, Never>?
        /// Set once, by whichever comes first: completion, the size limit, the deadline, cancellation.
        var outcome: Outcome?
    }

    private let location: String
    private let maximumSize: Int
    private let timeout: Double
    private let policy: HTTPSessionPolicy
    private let state = Locked(State())

    /// A download of at most `maximumSize` bytes within `timeout` seconds (clamped to 1 ms … 365
    /// days), redirected and credentialed by `policy`.
    init(location: String, maximumSize: Int, timeout: Double, policy: HTTPSessionPolicy) {
        self.location = location
        self.maximumSize = maximumSize
        self.timeout = Seconds.clamped(timeout, minimum: 0.001)
        self.policy = policy
    }

    /// Sends `request` and returns the final response with its body.
    func run(_ request: URLRequest) async throws(RemoteFetchError) -> (HTTPURLResponse, Data) {
        let session = HTTPSessionPolicy.session(delegate: self, requestTimeout: timeout, resourceTimeout: timeout)
        defer { session.invalidateAndCancel() }
        // URLSession's own timeouts are idle timeouts on some platforms: a server that trickles
        // bytes would never time out. This deadline covers the whole exchange.
        let deadline = Task { [weak self, timeout] in
            await Seconds.sleep(timeout)
            guard !Task.isCancelled else { return }
            self?.expire()
        }
        defer { deadline.cancel() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let task = session.dataTask(with: request)
                let finished = state.withLock { state -> Outcome? in
                    if let outcome = state.outcome { return outcome }
                    state.continuation = continuation
                    state.task = task
                    return nil
                }
                if let finished {
                    continuation.resume(returning: finished)
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            finish(.failure(failure(.cancelled)))
        }
        return try outcome.get()
    }

    /// Records the outcome (the first one wins), wakes the caller and stops the transfer.
    private func finish(_ outcome: Outcome) {
        let (continuation, task) = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        // The transfer is stopped before the caller is woken: the caller then invalidates the
        // session, and a cancellation racing that invalidation could leave the connection open
        // (a trickling server went on sending to a client that had given up).
        if case .failure = outcome { task?.cancel() }
        continuation?.resume(returning: outcome)
    }

    private func expire() {
        finish(.failure(failure(.timedOut(after: timeout))))
    }

    private func failure(_ reason: RemoteFetchError.Reason) -> RemoteFetchError {
        RemoteFetchError(source: location, reason: reason)
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let response = response as? HTTPURLResponse else {
            finish(.failure(failure(.transport("the answer is not an HTTP response"))))
            completionHandler(.cancel)
            return
        }
        let isCompressed = response.value(forHTTPHeaderField: "Content-Encoding") != nil
        if !isCompressed, response.expectedContentLength > Int64(maximumSize) {
            finish(.failure(failure(.tooLarge(limit: maximumSize))))
            completionHandler(.cancel)
            return
        }
        state.withLock { $0.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let isTooLarge = state.withLock { state -> Bool in
            guard state.body.count + data.count <= maximumSize else { return true }
            state.body.append(data)
            return false
        }
        if isTooLarge { finish(.failure(failure(.tooLarge(limit: maximumSize)))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (response, body) = state.withLock { ($0.response, $0.body) }
        finish(outcome(response: response, body: body, error: error))
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
            finish(.failure(failure(reason)))
        }
    }

    private func outcome(response: HTTPURLResponse?, body: Data, error: (any Error)?) -> Outcome {
        let expected = response.flatMap { response -> Int? in
            // With a Content-Encoding, Content-Length counts compressed bytes, not the body's.
            guard response.value(forHTTPHeaderField: "Content-Encoding") == nil, response.expectedContentLength >= 0
            else { return nil }
            return Int(response.expectedContentLength)
        }
        if let error {
            let code = (error as? URLError)?.code
            if code == .timedOut { return .failure(failure(.timedOut(after: timeout))) }
            if code == .cancelled { return .failure(failure(.cancelled)) }
            if let expected, body.count < expected {
                return .failure(failure(.truncated(expected: expected, received: body.count)))
            }
            return .failure(failure(.transport(HTTPSessionPolicy.describe(error))))
        }
        guard let response else { return .failure(failure(.transport("no response"))) }
        if response.statusCode == 200, let expected, body.count < expected {
            return .failure(failure(.truncated(expected: expected, received: body.count)))
        }
        return .success((response, body))
    }
}
