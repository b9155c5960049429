public import Foundation
public import Tweaks

/// The fetch policy and limits of a ``RemoteTweakProvider``.
public struct RemoteTweakProviderConfiguration: Sendable {
    /// How old, in seconds, the last successful fetch must be before ``RemoteTweakProvider/fetch(expirationDuration:)``
    /// makes a new request. Default: 3,600 (1 hour).
    ///
    /// Firebase uses 12 hours because every fetch costs its backend; a conditional request for a
    /// static file costs a few hundred bytes, so an hour keeps values reasonably fresh. Pass
    /// `expirationDuration: 0` to a fetch, or call ``RemoteTweakProvider/markStale()``, to go to the
    /// server sooner.
    public var minimumFetchInterval: Double
    /// The waits after failures.
    public var backoff: RemoteBackoffPolicy
    /// The largest document accepted, in bytes (after decompression). Default: 1 MiB.
    public var maximumDocumentSize: Int
    /// Called with every fetched document before it is parsed or stored, and with the persisted
    /// document when the provider loads it; throwing rejects the document (for example after a
    /// signature check), and the configuration that was good before is kept.
    public var verifyDocument: (@Sendable (Data) throws -> Void)?
    /// The format the fetched and persisted documents are read in. Default:
    /// `TweakDocumentFormat.tweaks` (full or compact form). A Firebase server template is read
    /// only with `.firebaseTemplate`, Firebase's defaults plist only with `.firebaseDefaultsPlist`,
    /// a flagd flag definition document only with `.flagd`: formats are never guessed from a
    /// document's keys.
    public var documentFormat: TweakDocumentFormat

    /// Creates a configuration; each parameter sets the property of the same name.
    public init(
        minimumFetchInterval: Double = 3600, backoff: RemoteBackoffPolicy = RemoteBackoffPolicy(),
        maximumDocumentSize: Int = 1 << 20, verifyDocument: (@Sendable (Data) throws -> Void)? = nil,
        documentFormat: TweakDocumentFormat = .tweaks
    ) {
        self.minimumFetchInterval = minimumFetchInterval
        self.backoff = backoff
        self.maximumDocumentSize = maximumDocumentSize
        self.verifyDocument = verifyDocument
        self.documentFormat = documentFormat
    }
}
