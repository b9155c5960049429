/// The value of one tweak now and after each change that alters it (see
/// ``TweakManager/values(feature:variable:)``). `nil` elements mean "not found or unreadable".
public struct TweakValueUpdates: AsyncSequence, Sendable {
    public typealias Element = TweakValue?

    let manager: TweakManager
    let key: TweakKey
    let events: AsyncStream<ChangeSubscriber.Event>

    public func makeAsyncIterator() -> Iterator {
        Iterator(manager: manager, key: key, events: events.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        let manager: TweakManager
        let key: TweakKey
        var events: AsyncStream<ChangeSubscriber.Event>.AsyncIterator
        var last: TweakValue?? = .none

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
