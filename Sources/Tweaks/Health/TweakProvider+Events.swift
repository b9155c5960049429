extension TweakProvider {
    /// Reports what the provider did off the read path (a fetch, a reload, a cache write) and
    /// whether it worked: the provider's health is updated, and every ``TweakManager`` that uses it
    /// logs the event (a failure at `error` level) and delivers it on
    /// ``TweakManager/providerEvents``, synchronously on the calling thread.
    ///
    /// Call it outside any lock, once per attempt: a failure with the time of the next attempt,
    /// a success after every attempt that worked (a success after a failure is delivered as a
    /// recovery).
    public func postEvent(_ event: TweakProviderEvent) {
        var event = event
        event.source = name
        providerChannel.deliver(event)
    }

    /// How the provider's background work is going, from the events it posted (see
    /// ``postEvent(_:)``); a provider that posts none is always healthy. Users read it from
    /// ``TweakManager/providerHealth``.
    package var health: TweakProviderHealth {
        providerChannel.health ?? TweakProviderHealth(source: name)
    }
}
