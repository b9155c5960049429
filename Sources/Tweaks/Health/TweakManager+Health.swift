extension TweakManager {
    /// Every event of this manager's providers, as an `AsyncSequence` that works on Linux: fetches,
    /// activations, cache loads and writes, file reloads — failures (with the next retry),
    /// recoveries and successes. It starts with the current failures of every provider (such as a
    /// cache file ignored before the manager was made), then yields events as they are posted,
    /// buffered without limit until consumed.
    ///
    /// ```swift
    /// for await event in manager.providerEvents where event.outcome != .succeeded {
    ///     print(event)   // remote: fetch failed: …; next try at … (in 2.0 s)
    /// }
    /// ```
    public var providerEvents: AsyncStream<TweakProviderEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TweakProviderEvent.self)
        for failure in currentFailures { continuation.yield(failure) }
        let id = state.withLock { state in
            defer { state.nextSubscriberID += 1 }
            state.eventSubscribers[state.nextSubscriberID] = continuation
            return state.nextSubscriberID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.eventSubscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The health of each provider as this manager sees it, in priority order: its last success,
    /// its current failures and the next retry, with this manager's own `typeCheck` verdict on its
    /// values (another manager of the same provider has its own).
    public var providerHealth: [TweakProviderHealth] {
        tweakProviders.map { provider in
            var health = provider.health
            if let failure = typeCheckFailure(of: provider) { _ = health.record(failure) }
            return health
        }
    }

    /// Handles an event of one of this manager's providers: logs it (a failure at `error` level,
    /// the same failure repeated at `debug`, a recovery at `notice`, a success at `trace`), then
    /// delivers it to the streams, outside the lock.
    func providerDidReport(_ event: TweakProviderEvent) {
        let (log, subscribers) = state.withLock { ($0.readSettings.log, Array($0.eventSubscribers.values)) }
        if let log {
            let level: LogLevel =
                switch event.outcome {
                case .failed: event.isRepeat ? .debug : .error
                case .recovered: .notice
                default: .trace
                }
            log(event.description, level)  // built only when the level is logged
        }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    /// Logs each current failure of the providers once: called when a log closure is set, so that
    /// failures from before (a cache file ignored at start-up) are heard.
    func logCurrentFailures(to log: ManagerLog) {
        for failure in currentFailures { log(failure.description, .error) }
    }

    /// The providers' current failures as this manager sees them, in priority order.
    private var currentFailures: [TweakProviderEvent] {
        tweakProviders.flatMap { provider in
            (provider.providerChannel.health?.currentFailures ?? [])
                + (typeCheckFailure(of: provider).map { [$0] } ?? [])
        }
    }
}
