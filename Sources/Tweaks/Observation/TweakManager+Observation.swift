import Foundation

/// A change stream's registration with its manager: which tweak it follows (`nil`: all) and where
/// change events go.
struct ChangeSubscriber: Sendable {
    let key: TweakKey?
    let continuation: AsyncStream<TweakChange>.Continuation
}

/// A manager's subscriptions: the channels of its providers and its observer of foreign
/// notifications.
struct ProviderObservation: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `notificationToken` (not `Sendable` on Linux) is never
    // used except to be passed, once, to `NotificationCenter.removeObserver`, which is thread-safe.
    let channels: [TweakProviderChannel]
    let notificationToken: any NSObjectProtocol
}

extension TweakManager {
    /// Calls `closure` with each changed tweak after every change of one of this manager's
    /// providers, synchronously on the thread that made the change: the tweak as the provider
    /// reported it (a removed one as it was). After a change of everything (a reload), it is
    /// called with each tweak the provider now has. Registering `object` again replaces its
    /// closure. JustTweak delivered on the main queue; hop there yourself for UI work.
    public func registerForConfigurationsUpdates(
        _ object: AnyObject, closure: @escaping @Sendable (Tweak) -> Void
    ) {
        state.withLock { $0.updateHandlers[ObjectIdentifier(object)] = closure }
    }

    /// Stops the calls registered for `object`. Call it before `object` goes away.
    public func deregisterFromConfigurationsUpdates(_ object: AnyObject) {
        _ = state.withLock { $0.updateHandlers.removeValue(forKey: ObjectIdentifier(object)) }
    }

    /// Every change of one of this manager's providers, as an `AsyncSequence` that works on Linux:
    /// one element per change a provider announces (a remote activation of a thousand values is
    /// one element; a reload is one element whose ``TweakChange/keys`` is `nil`). Read the new
    /// values from the manager. Changes are buffered without limit until consumed; the sequence
    /// starts when it is made, so make it before the changes it must see.
    public var changes: AsyncStream<TweakChange> {
        subscribe(to: nil, bufferingPolicy: .unbounded)
    }

    func subscribe(
        to key: TweakKey?, bufferingPolicy: AsyncStream<TweakChange>.Continuation.BufferingPolicy
    ) -> AsyncStream<TweakChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: TweakChange.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            defer { state.nextSubscriberID += 1 }
            state.subscribers[state.nextSubscriberID] = ChangeSubscriber(key: key, continuation: continuation)
            return state.nextSubscriberID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The current tweak for change streams: never throws, reports failures to the log.
    func currentTweak(_ key: TweakKey) -> Tweak? {
        do {
            return try tweakIfPresent(key)
        } catch {
            logClosure?("\(key.feature).\(key.variable) cannot be read: \(error)", .error)
            return nil
        }
    }

    /// Subscribes to the channel of each provider, and observes ``TweakProviderDidChangeNotification``
    /// posted by other code: what a manager made with ``init(tweakProviders:)`` does once. Undone by
    /// ``stopObserving(_:)`` in `deinit`.
    func startObserving() -> ProviderObservation {
        let channels = tweakProviders.map(\.providerChannel)
        for channel in channels { channel.subscribe(self) }
        let token = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: nil, queue: nil
        ) { [weak self] notification in
            guard !TweakProviderDidChangeBridge.isPosting else { return }
            self?.foreignDidChange(notification)
        }
        return ProviderObservation(channels: channels, notificationToken: token)
    }

    /// Undoes ``startObserving()``; called from `deinit` with the manager's ID.
    static func stopObserving(_ observation: ProviderObservation, managerID: UInt64) {
        for channel in observation.channels { channel.unsubscribe(managerID: managerID) }
        NotificationCenter.default.removeObserver(observation.notificationToken)
    }

    /// A notification posted by other code (a provider written for JustTweak): a change of its
    /// tweak, or of everything, when its object is one of this manager's providers or `nil`.
    private func foreignDidChange(_ notification: Notification) {
        var provider: (any TweakProvider)?
        if let object = notification.object {
            guard let match = tweakProviders.first(where: { $0 === object as AnyObject }) else { return }
            provider = match
        }
        let tweak = notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak
        var change = tweak.map { TweakChange.tweaks([$0]) } ?? .everything
        change.source = provider?.name ?? ""
        providerDidChange(change, from: provider)
    }

    /// Handles a change of one of this manager's providers (`nil`: a foreign notification without
    /// an object): empties the cache once, then tells the registered closures and streams, outside
    /// the lock.
    func providerDidChange(_ change: TweakChange, from provider: (any TweakProvider)?) {
        refreshSchema(after: provider)
        resetCache()
        checkDeclaredTypes(after: change, from: provider)
        let (handlers, subscribers) = state.withLock { state in
            (Array(state.updateHandlers.values), Array(state.subscribers.values))
        }
        for subscriber in subscribers where subscriber.key.map(change.affects) ?? true {
            subscriber.continuation.yield(change)
        }
        guard !handlers.isEmpty else { return }
        let tweaks = change.keys == nil ? provider?.knownTweaks ?? [] : change.tweaks
        for tweak in tweaks {
            for handler in handlers { handler(tweak) }
        }
    }
}
