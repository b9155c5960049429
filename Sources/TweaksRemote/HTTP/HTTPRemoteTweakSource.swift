public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A tweaks document served over HTTP(S): a file on any static web server or CDN.
///
/// Each fetch is a `GET` of the URL with the custom headers (for example `Authorization`),
/// `If-None-Match` with the entity tag of the newest document the provider holds, and the
/// system's `Accept-Encoding` (gzip answers are decompressed). `200` is a document, `304 Not
/// Modified` means "no change", any other status fails with ``RemoteFetchError/Reason/httpStatus(_:retryAfter:)``
/// carrying the `Retry-After` header. A `200` must not declare a media type that cannot be a
/// JSON document: JSON types (`application/json`, `text/json`, `…+json`), the generic types static
/// hosts use for unknown files (`text/plain`, `application/octet-stream`, `binary/octet-stream`)
/// and a missing `Content-Type` are parsed; anything else (`text/html` above all: an error, login
/// or captive-portal page served with 200) fails with ``RemoteFetchError/Reason/unexpectedContentType(_:)``. The size limit is enforced while the body arrives, whatever
/// `Content-Length` says. No HTTP cache is used: the provider keeps the last-good document itself.
public struct HTTPRemoteTweakSource: RemoteTweakSource {
    // Set once by the initialiser, whose parameters document them.
    let url: URL
    let headers: [String: String]
    let timeout: Double
    let allowsInsecureHTTP: Bool

    /// The document's URL, as text.
    public var location: String { url.absoluteString }

    /// A source for the document at `url`.
    ///
    /// - Parameters:
    ///   - url: The document's URL.
    ///   - headers: Extra request headers, e.g. `["Authorization": "Bearer …"]`.
    ///   - timeout: The longest a fetch may take, in seconds, from the request to the last byte.
    ///   - allowsInsecureHTTP: Whether plain `http` is allowed to hosts other than loopback.
    /// - Throws: ``RemoteFetchError/Reason/insecureURL(_:)`` when `url` is not `https`, unless it
    ///   is `http` to a loopback host (`localhost`, `127.0.0.0/8`, `::1`) or `allowsInsecureHTTP`
    ///   is set.
    public init(
        url: URL, headers: [String: String] = [:], timeout: Double = 30, allowsInsecureHTTP: Bool = false
    ) throws(RemoteFetchError) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.allowsInsecureHTTP = allowsInsecureHTTP
        guard isPermitted(url) else {
            throw RemoteFetchError(source: url.absoluteString, reason: .insecureURL(url.absoluteString))
        }
    }

    /// Sends a conditional `GET` of the document's URL and returns the document, or
    /// ``RemoteFetchResponse/notModified`` for `304`.
    ///
    /// - Throws: ``RemoteFetchError`` for an insecure redirect, a transport failure, a timeout, an
    ///   unexpected status or media type, a document over the size limit or a truncated answer.
    public func fetch(_ request: RemoteFetchRequest) async throws -> RemoteFetchResponse {
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (field, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: field) }
        if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let download = HTTPDownload(
            location: location, maximumSize: request.maximumDocumentSize, timeout: timeout,
            policy: HTTPSessionPolicy(allowsInsecureHTTP: allowsInsecureHTTP, callerHeaders: headers.keys))
        let (response, body) = try await download.run(urlRequest)
        switch response.statusCode {
        case 200:
            if let type = response.value(forHTTPHeaderField: "Content-Type").flatMap(Self.unacceptableMediaType) {
                throw RemoteFetchError(source: location, reason: .unexpectedContentType(type))
            }
            return .document(body, etag: response.value(forHTTPHeaderField: "ETag"))
        case 304:
            return .notModified
        default:
            let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap { RetryAfter.seconds(from: $0) }
            throw RemoteFetchError(source: location, reason: .httpStatus(response.statusCode, retryAfter: retryAfter))
        }
    }

    /// `https`, or `http` to a loopback host or when opted in.
    private func isPermitted(_ url: URL) -> Bool {
        Self.isPermitted(url, allowsInsecureHTTP: allowsInsecureHTTP)
    }

    /// `https`, or `http` to a loopback host or when `allowsInsecureHTTP`; the rule for documents
    /// and for event streams.
    static func isPermitted(_ url: URL, allowsInsecureHTTP: Bool) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": true
        case "http": allowsInsecureHTTP || isLoopback(host: url.host)
        default: false
        }
    }

    /// The media type of `contentType` (without parameters, lower-cased) when it cannot be a
    /// JSON document; `nil` when it can.
    static func unacceptableMediaType(_ contentType: String) -> String? {
        let mediaType = contentType.prefix { $0 != ";" }
        let type = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        let accepted = [
            "", "application/json", "text/json", "text/plain", "application/octet-stream", "binary/octet-stream",
        ]
        return accepted.contains(type) || type.hasSuffix("+json") ? nil : type
    }

    static func isLoopback(host: String?) -> Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
