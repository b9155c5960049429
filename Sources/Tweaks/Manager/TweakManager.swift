import Foundation

/// Answers "what is the value of variable V of feature F?" by asking an ordered list of
/// providers, highest priority first.
///
/// ```swift
/// let manager = TweakManager(tweakProviders: [
///     UserDefaultsTweakProvider(userDefaults: .standard),  // overrides, persisted
///     try LocalTweakProvider(jsonURL: defaultsURL),       // defaults of last resort
/// ])
/// if manager.isFeatureEnabled("checkout") { … }
/// let text = try manager.tweakWith(feature: "ui_customization", variable: "label_text").value
/// ```
///
/// **The lookup rule**, the same for every read (`tweakWith`, typed reads, the property wrappers,
/// generated accessors, ``isFeatureEnabled(_:)``, ``explain(feature:variable:as:)``, the catalog):
/// the layers are asked in priority order — a task-local ``TweakOverrides`` override, then each
/// provider — and **the first usable answer wins**. An answer is unusable when its provider has the
/// tweak but fails to give it (a failed decryption) or when its value is not of the type the read
/// asks for (a `String` override of an `Int` tweak); it is passed over, logged at `error` level and
/// shown by `explain`, so a broken override never hides a good default. When no layer has a
/// usable answer, throwing reads throw the first unusable answer's error (or
/// ``TweakError/notFound(feature:variable:)``), the wrappers and generated accessors use their
/// fallback, and `isFeatureEnabled` answers `false`.
///
/// A `TweakManager` is safe to use from any thread and task. With ``useCache`` on, repeated reads
/// are served from memory; every change through the manager, every change one of its providers
/// announces (``TweakProvider/postDidChange(_:)``) and ``resetCache()`` empty the cache, so a read
/// that starts after a change has returned never sees the old value. Providers, closures and
/// observers are never called while the manager holds its lock.
public final class TweakManager: Sendable {
    /// The variable whose Boolean value is a provider's opinion in ``isFeatureEnabled(_:)``:
    /// `enabled`. `feature.enabled = false` in an override switches the feature off.
    package static let featureEnabledVariable = "enabled"

    /// The providers in priority order, highest first.
    public let tweakProviders: [any TweakProvider]
    /// ``tweakProviders`` as reads ask them (see ``AskedProvider``).
    let askedProviders: [AskedProvider]
    /// The highest-priority mutable provider: where ``set(_:feature:variable:)-(TweakValue,_,_)`` writes.
    public let mutableTweakProvider: (any MutableTweakProvider)?

    /// What the manager's providers declare its tweaks to be (see ``TweakSchema``): the types
    /// every other layer's values are checked against, lifecycle and descriptions. Made anew when a
    /// provider that declares something announces a change (a remote document's lifecycle).
    public var schema: TweakSchema { state.withLock { $0.readSettings.schema } }

    struct State: Sendable {
        var readSettings = TweakCache.Settings()
        var decryptionClosure: DecryptionClosure?
        var updateHandlers: [ObjectIdentifier: @Sendable (Tweak) -> Void] = [:]
        var subscribers: [UInt64: ChangeSubscriber] = [:]
        var eventSubscribers: [UInt64: AsyncStream<TweakProviderEvent>.Continuation] = [:]
        var nextSubscriberID: UInt64 = 0
        /// The generation of the rebuild that made ``readSettings``' schema (``refreshSchema(after:)``).
        var schemaGeneration = 0
        /// Set once by ``init(tweakProviders:)``, undone in `deinit` (``startObserving()``).
        var providerObservation: ProviderObservation?
        /// This manager's verdict on each provider's values against its schema: the current
        /// `typeCheck` failure, by provider. Kept here, not with the provider, because another
        /// manager of the same provider has another schema.
        var typeCheckFailures: [ObjectIdentifier: TweakProviderEvent] = [:]
        /// The hooks and exposure handlers whose failure was reported (``TweakHook``): each once.
        var reportedObservationFailures: Set<String> = []
    }

    let state: Locked<State>
    /// The generations of schema rebuilds started (``refreshSchema(after:)``); the published one
    /// is ``State/schemaGeneration``.
    let schemaRebuilds: Locked<Int>

    /// The problems this manager's reads have logged, so that each is logged once (``ProblemLog``).
    let problemLog: ProblemLog

    /// Identifies this manager's caches in every thread and its change registrations; never reused.
    let id: UInt64
    /// Incremented by every change: threads compare it with their cache's (see ``TweakCache``).
    /// Freed in `deinit` of the manager that made it.
    let cacheVersion: AtomicCounter
    private static let identifiers = AtomicCounter()

    /// The context of every read of a contextual manager (``reading(for:)``); `nil` for a manager
    /// made with ``init(tweakProviders:)``.
    let boundContext: TweakContext?
    /// The manager a contextual one reads for; `nil` for a manager made with ``init(tweakProviders:)``.
    private let base: TweakManager?
    /// What the reads of this manager view add: per-read hooks, hints, no exposure
    /// (``with(hooks:hints:)``, ``withoutExposures()``); empty for a manager made with
    /// ``init(tweakProviders:)``.
    let readOptions: ReadOptions
    /// Odd while reads of this manager are observed (a hook, an exposure log, or
    /// ``readOptions``): the one test a read makes before it pays for observation (see
    /// ``ReadObservation``). Freed in `deinit` of the manager that made it.
    let observedReads: AtomicCounter

    /// A manager that asks `tweakProviders` in order: the first has the highest priority.
    public init(tweakProviders: [any TweakProvider]) {
        self.tweakProviders = tweakProviders
        self.askedProviders = tweakProviders.map(AskedProvider.make)
        self.mutableTweakProvider = tweakProviders.lazy.compactMap { $0 as? any MutableTweakProvider }.first
        var state = State()
        state.readSettings.schema = TweakSchema(tweakProviders)
        self.state = Locked(state)
        self.schemaRebuilds = Locked(0)
        self.problemLog = ProblemLog()
        self.id = Self.identifiers.increment()
        self.cacheVersion = AtomicCounter()
        self.boundContext = nil
        self.base = nil
        self.readOptions = ReadOptions()
        self.observedReads = AtomicCounter()
        let observation = startObserving()
        self.state.withLock { $0.providerObservation = observation }
        // Values of another type than declared are heard from the start, not only at a read.
        for provider in tweakProviders { checkDeclaredTypes(after: .everything, from: provider) }
        // Misspelt environment variables are heard from the start too: they name no declared tweak.
        for case let environment as EnvironmentTweakProvider in tweakProviders {
            environment.reportNameProblems(in: schema)
        }
    }

    /// A contextual manager: `base`'s providers, schema, cache, settings and observers, with
    /// `context` (when not `nil`) for every read and `options` for every read.
    init(base: TweakManager, context: TweakContext?, options: ReadOptions) {
        self.tweakProviders = base.tweakProviders
        self.askedProviders = base.askedProviders
        self.mutableTweakProvider = base.mutableTweakProvider
        self.state = base.state
        self.schemaRebuilds = base.schemaRebuilds
        self.problemLog = base.problemLog
        self.id = base.id
        self.cacheVersion = base.cacheVersion
        self.boundContext = context
        self.base = base
        self.readOptions = options
        self.observedReads = options.isEmpty ? base.observedReads : ReadOptions.alwaysObserved
    }

    /// This manager reading for `context`: the one way to read for a user or a request. Every read
    /// of the returned manager — `tweakWith`, typed reads, `isFeatureEnabled`, `explain`, and the
    /// property wrappers and generated accessors made with it — decides conditional values for
    /// `context`. It shares everything else with this manager (providers, cache, settings,
    /// overrides, observers) and costs one small object:
    ///
    /// ```swift
    /// let user = manager.reading(for: TweakContext(randomizationID: request.userID))
    /// if user.isFeatureEnabled("checkout") { … }
    /// let tweaks = GeneratedTweakAccessor(with: user)
    /// ```
    public func reading(for context: TweakContext) -> TweakManager {
        TweakManager(base: base ?? self, context: context, options: readOptions)
    }

    /// The manager that owns the providers, cache and settings: this one, or the manager a
    /// contextual one was made from.
    var owner: TweakManager { base ?? self }

    deinit {
        // A contextual manager owns nothing of its own: its base does.
        guard base == nil else { return }
        defer {
            cacheVersion.deallocate()
            observedReads.deallocate()
        }
        let (observation, subscribers, eventSubscribers) = state.withLock {
            ($0.providerObservation, Array($0.subscribers.values), Array($0.eventSubscribers.values))
        }
        if let observation { Self.stopObserving(observation, managerID: id) }
        for subscriber in subscribers { subscriber.continuation.finish() }
        for subscriber in eventSubscribers { subscriber.finish() }
    }

    // MARK: Settings

    /// Whether answers are cached. Off by default, as in JustTweak; turning it on or off empties
    /// the cache.
    public var useCache: Bool {
        get { state.withLock { $0.readSettings.isCaching } }
        set { changeReadSettings { $0.isCaching = newValue } }
    }

    /// Receives the manager's log messages at or above ``minimumLogLevel``, among them every
    /// failure its providers report off the read path (see ``providerEvents``); messages are only
    /// built while one is set, and never below the minimum. Setting one logs the providers' current
    /// failures once (such as a cache file ignored before the manager was made). Reading it gives
    /// the closure as the manager calls it: a message below the minimum is dropped.
    public var logClosure: LogClosure? {
        get {
            guard let log = state.withLock({ $0.readSettings.log }) else { return nil }
            return { message, level in log(message, level) }
        }
        set {
            changeReadSettings { settings in
                settings.log = newValue.map { ManagerLog(closure: $0, minimum: settings.minimumLogLevel) }
                settings.tracesReads = settings.log?.logsTrace == true
            }
            if let newValue { logCurrentFailures(to: ManagerLog(closure: newValue, minimum: minimumLogLevel)) }
        }
    }

    /// The least important level the manager logs: messages below it are never built, so a log
    /// closure costs reads nothing for the levels it does not want (as a swift-log handler's
    /// `logLevel`). `.info` by default, as swift-log's: problems (`error`) and recoveries
    /// (`notice`). Set `.debug` for one line per read (what it answered, problems seen again), or
    /// `.trace` to add every step (the layers without the tweak, answers from the cache).
    public var minimumLogLevel: LogLevel {
        get { state.withLock { $0.readSettings.minimumLogLevel } }
        set {
            changeReadSettings { settings in
                settings.minimumLogLevel = newValue
                settings.log = settings.log.map { ManagerLog(closure: $0.closure, minimum: newValue) }
                settings.tracesReads = settings.log?.logsTrace == true
            }
        }
    }

    /// Decrypts tweaks marked encrypted. Setting it sets the same closure on every provider
    /// (replacing theirs, as in JustTweak) and empties the cache.
    public var decryptionClosure: DecryptionClosure? {
        get { state.withLock { $0.decryptionClosure } }
        set {
            state.withLock { $0.decryptionClosure = newValue }
            for provider in tweakProviders { provider.decryptionClosure = newValue }
            resetCache()
        }
    }

    /// Empties the cache.
    public func resetCache() {
        cacheVersion.increment()
    }

    /// Changes what reads copy into their thread's cache, then empties every thread's cache so
    /// that each copies the new settings on its next read.
    func changeReadSettings(_ change: (inout TweakCache.Settings) -> Void) {
        state.withLock { change(&$0.readSettings) }
        resetCache()
    }

    /// The read settings as the calling thread's cache of this manager holds them: what its reads
    /// use.
    var threadSettings: TweakCache.Settings {
        ThreadLocalCaches.current.settings(of: self)
    }

    // MARK: Reads

    /// The tweak from the highest-priority layer that gives it (see the lookup rule above).
    ///
    /// A provider that has the tweak but fails (an encrypted value without a decryption closure)
    /// is passed over and its error logged; it is thrown only when no other provider has the tweak.
    /// - Throws: ``TweakError/notFound(feature:variable:)`` when no provider has the tweak, or the
    ///   error of the first provider that failed when none could give it.
    public func tweakWith(feature: String, variable: String) throws -> Tweak {
        guard let tweak = try tweakIfPresent(feature: feature, variable: variable) else {
            throw TweakError.notFound(feature: feature, variable: variable)
        }
        return tweak
    }

    /// Like ``tweakWith(feature:variable:)``, but `nil` instead of an error when no provider has it.
    public func tweakIfPresent(feature: String, variable: String) throws -> Tweak? {
        try tweakIfPresent(TweakKey(feature: feature, variable: variable))
    }

    /// The read behind `tweakWith` and `tweakIfPresent` (see ``read(_:kind:check:)``).
    @usableFromInline
    func tweakIfPresent(_ key: TweakKey) throws -> Tweak? {
        try read(key).get()
    }

    /// Whether `feature` is enabled: its `enabled` tweak read as a
    /// `Bool` by the lookup rule, so an override can switch a feature off as well as on. A
    /// provider without that tweak is also asked for its own verdict
    /// (``TweakProvider/isFeatureEnabled(_:)``; `true` enables, as in JustTweak). With no usable
    /// answer anywhere, `false`; `explain(feature:variable:)` on `enabled` shows why.
    public func isFeatureEnabled(_ feature: String) -> Bool {
        read(TweakKey(feature: feature, variable: Self.featureEnabledVariable), kind: .featureFlag).isEnabled
    }
}
