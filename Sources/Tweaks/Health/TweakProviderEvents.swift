/// The events of a manager's providers, as an `AsyncSequence` (see ``TweakManager/providerEvents``).
public struct TweakProviderEvents: AsyncSequence, Sendable {
    /// One event of one provider.
    public typealias Element = TweakProviderEvent

    let events: AsyncStream<TweakProviderEvent>

    /// Creates an iterator over the events from when the sequence was made.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator())
    }

    /// Yields each event as it is posted.
    public struct Iterator: AsyncIteratorProtocol {
        var events: AsyncStream<TweakProviderEvent>.AsyncIterator

        /// Waits for the next event; `nil` when the sequence has ended (the manager went away).
        public mutating func next() async -> TweakProviderEvent? {
            await events.next()
        }
    }
}
