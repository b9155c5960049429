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
public final class RemoteTweakProvider: TweakProvider {
    struct State: Sendable {
        var active: RemoteConfiguration?
        var pending: RemoteConfiguration?
        var lastFetchStatus = RemoteFetchStatus.noFetchYet
        /// When a request last succeeded (200 or 304), or the persisted fetch time.
        var lastFetchTime: Date?
        var consecutiveFailures = 0
        var throttledUntil: Date?
        /// Raised by `markStale()`; a successful fetch that started at generation g confirms g.
        var staleGeneration: UInt64 = 0
        var confirmedGeneration: UInt64 = 0
        var inFlight: InFlightFetch?
        var nextID: UInt64 = 0
        var decryptionClosure: DecryptionClosure?
        var cacheError: RemoteCacheError?
        var updateContinuations: [UInt64: AsyncStream<RemoteTweakUpdate>.Continuation] = [:]
        var polling: Task<Void, Never>?
        /// The interval of ``startPolling(every:)`` while it is in effect: backoffs are proportioned
        /// to it, and a failure's next retry is the next round.
        var pollingInterval: Double?
        var eventStream: RemoteEventStream?

        var isStale: Bool { confirmedGeneration < staleGeneration }

        mutating func makeID() -> UInt64 {
            defer { nextID += 1 }
            return nextID
        }
    }

    /// The fetch that is under way, shared by every caller of `fetch` that arrives meanwhile.
    struct InFlightFetch: Sendable {
        let id: UInt64
        /// The stale generation when it started: a `markStale()` after that needs a new request.
        let generation: UInt64
        let task: Task<RemoteFetchStatus, Never>
        var waiters: Int
    }

    /// The name shown as the source of the provider's tweaks.
    public let name: String
    /// Where documents come from.
    public let source: any RemoteTweakSource
    /// The fetch policy and limits.
    public let configuration: RemoteTweakProviderConfiguration
    /// The file that keeps the active configuration across launches; `nil`: nothing is persisted.
    public let cacheURL: URL?

    let state: Locked<State>
    /// The time now: the system clock, or a clock that tests move by hand (minimum intervals and
    /// backoffs are then tested without waiting).
    let clock: @Sendable () -> Date
    /// Serializes writes of the cache file, so that the file always ends up holding the newest
    /// active configuration. Never held while calling out to user code.
    let persistenceLock = NSLock()

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
        self.cacheURL = cacheURL
        var initial = State()
        if let cacheURL {
            do {
                if let active = try Self.loadCache(at: cacheURL, location: source.location, name: name, configuration) {
                    initial.active = active
                    initial.lastFetchTime = active.fetchTime
                }
            } catch {
                initial.cacheError = error
            }
        }
        state = Locked(initial)
        if let error = initial.cacheError {
            postEvent(.failed(.cacheLoad, error: error, nextRetry: nil, at: clock()))
        }
    }

    deinit {
        let (polling, continuations, eventStream) = state.withLock {
            ($0.polling, Array($0.updateContinuations.values), $0.eventStream)
        }
        polling?.cancel()
        eventStream?.stop()
        for continuation in continuations { continuation.finish() }
    }

    private static func loadCache(
        at url: URL, location: String, name: String, _ configuration: RemoteTweakProviderConfiguration
    ) throws(RemoteCacheError) -> RemoteConfiguration? {
        let cache = RemoteConfigurationCache(url: url)
        guard let entry = try cache.load(location: location) else { return nil }
        if let verify = configuration.verifyDocument {
            do {
                try verify(entry.data)
            } catch {
                throw RemoteCacheError(path: url.path, reason: .rejected("\(error)"))
            }
        }
        do {
            return try RemoteConfiguration(
                data: entry.data, etag: entry.etag, fetchTime: entry.fetchTime, source: url.path, providerName: name,
                format: configuration.documentFormat)
        } catch {
            throw RemoteCacheError(path: url.path, reason: .invalidDocument(error))
        }
    }

    // MARK: Reads

    /// Decrypts the values of entries marked `Encrypted`, as for local files.
    public var decryptionClosure: DecryptionClosure? {
        get { state.withLock { $0.decryptionClosure } }
        set { state.withLock { $0.decryptionClosure = newValue } }
    }

    /// The tweak from the **active** configuration, decrypted when it is marked encrypted, or `nil`.
    public func tweak(for key: TweakKey) throws -> Tweak? {
        let (tweak, closure) = state.withLock { ($0.active?.definitions[key]?.tweak, $0.decryptionClosure) }
        return try tweak?.decrypted(using: closure)
    }

    /// Every tweak of the active configuration, encrypted values still encrypted.
    public var knownTweaks: [Tweak] {
        state.withLock { $0.active?.definitions.values.map(\.tweak) ?? [] }
    }

    /// The lifecycle metadata (owner, kind, dates) of the active configuration's entries that give
    /// some. Remote documents declare no types: their values are checked against the types the
    /// manager's other providers (the local defaults) declare.
    public var declarations: [TweakDeclaration] {
        state.withLock { state in
            (state.active?.lifecycles ?? [:]).map { key, lifecycle in
                TweakDeclaration(feature: key.feature, variable: key.variable, type: nil, lifecycle: lifecycle)
            }
        }
    }

    // MARK: Status

    /// The outcome of the latest ``fetch(expirationDuration:)`` (cancelled fetches are not counted).
    public var lastFetchStatus: RemoteFetchStatus { state.withLock { $0.lastFetchStatus } }

    /// When a request last succeeded (a new document or "not modified"). After a restart, the fetch
    /// time of the persisted configuration.
    public var lastFetchTime: Date? { state.withLock { $0.lastFetchTime } }

    /// Until when fetches are throttled by the backoff; `nil` when they are not.
    public var throttledUntil: Date? {
        state.withLock { state in state.throttledUntil.flatMap { $0 > clock() ? $0 : nil } }
    }

    /// Whether a fetched document is waiting for ``activate()``.
    public var hasPendingConfiguration: Bool { state.withLock { $0.pending != nil } }

    /// The entity tag of the active configuration, when its source gave one.
    public var activeETag: String? { state.withLock { $0.active?.etag } }

    /// Whether ``markStale()`` was called after the start of the latest successful fetch.
    public var isStale: Bool { state.withLock { $0.isStale } }

    /// What the active configuration's document uses that this version of Tweaks does not know,
    /// and ignored: fields and top-level `$` keys added by a later format, or a newer
    /// `"$schemaVersion"`. Each names the source, position, feature and variable. Empty for most
    /// documents; see "Forward compatibility" in RemoteConfig.md.
    public var activeWarnings: [TweakLoadError] { state.withLock { $0.active?.warnings ?? [] } }

    /// The latest problem with the cache file: a file ignored at `init`, or a failed write.
    /// `nil` after a successful write.
    public var cacheError: RemoteCacheError? { state.withLock { $0.cacheError } }
}
