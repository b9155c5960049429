import Foundation

/// A change stream's registration with its manager: which tweak it follows (`nil`: all) and where
/// change events go.
struct ChangeSubscriber: Sendable {
    /// A provider changed `key`; `nil` means anything may have changed (a notification without a tweak).
    struct Event: Sendable {
        let key: TweakKey?
    }

    let key: TweakKey?
    let continuation: AsyncStream<Event>.Continuation
}

extension TweakManager {
    /// Calls `closure` with the changed tweak after every change of one of this manager's
    /// providers, synchronously on the thread that made the change. Registering `object` again
    /// replaces its closure. JustTweak delivered on the main queue; hop there yourself for UI work.
    public func registerForConfigurationsUpdates(
        _ object: AnyObject, closure: @escaping @Sendable (Tweak) -> Void
    ) {
        state.withLock { $0.updateHandlers[ObjectIdentifier(object)] = closure }
    }

    /// Stops the calls registered for `object`. Call it before `object` goes away.
    public func deregisterFromConfigurationsUpdates(_ object: AnyObject) {
        _ = state.withLock { $0.updateHandlers.removeValue(forKey: ObjectIdentifier(object)) }
    }

    /// Every change of one of this manager's providers, as an `AsyncSequence` that works on Linux.
    /// Each element carries the tweak as the manager resolves it when the element is consumed.
    /// Changes are buffered without limit until consumed.
    public var changes: TweakChanges {
        TweakChanges(manager: self, events: subscribe(to: nil, bufferingPolicy: .unbounded))
    }

    /// The current value of the tweak (`nil` when no provider has it or it cannot be read; the
    /// reason goes to ``logClosure``), then its value after each change that alters it.
    public func values(feature: String, variable: String) -> TweakValueUpdates {
        let key = TweakKey(feature: feature, variable: variable)
        // The stream only wakes the consumer, which then reads the current value: keeping the
        // newest event is enough, and no change after the subscription can be missed.
        return TweakValueUpdates(
            manager: self, key: key, events: subscribe(to: key, bufferingPolicy: .bufferingNewest(1)))
    }

    func subscribe(
        to key: TweakKey?, bufferingPolicy: AsyncStream<ChangeSubscriber.Event>.Continuation.BufferingPolicy
    ) -> AsyncStream<ChangeSubscriber.Event> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ChangeSubscriber.Event.self, bufferingPolicy: bufferingPolicy)
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

    /// Handles a ``TweakProviderDidChangeNotification``: empties the cache, then tells the
    /// registered closures and streams, outside the lock.
    func providerDidChange(_ notification: Notification) {
        if let sender = notification.object {
            guard tweakProviders.contains(where: { $0 === sender as AnyObject }) else { return }
        }
        let tweak = notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak
        let key = tweak.map { TweakKey(feature: $0.feature, variable: $0.variable) }
        resetCache()
        let (handlers, subscribers) = state.withLock { state in
            (Array(state.updateHandlers.values), Array(state.subscribers.values))
        }
        for subscriber in subscribers where subscriber.key == nil || key == nil || subscriber.key == key {
            subscriber.continuation.yield(ChangeSubscriber.Event(key: key))
        }
        if let tweak {
            for handler in handlers { handler(tweak) }
        }
    }
}
