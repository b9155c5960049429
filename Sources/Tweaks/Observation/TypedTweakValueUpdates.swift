/// The value of one tweak now and after each change that alters it, as `Value` (see
/// `TweakManager.values(feature:variable:as:)`).
/// A `nil` element means "not found, or not readable as `Value`" (the reason goes to
/// ``TweakManager/logClosure``).
public struct TypedTweakValueUpdates<Value: Equatable & Sendable>: AsyncSequence, Sendable {
    let manager: TweakManager
    let key: TweakKey
    let events: AsyncStream<TweakChange>
    /// The current value, read in the consumer's task: never on the thread that made the change.
    let read: @Sendable (TweakManager, TweakKey) -> Value?

    /// Creates an iterator whose first element is the current value.
    public func makeAsyncIterator() -> Iterator {
        Iterator(updates: self, events: events.makeAsyncIterator())
    }

    /// Yields the current value, then each change of it.
    public struct Iterator: AsyncIteratorProtocol {
        let updates: TypedTweakValueUpdates
        var events: AsyncStream<TweakChange>.AsyncIterator
        var last: Value?? = .none

        /// The current value on the first call; later, waits for a change that alters the value.
        /// `nil` (the outer optional) when the sequence has ended.
        public mutating func next() async -> Value?? {
            guard let previous = last else {
                let value = updates.read(updates.manager, updates.key)
                last = .some(value)
                return .some(value)
            }
            while await events.next() != nil {
                let value = updates.read(updates.manager, updates.key)
                if value != previous {
                    last = .some(value)
                    return .some(value)
                }
            }
            return nil
        }
    }
}

extension TweakManager {
    /// The tweak's current value as `Value` (`Bool`, `Int`, `Double`, `Float`, `String`; by
    /// default ``TweakValue``), then its value after each change that alters it, read by the
    /// lookup rule like ``value(feature:variable:as:)-10tss``: `nil` when no provider has a value
    /// of that type or it cannot be read (the reason goes to ``logClosure``).
    public func values<Value: TweakValueConvertible & Equatable>(
        feature: String, variable: String, as type: Value.Type = TweakValue.self
    ) -> TypedTweakValueUpdates<Value> {
        typedValues(TweakKey(feature: feature, variable: variable), codec: .convertible)
    }

    /// The tweak's value as a `RawRepresentable` type (typically an enum), then after each change
    /// that alters it; `nil` when the raw value has another type or names no case.
    public func values<Value: RawRepresentable & Equatable & Sendable>(
        feature: String, variable: String, as type: Value.Type
    ) -> TypedTweakValueUpdates<Value> where Value.RawValue: TweakValueConvertible {
        typedValues(TweakKey(feature: feature, variable: variable), codec: .rawRepresentable)
    }

    /// The tweak's structured value decoded as a `Codable` type, then after each change that
    /// alters it; `nil` when it does not decode.
    @_disfavoredOverload  // A TweakValueConvertible type takes that overload
    public func values<Value: Codable & Equatable & Sendable>(
        feature: String, variable: String, as type: Value.Type
    ) -> TypedTweakValueUpdates<Value> {
        typedValues(TweakKey(feature: feature, variable: variable), codec: .codable)
    }

    private func typedValues<Value>(_ key: TweakKey, codec: TweakValueCodec<Value>) -> TypedTweakValueUpdates<Value> {
        TypedTweakValueUpdates(
            manager: self, key: key, events: subscribe(to: key, bufferingPolicy: .bufferingNewest(1))
        ) {
            try? $0.value($1, codec: codec)
        }
    }
}
