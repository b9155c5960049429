public import Tweaks

extension RemoteFetchError {
    /// What went wrong.
    ///
    /// A struct rather than an enum, so that later versions can add reasons without breaking
    /// callers: compare with `==` or match in a `switch` (`case .cancelled:`,
    /// `case .httpStatus(404, retryAfter: nil):`, always with a `default:`), and read the data a
    /// reason carries through ``httpStatusCode``, ``retryAfter``, ``documentError`` and ``detail``.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Code: Sendable, Hashable {
            case insecureURL(String)
            case transport(String)
            case timedOut(after: Double)
            case httpStatus(Int, retryAfter: Double?)
            case unexpectedContentType(String)
            case tooLarge(limit: Int)
            case truncated(expected: Int, received: Int)
            case invalidDocument(TweakLoadError)
            case rejected(String)
            case cancelled
            case streamEnded
            case streamEndedAtOnce(within: Double)
            case eventIDTooLong(limit: Int)
            case eventStreamFlooded(limit: Int)
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        /// The URL is not `https` (plain `http` is allowed to loopback hosts, or when opted in), or
        /// a redirect led to such a URL; the text is the URL.
        public static func insecureURL(_ url: String) -> Reason { Reason(.insecureURL(url)) }
        /// The request failed below HTTP: no connection, connection lost, DNS, TLS. The text is the
        /// system's explanation.
        public static func transport(_ detail: String) -> Reason { Reason(.transport(detail)) }
        /// No complete answer arrived within the source's timeout (in seconds).
        public static func timedOut(after seconds: Double) -> Reason { Reason(.timedOut(after: seconds)) }
        /// The server answered with a status other than 200 or 304; `retryAfter` is its
        /// `Retry-After` header in seconds, when it sent one.
        public static func httpStatus(_ status: Int, retryAfter: Double?) -> Reason {
            Reason(.httpStatus(status, retryAfter: retryAfter))
        }
        /// The server answered 200 with a `Content-Type` that is not a JSON document (the media
        /// type is given), e.g. `text/html`: an error, login or captive-portal page.
        public static func unexpectedContentType(_ mediaType: String) -> Reason {
            Reason(.unexpectedContentType(mediaType))
        }
        /// The document is larger than `limit` bytes (as declared, as received, or as decompressed).
        public static func tooLarge(limit: Int) -> Reason { Reason(.tooLarge(limit: limit)) }
        /// The connection ended after `received` of the `expected` bytes.
        public static func truncated(expected: Int, received: Int) -> Reason {
            Reason(.truncated(expected: expected, received: received))
        }
        /// The document is not a valid tweaks document; the error says where and what.
        public static func invalidDocument(_ error: TweakLoadError) -> Reason { Reason(.invalidDocument(error)) }
        /// The configuration's verification hook rejected the document; the text is its error.
        public static func rejected(_ detail: String) -> Reason { Reason(.rejected(detail)) }
        /// The fetch was cancelled before it finished.
        public static let cancelled = Reason(.cancelled)
        /// The server ended an event stream that had been open for a while (a restart, a deleted
        /// channel, a proxy's limit); it is reconnected after the server's `retry:` or the
        /// configured delay.
        public static let streamEnded = Reason(.streamEnded)
        /// The server ended an event stream less than `seconds` after it opened it: counted as a
        /// failed connection, so that the reconnections back off instead of storming the server.
        public static func streamEndedAtOnce(within seconds: Double) -> Reason {
            Reason(.streamEndedAtOnce(within: seconds))
        }
        /// An event stream's `id:` is longer than `limit` bytes: the stream is closed and
        /// reconnected without `Last-Event-ID` (servers refuse such a header), and the fetch that
        /// follows the reconnection catches up.
        public static func eventIDTooLong(limit: Int) -> Reason { Reason(.eventIDTooLong(limit: limit)) }
        /// An event stream's server sent more than `limit` bytes within one second, or more than
        /// `limit` bytes the client had not parsed yet: the stream is closed and reconnected after
        /// its backoff, so that a flooding server cannot exhaust the client's memory.
        public static func eventStreamFlooded(limit: Int) -> Reason { Reason(.eventStreamFlooded(limit: limit)) }

        /// The HTTP status the server answered, for ``httpStatus(_:retryAfter:)``; otherwise `nil`.
        public var httpStatusCode: Int? {
            guard case .httpStatus(let status, _) = code else { return nil }
            return status
        }

        /// The server's `Retry-After`, in seconds, for ``httpStatus(_:retryAfter:)`` when it sent
        /// one; otherwise `nil`.
        public var retryAfter: Double? {
            guard case .httpStatus(_, let retryAfter) = code else { return nil }
            return retryAfter
        }

        /// Where and what is wrong in the document, for ``invalidDocument(_:)``; otherwise `nil`.
        public var documentError: TweakLoadError? {
            guard case .invalidDocument(let error) = code else { return nil }
            return error
        }

        /// The text a reason carries: the URL (``insecureURL(_:)``), the system's explanation
        /// (``transport(_:)``), the media type (``unexpectedContentType(_:)``) or the hook's error
        /// (``rejected(_:)``); otherwise `nil`.
        public var detail: String? {
            switch code {
            case .insecureURL(let text), .transport(let text), .unexpectedContentType(let text), .rejected(let text):
                text
            default: nil
            }
        }

        /// The expected and received byte counts of ``truncated(expected:received:)``; otherwise `nil`.
        public var truncation: (expected: Int, received: Int)? {
            guard case .truncated(let expected, let received) = code else { return nil }
            return (expected, received)
        }

        /// Whether the failure starts or continues the backoff: transport errors, timeouts, truncated
        /// answers and HTTP 429, 500, 503 and 504.
        var startsBackoff: Bool {
            switch code {
            case .transport, .timedOut, .truncated: true
            case .httpStatus(let status, _): [429, 500, 503, 504].contains(status)
            case .insecureURL, .unexpectedContentType, .tooLarge, .invalidDocument, .rejected, .cancelled, .streamEnded,
                .streamEndedAtOnce, .eventIDTooLong, .eventStreamFlooded:
                false
            }
        }

        /// What went wrong, in words, e.g. `HTTP 503 (Retry-After: 30.0 s)`.
        public var description: String {
            switch code {
            case .insecureURL(let url):
                "refusing \(url): use https (plain http is allowed to loopback hosts, or with allowsInsecureHTTP)"
            case .transport(let detail): "the request failed: \(detail)"
            case .timedOut(let seconds): "no complete answer within \(seconds) s"
            case .httpStatus(let status, let retryAfter?): "HTTP \(status) (Retry-After: \(retryAfter) s)"
            case .httpStatus(let status, nil): "HTTP \(status)"
            case .unexpectedContentType(let type):
                "the server answered \(type), not a JSON document (an error or login page?)"
            case .tooLarge(let limit): "the document is larger than \(limit) bytes"
            case .truncated(let expected, let received): "the answer ended after \(received) of \(expected) bytes"
            case .invalidDocument(let error): error.description
            case .rejected(let detail): "the document was rejected by the verification hook: \(detail)"
            case .cancelled: "the fetch was cancelled"
            case .streamEnded: "the server ended the event stream"
            case .streamEndedAtOnce(let seconds):
                "the server ended the event stream within \(seconds) s of opening it (counted as a failure)"
            case .eventIDTooLong(let limit):
                "an event ID (id:) is longer than \(limit) bytes; the stream reconnects without Last-Event-ID"
            case .eventStreamFlooded(let limit):
                "the event stream's server sent more than \(limit) bytes faster than they could be read; the stream reconnects after its backoff"
            }
        }
    }
}
