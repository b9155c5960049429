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
/// A `TweakManager` is safe to use from any thread and task. With ``useCache`` on, repeated reads
/// are served from memory; every change through the manager, every
/// ``TweakProviderDidChangeNotification`` of one of its providers and ``resetCache()`` empty the
/// cache, so a read that starts after a change has returned never sees the old value.
/// Providers, closures and observers are never called while the manager holds its lock.
public final class TweakManager: Sendable {
    /// The variable whose Boolean value is a provider's opinion in ``isFeatureEnabled(_:)``:
    /// `enabled`. `feature.enabled = false` in an override switches the feature off.
    public static let featureEnabledVariable = "enabled"

    /// The providers in priority order, highest first.
    public let tweakProviders: [any TweakProvider]
    /// The highest-priority mutable provider: where ``set(_:feature:variable:)-(TweakValue,_,_)`` writes.
    public let mutableTweakProvider: (any MutableTweakProvider)?

    /// The providers as the manager asks them: by key, through the fast path of the built-in
    /// providers or an adapter for the others (decided once, not per lookup).
    let lookups: [any TweakKeyLookup]

    struct State: Sendable {
        var readSettings = TweakCache.Settings()
        var decryptionClosure: DecryptionClosure?
        var updateHandlers: [ObjectIdentifier: @Sendable (Tweak) -> Void] = [:]
        var subscribers: [UInt64: ChangeSubscriber] = [:]
        var nextSubscriberID: UInt64 = 0
    }

    let state = Locked(State())

    /// Identifies this manager's caches in every thread; never reused.
    let id: UInt64
    /// Incremented by every change: threads compare it with their cache's (see ``TweakCache``).
    /// Freed in `deinit`.
    let cacheVersion = AtomicCounter()
    private static let identifiers = AtomicCounter()

    // Written once in `init` and read once in `deinit`; the notification block never touches it,
    // so no two threads can access it at the same time.
    nonisolated(unsafe) private var notificationObserver: (any NSObjectProtocol)?

    /// A manager that asks `tweakProviders` in order: the first has the highest priority.
    public init(tweakProviders: [any TweakProvider]) {
        self.tweakProviders = tweakProviders
        self.mutableTweakProvider = tweakProviders.lazy.compactMap { $0 as? any MutableTweakProvider }.first
        self.lookups = tweakProviders.map { provider -> any TweakKeyLookup in
            provider as? any KeyedTweakProvider ?? NamedLookup(provider: provider)
        }
        self.id = Self.identifiers.increment()
        notificationObserver = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: nil, queue: nil
        ) { [weak self] notification in
            self?.providerDidChange(notification)
        }
    }

    deinit {
        if let notificationObserver { NotificationCenter.default.removeObserver(notificationObserver) }
        defer { cacheVersion.deallocate() }
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.continuation.finish() }
    }

    // MARK: Settings

    /// Whether answers are cached. Off by default, as in JustTweak; turning it on or off empties
    /// the cache.
    public var useCache: Bool {
        get { state.withLock { $0.readSettings.isCaching } }
        set { changeReadSettings { $0.isCaching = newValue } }
    }

    /// Receives the manager's log messages; messages are only built while one is set.
    public var logClosure: LogClosure? {
        get { state.withLock { $0.readSettings.log } }
        set { changeReadSettings { $0.log = newValue } }
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

    /// The tweak from the highest-priority provider that has it.
    ///
    /// Providers are asked in order until one has the tweak. A provider that has it but fails
    /// (an encrypted value without a decryption closure, a value it cannot represent) ends the
    /// lookup with its error: a broken override is reported, not silently skipped.
    /// - Throws: ``TweakError/notFound(feature:variable:)`` when no provider has the tweak, or the
    ///   error of the provider that failed.
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

    /// The lookup behind every read: task-local overrides, then the cache, then the providers.
    func tweakIfPresent(_ key: TweakKey) throws -> Tweak? {
        if let overrides = TweakOverrides.active, let entry = overrides.entry(for: key, in: self) {
            return overriddenTweak(entry, key: key, overrides: overrides)
        }
        let cache = threadCache()
        let log = cache.settings.log
        if let cached = cache.entry(for: key) {
            log?("\(key.feature).\(key.variable) answered from the cache", .verbose)
            switch cached {
            case .hit(let tweak): return tweak
            case .miss: return nil
            }
        }
        let version = cache.version
        let tweak = try resolve(key, log: log)
        if cacheVersion.load() == version { cache.store(tweak, for: key) }
        return tweak
    }

    /// Asks the providers in order, without the cache.
    func resolve(_ key: TweakKey, log: LogClosure?) throws -> Tweak? {
        for lookup in lookups {
            let found: Tweak?
            do {
                found = try lookup.tweak(for: key)
            } catch {
                log?("\(key.feature).\(key.variable): \(lookup.name) failed: \(error)", .error)
                throw error
            }
            guard let tweak = found else {
                log?("\(key.feature).\(key.variable) not in \(lookup.name)", .verbose)
                continue
            }
            log?("\(key.feature).\(key.variable) resolved: \(tweak)", .debug)
            return tweak
        }
        log?("\(key.feature).\(key.variable) not found in any provider", .debug)
        return nil
    }

    /// Whether `feature` is enabled: the highest-priority provider with an opinion decides, so an
    /// override can switch a feature off as well as on. With no opinion anywhere, `false`.
    ///
    /// A provider's opinion is ``TweakProvider/isFeatureEnabled(_:)``: for the built-in providers,
    /// the Boolean value of the feature's ``featureEnabledVariable`` (`enabled`) tweak. A provider
    /// whose opinion cannot be read (say, `enabled` is a string) is passed over and the reason
    /// logged at `error` level; ``explain(feature:variable:)`` on `enabled` shows it too.
    public func isFeatureEnabled(_ feature: String) -> Bool {
        if let overrides = TweakOverrides.active, let enabled = overriddenFeatureEnabled(feature, overrides: overrides)
        {
            return enabled
        }
        let cache = threadCache()
        if let cached = cache.isFeatureEnabled(feature) { return cached }
        let log = cache.settings.log
        let version = cache.version
        var enabled = false
        var decider: String?
        for provider in tweakProviders {
            do {
                if let opinion = try provider.isFeatureEnabled(feature) {
                    enabled = opinion
                    decider = provider.name
                    break
                }
            } catch {
                log?("feature \(feature): \(provider.name)'s opinion is passed over: \(error)", .error)
            }
        }
        log?(
            "feature \(feature) is \(enabled ? "enabled" : "disabled") (\(decider ?? "no provider has an opinion"))",
            .debug)
        if cacheVersion.load() == version { cache.store(featureEnabled: enabled, for: feature) }
        return enabled
    }
}
