/// The value of one tweak now and after each change that alters it (see
/// ``TweakManager/values(feature:variable:)``). `nil` elements mean "not found or unreadable".
public struct TweakValueUpdates: AsyncSequence, Sendable {
    /// The tweak's value, or `nil` when it is not found or cannot be read.
    public typealias Element = TweakValue?

    let manager: TweakManager
    let key: TweakKey
    let events: AsyncStream<TweakChange>

    /// Creates an iterator whose first element is the current value.
    public func makeAsyncIterator() -> Iterator {
        Iterator(manager: manager, key: key, events: events.makeAsyncIterator())
    }

    /// Yields the current value, then each change of it.
    public struct Iterator: AsyncIteratorProtocol {
        let manager: TweakManager
        let key: TweakKey
        var events: AsyncStream<TweakChange>.AsyncIterator
        var last: TweakValue?? = .none

        /// The current value on the first call; later, waits for a change that alters the value.
        /// `nil` (the outer optional) when the sequence has ended.
        public mutating func next() async -> TweakValue?? {
            guard let previous = last else {
                let value = manager.currentTweak(key)?.value
                last = .some(value)
                return .some(value)
            }
            while await events.next() != nil {
                let value = manager.currentTweak(key)?.value
                if value != previous {
                    last = .some(value)
                    return .some(value)
                }
            }
            return nil
        }
    }
}
