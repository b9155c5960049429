/// One change seen by ``TweakManager/changes``.
public struct TweakChange: Sendable, Hashable {
    /// The feature of the changed tweak.
    public let feature: String
    /// The variable of the changed tweak.
    public let variable: String
    /// The tweak as the manager resolves it now; `nil` when no provider has it any more (or it
    /// cannot be read, which is logged).
    public let tweak: Tweak?
}

/// The changes of a manager's providers, as an `AsyncSequence` (see ``TweakManager/changes``).
///
/// Notifications posted without a tweak (a manual cache reset) empty the cache but yield no element.
public struct TweakChanges: AsyncSequence, Sendable {
    /// One change of one tweak.
    public typealias Element = TweakChange

    let manager: TweakManager
    let events: AsyncStream<ChangeSubscriber.Event>

    /// Creates an iterator over the changes from now on.
    public func makeAsyncIterator() -> Iterator {
        Iterator(manager: manager, events: events.makeAsyncIterator())
    }

    /// Yields each change as it is announced.
    public struct Iterator: AsyncIteratorProtocol {
        let manager: TweakManager
        var events: AsyncStream<ChangeSubscriber.Event>.AsyncIterator

        /// Waits for the next change of a tweak; `nil` when the sequence has ended.
        public mutating func next() async -> TweakChange? {
            while let event = await events.next() {
                guard let key = event.key else { continue }
                return TweakChange(feature: key.feature, variable: key.variable, tweak: manager.currentTweak(key))
            }
            return nil
        }
    }
}
