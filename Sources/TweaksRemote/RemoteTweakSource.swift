public import Foundation

/// Where a ``RemoteTweakProvider`` gets its document: ``HTTPRemoteTweakSource`` for a file on a
/// web server or CDN, or your own conformance for another backend.
///
/// A source only transports bytes: the provider checks the size, runs the verification hook,
/// parses the document, dedupes concurrent fetches, backs off and persists. To control the
/// backoff, throw a ``RemoteFetchError`` (for example `.httpStatus(503, retryAfter: 60)`); any
/// other error is reported as ``RemoteFetchError/Reason/transport(_:)``, which starts the backoff.
public protocol RemoteTweakSource: Sendable {
    /// The URL or other address of the document. It names the source in errors and identifies it
    /// in the cache file: a cache written for another location is ignored.
    var location: String { get }

    /// Gets the document. Return ``RemoteFetchResponse/notModified`` when `request.etag` still
    /// names the current document. Stop reading, and throw ``RemoteFetchError/Reason/tooLarge(limit:)``,
    /// once the document exceeds `request.maximumDocumentSize`. Honour task cancellation.
    func fetch(_ request: RemoteFetchRequest) async throws -> RemoteFetchResponse
}

/// What the provider asks a ``RemoteTweakSource`` for.
public struct RemoteFetchRequest: Sendable, Hashable {
    /// The entity tag of the newest document the provider holds, for a conditional request
    /// (`If-None-Match`); `nil` when it holds none or the source gave none.
    public let etag: String?
    /// The largest document the provider accepts, in bytes.
    public let maximumDocumentSize: Int

    /// A request; sources receive requests from the provider and never create them.
    init(etag: String?, maximumDocumentSize: Int) {
        self.etag = etag
        self.maximumDocumentSize = maximumDocumentSize
    }
}

/// What a ``RemoteTweakSource`` answers.
public enum RemoteFetchResponse: Sendable, Hashable {
    /// The document's bytes, with its entity tag when the source has one.
    case document(Data, etag: String?)
    /// The document named by ``RemoteFetchRequest/etag`` is still current.
    case notModified
}
