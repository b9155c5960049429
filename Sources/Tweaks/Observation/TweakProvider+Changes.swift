extension TweakProvider {
    /// Announces that the provider's values changed: every ``TweakManager`` that uses the provider
    /// (and no other) empties its cache once and tells its observers, synchronously on the calling
    /// thread; then ``TweakProviderDidChangeNotification`` is posted for JustTweak's observers.
    ///
    /// Call it after the change is stored, outside any lock, once per change (a reload of a
    /// thousand values is one call). An empty list of tweaks posts nothing.
    public func postDidChange(_ change: TweakChange) {
        guard !change.isEmpty else { return }
        var change = change
        change.source = name
        providerChannel.deliver(change, from: self)
    }
}
