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
/// generated accessors, ``isFeatureEnabled(_:)``, ``explain(feature:variable:)``, the catalog):
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
    public static let featureEnabledVariable = "enabled"

    /// The providers in priority order, highest first.
    public let tweakProviders: [any TweakProvider]
    /// The highest-priority mutable provider: where ``set(_:feature:variable:)-(TweakValue,_,_)`` writes.
    public let mutableTweakProvider: (any MutableTweakProvider)?

    /// The declared type of each tweak of the local defaults files (see ``TweakDeclarations``).
    let declarations: TweakDeclarations

    struct State: Sendable {
        var readSettings = TweakCache.Settings()
        var decryptionClosure: DecryptionClosure?
        var context: TweakContext?
        var updateHandlers: [ObjectIdentifier: @Sendable (Tweak) -> Void] = [:]
        var subscribers: [UInt64: ChangeSubscriber] = [:]
        var eventSubscribers: [UInt64: AsyncStream<TweakProviderEvent>.Continuation] = [:]
        var nextSubscriberID: UInt64 = 0
    }

    let state = Locked(State())

    /// The problems this manager's reads have logged, so that each is logged once (``ProblemLog``).
    let problemLog = ProblemLog()

    /// Identifies this manager's caches in every thread and its change registrations; never reused.
    let id: UInt64
    /// Incremented by every change: threads compare it with their cache's (see ``TweakCache``).
    /// Freed in `deinit`.
    let cacheVersion = AtomicCounter()
    private static let identifiers = AtomicCounter()

    /// A manager that asks `tweakProviders` in order: the first has the highest priority.
    public init(tweakProviders: [any TweakProvider]) {
        self.tweakProviders = tweakProviders
        self.mutableTweakProvider = tweakProviders.lazy.compactMap { $0 as? any MutableTweakProvider }.first
        self.declarations = TweakDeclarations(tweakProviders)
        self.id = Self.identifiers.increment()
        TweakChangeRouter.shared.register(self, for: tweakProviders)
        for case let environment as EnvironmentTweakProvider in tweakProviders { environment.adopt(declarations) }
    }

    deinit {
        TweakChangeRouter.shared.unregister(managerID: id, from: tweakProviders)
        defer { cacheVersion.deallocate() }
        let (subscribers, eventSubscribers) = state.withLock {
            (Array($0.subscribers.values), Array($0.eventSubscribers.values))
        }
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

    /// Receives the manager's log messages, among them every failure its providers report off the
    /// read path (see ``providerEvents``); messages are only built while one is set. Setting one
    /// logs the providers' current failures once (such as a cache file ignored before the manager
    /// was made).
    public var logClosure: LogClosure? {
        get { state.withLock { $0.readSettings.log } }
        set {
            changeReadSettings { $0.log = newValue }
            if let newValue { logCurrentFailures(to: newValue) }
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
    private func changeReadSettings(_ change: (inout TweakCache.Settings) -> Void) {
        state.withLock { change(&$0.readSettings) }
        resetCache()
    }

    /// The calling thread's cache of this manager, emptied first if anything changed since it
    /// was filled.
    @inline(__always)
    func threadCache() -> TweakCache {
        let version = cacheVersion.load()
        let cache = ThreadLocalCaches.current.cache(forManager: id)
        if cache.version != version {
            // Settings are read after the version: they are at least as new as the version says.
            cache.reset(version: version, settings: state.withLock { $0.readSettings })
        }
        return cache
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

    /// The lookup behind every read: a task-local override of the key, else the cache, else the
    /// providers (see the lookup rule above).
    func tweakIfPresent(_ key: TweakKey) throws -> Tweak? {
        if let overrides = TweakOverrides.active, let entry = overrides.entry(for: key, in: self) {
            reportMismatch(of: entry, key: key, overrides: overrides)
            var noTrace: LookupTrace?
            return try lookUp(key, override: entry, log: logClosure, trace: &noTrace).get()
        }
        let cache = threadCache()
        let log = cache.settings.log
        if let cached = cache.entry(for: key) {
            log?("\(key) answered from the cache", .trace)
            switch cached {
            case .hit(let tweak): return tweak
            case .miss: return nil
            }
        }
        let version = cache.version
        var noTrace: LookupTrace?
        let outcome = lookUp(key, override: nil, log: log, trace: &noTrace)
        // An answer is kept unless it is a failure: a failing provider is asked again next time.
        if outcome.tweak != nil || outcome.firstFailure == nil, !outcome.dependsOnContext,
            cacheVersion.load() == version
        {
            cache.store(outcome.tweak, for: key)
        }
        return try outcome.get()
    }

    /// Whether `feature` is enabled: its ``featureEnabledVariable`` (`enabled`) tweak read as a
    /// `Bool` by the lookup rule, so an override can switch a feature off as well as on. A
    /// provider without that tweak is also asked for its own verdict
    /// (``TweakProvider/isFeatureEnabled(_:)``; `true` enables, as in JustTweak). With no usable
    /// answer anywhere, `false`; `explain(feature:variable:)` on `enabled` shows why.
    public func isFeatureEnabled(_ feature: String) -> Bool {
        var noTrace: LookupTrace?
        if let overrides = TweakOverrides.active {
            let key = TweakKey(feature: feature, variable: Self.featureEnabledVariable)
            if let entry = overrides.entry(for: key, in: self) {
                reportMismatch(of: entry, key: key, overrides: overrides)
                return lookUpFeature(key, override: entry, log: logClosure, trace: &noTrace)
            }
        }
        let cache = threadCache()
        if let cached = cache.isFeatureEnabled(feature) { return cached }
        let key = TweakKey(feature: feature, variable: Self.featureEnabledVariable)
        let version = cache.version
        var dependsOnContext = false
        let enabled = lookUpFeature(
            key, override: nil, log: cache.settings.log, trace: &noTrace, dependsOnContext: &dependsOnContext)
        if !dependsOnContext, cacheVersion.load() == version { cache.store(featureEnabled: enabled, for: feature) }
        return enabled
    }

    /// The lookup of a feature's `enabled` tweak as a `Bool`, with the providers' own verdicts.
    func lookUpFeature(
        _ key: TweakKey, override: TweakOverrides.Entry?, log: LogClosure?, trace: inout LookupTrace?
    ) -> Bool {
        var dependsOnContext = false
        return lookUpFeature(key, override: override, log: log, trace: &trace, dependsOnContext: &dependsOnContext)
    }

    /// ``lookUpFeature(_:override:log:trace:)``, telling whether the answer depends on the context.
    func lookUpFeature(
        _ key: TweakKey, override: TweakOverrides.Entry?, log: LogClosure?, trace: inout LookupTrace?,
        dependsOnContext: inout Bool
    ) -> Bool {
        let outcome = lookUp(
            key, override: override, log: log,
            check: { tweak in
                tweak.value.boolValue == nil
                    ? TweakManager.mismatchReason(tweak, expected: Bool.self, detail: nil) : nil
            }, featureVerdict: key.feature, trace: &trace)
        dependsOnContext = outcome.dependsOnContext
        let enabled = outcome.tweak?.value.boolValue ?? false
        log?(
            "feature \(key.feature) is \(enabled ? "enabled" : "disabled") (\(outcome.tweak?.source ?? "no usable answer"))",
            .debug)
        return enabled
    }
}
