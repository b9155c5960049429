/// What the property wrappers share: one tweak of one manager, read and written as `Value`.
@usableFromInline
struct TweakBinding<Value>: Sendable {
    /// What the binding is, behind one reference (see ``TweakBindingStorage``).
    @usableFromInline let storage: TweakBindingStorage<Value>

    @usableFromInline
    init(feature: String, variable: String, manager: TweakManager, codec: TweakValueCodec<Value>) {
        storage = TweakBindingStorage(
            key: TweakKey(feature: feature, variable: variable), manager: manager, codec: codec)
    }

    var manager: TweakManager { storage.manager }
    var codec: TweakValueCodec<Value> { storage.codec }
    var feature: String { storage.key.feature }
    var variable: String { storage.key.variable }

    @inlinable
    func read() throws -> Value {
        try storage.manager.value(storage.key, codec: storage.codec)
    }

    /// ``read()``, or `nil` after logging why at `debug` (the lookup logged a problem behind it
    /// at `error` once, when it appeared).
    @inlinable
    func readOrLogFailure() -> Value? {
        do {
            return try read()
        } catch {
            logFallback(error)
            return nil
        }
    }

    @usableFromInline
    func logFallback(_ error: any Error) {
        guard let log = manager.logClosure else { return }
        log("\(feature).\(variable): \(error); using the fallback value", .debug)
    }

    /// Writes an override; a failure (no mutable provider, a value that cannot be encoded) is logged.
    @usableFromInline
    func write(_ value: Value) {
        do {
            try manager.set(value, feature: feature, variable: variable, codec: codec)
        } catch {
            manager.logClosure?("\(feature).\(variable) was not written: \(error)", .error)
        }
    }

    @usableFromInline
    func delete() {
        do {
            try manager.deleteValue(feature: feature, variable: variable)
        } catch {
            manager.logClosure?("\(feature).\(variable) was not deleted: \(error)", .error)
        }
    }

    func projection<Wrapped>(reading read: @escaping @Sendable () -> Wrapped) -> TweakPropertyProjection<Wrapped> {
        let binding = self
        return TweakPropertyProjection(
            feature: feature, variable: variable, manager: manager,
            explain: {
                binding.manager.explain(feature: binding.feature, variable: binding.variable, codec: binding.codec)
            },
            read: read)
    }
}

/// What a ``TweakBinding`` is, behind one reference: reading a wrapper that a class stores copies
/// the binding, and a copy then retains one object instead of the key's names, the manager (whose
/// reference count takes the runtime's slow path) and the codec.
@usableFromInline
final class TweakBindingStorage<Value>: Sendable {
    /// Made once, so that a read hashes no string.
    @usableFromInline let key: TweakKey
    @usableFromInline let manager: TweakManager
    @usableFromInline let codec: TweakValueCodec<Value>

    init(key: TweakKey, manager: TweakManager, codec: TweakValueCodec<Value>) {
        self.key = key
        self.manager = manager
        self.codec = codec
    }
}
