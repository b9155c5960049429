import Foundation
public import Tweaks

/// Why a fetch of a remote configuration failed: which source, and what went wrong.
///
/// A failed fetch never replaces the configuration that was good before. Failures that mean "the
/// server or the network is struggling" (``startsBackoff``) make the provider wait before the
/// next request.
public struct RemoteFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The URL is not `https` (plain `http` is allowed to loopback hosts, or when opted in), or
        /// a redirect led to such a URL; the text is the URL.
        case insecureURL(String)
        /// The request failed below HTTP: no connection, connection lost, DNS, TLS. The text is the
        /// system's explanation.
        case transport(String)
        /// No complete answer arrived within the source's timeout (in seconds).
        case timedOut(after: Double)
        /// The server answered with a status other than 200 or 304; `retryAfter` is its
        /// `Retry-After` header in seconds, when it sent one.
        case httpStatus(Int, retryAfter: Double?)
        /// The server answered 200 with a `Content-Type` that is not a JSON document (the media
        /// type is given), e.g. `text/html`: an error, login or captive-portal page.
        case unexpectedContentType(String)
        /// The document is larger than `limit` bytes (as declared, as received, or as decompressed).
        case tooLarge(limit: Int)
        /// The connection ended after `received` of the `expected` bytes.
        case truncated(expected: Int, received: Int)
        /// The document is not a valid tweaks document; the error says where and what.
        case invalidDocument(TweakLoadError)
        /// The configuration's verification hook rejected the document; the text is its error.
        case rejected(String)
        /// The fetch was cancelled before it finished.
        case cancelled
    }

    /// The URL (or other location) of the document.
    public let source: String
    /// What went wrong.
    public let reason: Reason

    /// Creates an error about the document at `source`.
    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    /// Whether the failure starts or continues the backoff: transport errors, timeouts, truncated
    /// answers and HTTP 429, 500, 503 and 504.
    public var startsBackoff: Bool {
        switch reason {
        case .transport, .timedOut, .truncated: true
        case .httpStatus(let status, _): [429, 500, 503, 504].contains(status)
        case .insecureURL, .unexpectedContentType, .tooLarge, .invalidDocument, .rejected, .cancelled: false
        }
    }

    /// The server's `Retry-After`, in seconds, when it sent one.
    public var retryAfter: Double? {
        guard case .httpStatus(_, let retryAfter) = reason else { return nil }
        return retryAfter
    }

    /// `source: what went wrong`; for an invalid document, the `TweakLoadError`'s diagnostic.
    public var description: String {
        switch reason {
        case .invalidDocument(let error): return error.description
        default: return "\(source): \(reasonDescription)"
        }
    }

    private var reasonDescription: String {
        switch reason {
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
        }
    }
}
