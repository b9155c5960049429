import Foundation
import Tweaks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules that every request of TweaksRemote follows, document downloads and event streams
/// alike: a `URLSession` of its own with no cache, cookies or stored credentials; redirects only to
/// URLs the source permits; credentials only to the origin they were configured for; transport
/// errors in words.
struct HTTPSessionPolicy: Sendable {
    /// Headers that carry credentials whoever set them; dropped on a redirect to another origin.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// Whether plain `http` is allowed to hosts other than loopback.
    let allowsInsecureHTTP: Bool
    /// The caller's own headers (lower-cased names), e.g. an API key: sent to the configured
    /// origin only, like the credential headers.
    let callerHeaders: Set<String>

    init(allowsInsecureHTTP: Bool, callerHeaders: some Sequence<String>) {
        self.allowsInsecureHTTP = allowsInsecureHTTP
        self.callerHeaders = Set(callerHeaders.map { $0.lowercased() })
    }

    /// A session that calls `delegate` on `delegateQueue` (`nil`: a serial queue of its own);
    /// `requestTimeout` is the longest silence between bytes, `resourceTimeout` the longest exchange
    /// (both in seconds, clamped). The session keeps its delegate until it is invalidated.
    static func session(
        delegate: any URLSessionDelegate, requestTimeout: Double, resourceTimeout: Double,
        delegateQueue: OperationQueue? = nil
    ) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = Seconds.clamped(requestTimeout, minimum: 0.001)
        configuration.timeoutIntervalForResource = Seconds.clamped(resourceTimeout, minimum: 0.001)
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
    }

    /// What to do with a redirect.
    enum Redirect {
        /// Send this request (credentials removed when it leaves the origin).
        case follow(URLRequest)
        /// Refuse the redirect and fail with this reason.
        case refuse(RemoteFetchError.Reason)
    }

    /// The request to send for a redirect of `task` to `request`, or why it is refused: a URL that
    /// is not permitted (see ``HTTPRemoteTweakSource/isPermitted(_:allowsInsecureHTTP:)``). When the
    /// redirect leaves the origin (scheme, host or port) of the original request or of the
    /// response, the credential headers and the caller's headers are removed, as curl and browsers
    /// do.
    func redirect(
        _ request: URLRequest, of task: URLSessionTask, response: HTTPURLResponse
    ) -> Redirect {
        guard let url = request.url, HTTPRemoteTweakSource.isPermitted(url, allowsInsecureHTTP: allowsInsecureHTTP)
        else {
            return .refuse(.insecureURL(request.url?.absoluteString ?? "a redirect without a URL"))
        }
        let origins = [task.originalRequest?.url, response.url].compactMap { $0 }.map(Self.origin)
        guard origins.contains(where: { $0 != Self.origin(of: url) }) else { return .follow(request) }
        var stripped = request
        for field in request.allHTTPHeaderFields?.keys.map({ $0 }) ?? []
        where Self.credentialHeaders.contains(field.lowercased()) || callerHeaders.contains(field.lowercased()) {
            stripped.setValue(nil, forHTTPHeaderField: field)
        }
        return .follow(stripped)
    }

    /// Scheme, host and port (the scheme's default when none is given), lower-cased.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// A short explanation of a transport error, naming the common cases in words, e.g. `could not
    /// connect to the server (URLError -1004)` — never a raw `NSError` dump.
    static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return error.localizedDescription }
        let words: String? =
            switch urlError.code {
            case .cannotConnectToHost: "could not connect to the server"
            case .cannotFindHost: "the host name could not be resolved"
            case .networkConnectionLost: "the connection was lost"
            case .notConnectedToInternet: "not connected to the internet"
            case .secureConnectionFailed: "the TLS connection failed"
            case .badServerResponse: "the server sent an invalid answer"
            case .httpTooManyRedirects: "too many redirects (a redirect loop?)"
            case .timedOut: "the request timed out"
            default: nil
            }
        return "\(words ?? urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
    }
}
