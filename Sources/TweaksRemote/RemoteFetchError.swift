import Foundation
import Tweaks

/// Why a fetch of a remote configuration failed: which source, and what went wrong.
///
/// A failed fetch never replaces the configuration that was good before. Failures that mean "the
/// server or the network is struggling" (transport errors, timeouts, truncated answers, HTTP 429,
/// 500, 503 and 504) make the provider wait before the next request (see ``RemoteBackoffPolicy``).
public struct RemoteFetchError: Error, Sendable, Hashable, CustomStringConvertible {
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
    var startsBackoff: Bool { reason.startsBackoff }

    /// The server's `Retry-After`, in seconds, when it sent one.
    var retryAfter: Double? { reason.retryAfter }

    /// `source: what went wrong`; for an invalid document, the `TweakLoadError`'s diagnostic.
    public var description: String {
        if let error = reason.documentError { return error.description }
        return "\(source): \(reason)"
    }
}
