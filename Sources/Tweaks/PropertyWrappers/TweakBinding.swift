/// What the property wrappers share: one tweak of one manager, read and written as `Value`.
struct TweakBinding<Value>: Sendable {
    let feature: String
    let variable: String
    let manager: TweakManager
    let codec: TweakValueCodec<Value>

    func read() throws -> Value {
        try manager.value(feature: feature, variable: variable, codec: codec)
    }

    /// ``read()``, or `nil` after logging why (a miss at `debug`, anything else at `error`).
    func readOrLogFailure() -> Value? {
        do {
            return try read()
        } catch {
            if let log = manager.logClosure {
                let isMiss = if case TweakError.notFound = error { true } else { false }
                log("\(feature).\(variable): \(error); using the fallback value", isMiss ? .debug : .error)
            }
            return nil
        }
    }

    /// Writes an override; a failure (no mutable provider, a value that cannot be encoded) is logged.
    func write(_ value: Value) {
        do {
            try manager.set(value, feature: feature, variable: variable, codec: codec)
        } catch {
            manager.logClosure?("\(feature).\(variable) was not written: \(error)", .error)
        }
    }

    func delete() {
        do {
            try manager.deleteValue(feature: feature, variable: variable)
        } catch {
            manager.logClosure?("\(feature).\(variable) was not deleted: \(error)", .error)
        }
    }

    /// The first value, in provider order, that reads as `Value`; `nil` when none does.
    func firstReadableValue() -> Value? {
        let key = TweakKey(feature: feature, variable: variable)
        for lookup in manager.lookups {
            guard let tweak = try? lookup.tweak(for: key),
                let value = try? codec.decode(tweak.value)
            else { continue }
            return value
        }
        return nil
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
