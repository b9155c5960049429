public import Foundation
public import Tweaks

/// A provider of tweaks fetched from a server: a JSON document on a CDN or web server (see
/// ``HTTPRemoteTweakSource``) or any backend behind a ``RemoteTweakSource``.
///
/// ```swift
/// let remote = RemoteTweakProvider(
///     source: try HTTPRemoteTweakSource(url: URL(string: "https://cdn.example.com/tweaks.json")!),
///     cacheURL: applicationSupport.appendingPathComponent("remote-tweaks.cache"))
/// let manager = TweakManager(tweakProviders: [overrides, remote, defaults])
/// await remote.fetchAndActivate()          // at launch, or startPolling(every:)
/// ```
///
/// The life cycle has three layers, as in Firebase Remote Config: ``fetch(expirationDuration:)``
/// stores a new document as **pending**; ``activate()`` makes it **active** and reports the
/// changed tweaks; reads only ever see the active configuration, so values never change under a
/// running screen until you choose to activate. A read never touches the network or the disk and
/// never waits for a fetch.
///
/// The active configuration, its entity tag and its fetch time are written together to one file
/// at `cacheURL`, and loaded from it synchronously by `init`: a new process serves the last-good
/// values before any network call. A damaged or foreign file is ignored and reported in
/// ``cacheError``.
///
/// Documents use the `LocalTweaks_example.json` schema, or the compact form
/// `feature → variable → value` for values that are not objects. They are checked as strictly as
/// local files (a value's type is its JSON type: `"true"` is a string, never a Boolean), and a
/// malformed, oversize or rejected document never replaces the last-good configuration; but a
/// field added by a later format is ignored and listed in ``activeWarnings``, so that a newer
/// server's document still reaches clients shipped today.
public final class RemoteTweakProvider: TweakProvider, TweakChannelOwner {
    /// Where the provider's changes and events reach its managers (see ``TweakChannelOwner``).
    package let channel = TweakProviderChannel()
    /// The name shown as the source of the provider's tweaks.
    public let name: String
    /// Where documents come from.
    public let source: any RemoteTweakSource
    /// The fetch policy and limits.
    public let configuration: RemoteTweakProviderConfiguration

    /// What reads see: the active configuration and the decryption closure.
    let document: RemoteActiveDocument
    /// Fetches: the request under way, the pending document, the status and the backoff.
    let fetches: RemoteFetchCoordinator
    /// The cache file (`nil`: nothing is persisted).
    let lastGoodCopy: RemoteLastGoodCopy?
    /// The subscribers of ``updates``.
    let updateBroadcast = RemoteUpdateBroadcast()
    /// What refreshes the provider on its own: polling and the event stream.
    let refreshers = Locked(Refreshers())
    /// The time now: the system clock, or a clock that tests move by hand (minimum intervals and
    /// backoffs are then tested without waiting).
    let clock: @Sendable () -> Date

    /// A provider of the documents of `source`, persisted at `cacheURL`.
    ///
    /// Loads the configuration persisted at `cacheURL`, if any, synchronously and makes it active.
    /// A file that cannot be used is ignored and reported in ``cacheError``. `name` is shown as the
    /// source of its tweaks (in `explain`, the catalog and logs); without one it is
    /// `remote <location>`, e.g. `remote https://config.example.com/tweaks.json`.
    public convenience init(
        source: any RemoteTweakSource, cacheURL: URL?, name: String? = nil,
        configuration: RemoteTweakProviderConfiguration = RemoteTweakProviderConfiguration()
    ) {
        self.init(
            source: source, cacheURL: cacheURL, name: name ?? "remote \(source.location)", configuration: configuration,
            clock: Date.init)
    }

    init(
        source: any RemoteTweakSource, cacheURL: URL?, name: String,
        configuration: RemoteTweakProviderConfiguration, clock: @escaping @Sendable () -> Date
    ) {
        self.clock = clock
        self.name = name
        self.source = source
        self.configuration = configuration
        lastGoodCopy = cacheURL.map { RemoteLastGoodCopy(url: $0, location: source.location) }
        let persisted = lastGoodCopy?.load(configuration: configuration, providerName: name)
        document = RemoteActiveDocument(persisted)
        fetches = RemoteFetchCoordinator(
            download: RemoteDocumentDownload(
                source: source, configuration: configuration, providerName: name, clock: clock),
            document: document, lastFetchTime: persisted?.fetchTime)
        if let error = lastGoodCopy?.error {
            postEvent(.failed(.cacheLoad, error: error, nextRetry: nil, at: clock()))
        }
    }

    /// The provider's own state: the task of ``startPolling(every:)`` while it is in effect, and
    /// the stream of ``startEventStream(_:)`` until it is stopped.
    struct Refreshers: Sendable {
        var polling: Task<Void, Never>?
        var eventStream: RemoteEventStream?
    }

    deinit {
        let refreshers = self.refreshers.withLock { $0 }
        refreshers.polling?.cancel()
        refreshers.eventStream?.stop()
        updateBroadcast.finish()
    }

    // MARK: Reads

    /// Decrypts the values of entries marked `Encrypted`, as for local files.
    public var decryptionClosure: DecryptionClosure? {
        get { document.decryptionClosure }
        set { document.decryptionClosure = newValue }
    }

    /// The tweak from the **active** configuration, decrypted when it is marked encrypted, or `nil`.
    public func tweak(for key: TweakKey) throws -> Tweak? { try document.tweak(for: key) }

    /// Every tweak of the active configuration, encrypted values still encrypted.
    public var knownTweaks: [Tweak] { document.tweaks }

    /// The lifecycle metadata (owner, kind, dates) of the active configuration's entries that give
    /// some. Remote documents declare no types: their values are checked against the types the
    /// manager's other providers (the local defaults) declare.
    public var declarations: [TweakDeclaration] { document.declarations }

    // MARK: Status

    /// The outcome of the latest ``fetch(expirationDuration:)`` (cancelled fetches are not counted).
    public var lastFetchStatus: RemoteFetchStatus { fetches.lastFetchStatus }

    /// When a request last succeeded (a new document or "not modified"). After a restart, the fetch
    /// time of the persisted configuration.
    public var lastFetchTime: Date? { fetches.lastFetchTime }

    /// Until when fetches are throttled by the backoff; `nil` when they are not.
    public var throttledUntil: Date? { fetches.throttledUntil }

    /// Whether a fetched document is waiting for ``activate()``.
    public var hasPendingConfiguration: Bool { fetches.hasPendingConfiguration }

    /// The entity tag of the active configuration, when its source gave one.
    public var activeETag: String? { document.configuration?.etag }

    /// Whether ``markStale()`` was called after the start of the latest successful fetch.
    public var isStale: Bool { fetches.isStale }

    /// What the active configuration's document uses that this version of Tweaks does not know,
    /// and ignored: fields and top-level `$` keys added by a later format, or a newer
    /// `"$schemaVersion"`. Each names the source, position, feature and variable. Empty for most
    /// documents; see "Forward compatibility" in RemoteConfig.md.
    public var activeWarnings: [TweakLoadError] { document.configuration?.warnings ?? [] }

    /// The latest problem with the cache file: a file ignored at `init`, or a failed write.
    /// `nil` after a successful write.
    public var cacheError: RemoteCacheError? { lastGoodCopy?.error }
}
