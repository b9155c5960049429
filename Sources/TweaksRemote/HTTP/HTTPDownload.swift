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
    private let isPermittedRedirect: @Sendable (URL) -> Bool
    private let state = Locked(State())

    init(location: String, maximumSize: Int, timeout: Double, isPermittedRedirect: @escaping @Sendable (URL) -> Bool) {
        self.location = location
        self.maximumSize = maximumSize
        self.timeout = timeout
        self.isPermittedRedirect = isPermittedRedirect
    }

    /// Sends `request` and returns the final response with its body.
    func run(_ request: URLRequest) async throws(RemoteFetchError) -> (HTTPURLResponse, Data) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        // URLSession's own timeouts are idle timeouts on some platforms: a server that trickles
        // bytes would never time out. This deadline covers the whole exchange.
        let deadline = Task { [weak self, timeout] in
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
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
        continuation?.resume(returning: outcome)
        if case .failure = outcome { task?.cancel() }
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
        guard let url = request.url, isPermittedRedirect(url) else {
            // Refuse first, then cancel: swift-corelibs-foundation traps when the handler is
            // called after the task was cancelled.
            completionHandler(nil)
            finish(.failure(failure(.insecureURL(request.url?.absoluteString ?? "a redirect without a URL"))))
            return
        }
        completionHandler(request)
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
            return .failure(failure(.transport(Self.describe(error))))
        }
        guard let response else { return .failure(failure(.transport("no response"))) }
        if response.statusCode == 200, let expected, body.count < expected {
            return .failure(failure(.truncated(expected: expected, received: body.count)))
        }
        return .success((response, body))
    }

    /// A short explanation of a transport error, naming the common cases in words.
    private static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return "\(error)" }
        let words: String? =
            switch urlError.code {
            case .cannotConnectToHost: "could not connect to the server"
            case .cannotFindHost: "the host name could not be resolved"
            case .networkConnectionLost: "the connection was lost"
            case .notConnectedToInternet: "not connected to the internet"
            case .secureConnectionFailed: "the TLS connection failed"
            case .badServerResponse: "the server sent an invalid answer"
            case .httpTooManyRedirects: "too many redirects (a redirect loop?)"
            default: nil
            }
        return "\(words ?? urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
    }
}
