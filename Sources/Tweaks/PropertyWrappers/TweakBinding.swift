/// What the property wrappers share: one tweak of one manager, read and written as `Value`.
@usableFromInline
struct TweakBinding<Value>: Sendable {
    /// Made once, so that a read hashes no string.
    @usableFromInline let key: TweakKey
    @usableFromInline let manager: TweakManager
    @usableFromInline let codec: TweakValueCodec<Value>

    @usableFromInline
    init(feature: String, variable: String, manager: TweakManager, codec: TweakValueCodec<Value>) {
        self.key = TweakKey(feature: feature, variable: variable)
        self.manager = manager
        self.codec = codec
    }

    var feature: String { key.feature }
    var variable: String { key.variable }

    @inlinable
    func read() throws -> Value {
        try manager.value(key, codec: codec)
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
