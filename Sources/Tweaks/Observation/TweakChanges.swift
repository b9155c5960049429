/// The changes of a manager's providers, as an `AsyncSequence` (see ``TweakManager/changes``).
public struct TweakChanges: AsyncSequence, Sendable {
    /// One change of one provider.
    public typealias Element = TweakChange

    let events: AsyncStream<TweakChange>

    /// Creates an iterator over the changes from when the sequence was made.
    public func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator())
    }

    /// Yields each change as it is announced.
    public struct Iterator: AsyncIteratorProtocol {
        var events: AsyncStream<TweakChange>.AsyncIterator

        /// Waits for the next change; `nil` when the sequence has ended (the manager went away).
        public mutating func next() async -> TweakChange? {
            await events.next()
        }
    }
}
