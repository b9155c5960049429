extension TweakManager {
    /// The tweak's value as `Value` (`Bool`, `Int`, `Double`, `Float`, `String` or ``TweakValue``).
    ///
    /// Values are never guessed: a string is not a Bool and `1` is not `true`. The only
    /// conversions are exact Int↔Double ones (see `Docs/Values.md`).
    /// - Throws: ``TweakError/notSupported(feature:variable:reason:)`` when the value is of another
    ///   type, or any error of ``tweakWith(feature:variable:)``.
    @inlinable
    public func value<Value: TweakValueConvertible>(
        feature: String, variable: String, as type: Value.Type = Value.self
    ) throws -> Value {
        // Decoded directly: building a codec here would allocate on every read.
        try decodedValue(TweakKey(feature: feature, variable: variable)) { value in
            guard let decoded = Value(tweakValue: value) else { throw TweakValueCodec<Value>.Mismatch(detail: nil) }
            return decoded
        }
    }

    /// The tweak's value as a `RawRepresentable` type, typically a `String`- or `Int`-backed enum.
    /// - Throws: ``TweakError/notSupported(feature:variable:reason:)`` when the raw value has
    ///   another type or names no case, or any error of ``tweakWith(feature:variable:)``.
    public func value<Value: RawRepresentable>(
        feature: String, variable: String, as type: Value.Type = Value.self
    ) throws -> Value where Value.RawValue: TweakValueConvertible {
        try decodedValue(TweakKey(feature: feature, variable: variable)) { try TweakValueCodec.decodeRawValue($0) }
    }

    /// The tweak's structured (JSON object or array) value decoded as a `Decodable` type.
    ///
    /// ```swift
    /// struct Maintenance: Codable { let isUnderMaintenance: Bool; let title: String; let message: String }
    /// let maintenance = try manager.value(feature: "general", variable: "maintenance", as: Maintenance.self)
    /// ```
    ///
    /// With ``useCache`` on, the decoded value is cached too: a repeated read of an unchanged tweak
    /// as the same value type decodes once (a class is decoded at every read: each read gets its
    /// own instance).
    /// - Throws: ``TweakError/notSupported(feature:variable:reason:)`` naming the failing key when
    ///   the value does not decode, or any error of ``tweakWith(feature:variable:)``.
    @_disfavoredOverload  // A TweakValueConvertible type takes that overload
    public func value<Value: Codable>(
        feature: String, variable: String, as type: Value.Type = Value.self
    ) throws -> Value {
        // A class is decoded at every read: each read gets its own instance.
        try decodedValue(TweakKey(feature: feature, variable: variable), remembers: !(Value.self is AnyClass)) {
            try TweakValueCodec.decodeJSON($0)
        }
    }

    // The typed reads above take no codec: they run in the caller's isolation, so a type whose
    // conformance is isolated to the caller's actor (Xcode 26's default for app targets) can be
    // read there. The generic reads behind the wrappers are `@inlinable`: they specialize in the
    // caller's module, where unspecialized generic code would look up type metadata on every read.

    @inlinable
    func value<Value>(_ key: TweakKey, codec: TweakValueCodec<Value>) throws -> Value {
        try decodedValue(key) { try codec.decode($0) }
    }

    /// A typed read: one evaluation in which a value that `decode` rejects is passed over like a
    /// value of another declared type, so a mismatch never walks the providers twice. Throws the
    /// first rejection when no value decodes.
    ///
    /// A read that `remembers` (a costly `decode`: JSON decoding of a value type) keeps what it
    /// decodes in the thread's cache (``TweakCache/decodedValue(of:for:as:)``), so that a cached
    /// read decodes once per change.
    @inlinable
    func decodedValue<Value>(
        _ key: TweakKey, remembers: Bool = false, _ decode: (TweakValue) throws -> Value
    ) throws -> Value {
        var decoded: Value?
        let tweak = try checkedTweak(key) { tweak in
            if remembers, let known = rememberedDecoding(of: tweak, for: key, as: Value.self) {
                decoded = known
                return nil
            }
            do {
                let value = try Self.decode(tweak, decode)
                if remembers { remember(value, decodedFrom: tweak, for: key) }
                decoded = value
                return nil
            } catch {
                return Self.mismatchReason(
                    tweak, expected: Value.self, detail: (error as? TweakValueCodec<Value>.Mismatch)?.detail)
            }
        }
        guard tweak != nil, let decoded else { throw TweakError.notFound(feature: key.feature, variable: key.variable) }
        return decoded
    }

    /// `tweak`'s value through `decode`; for untyped text (``Tweak/isUntypedText``) that `decode`
    /// refuses as a string, its first reading that `decode` takes. Throws `decode`'s error when
    /// nothing decodes.
    @usableFromInline
    static func decode<Value>(_ tweak: Tweak, _ decode: (TweakValue) throws -> Value) throws -> Value {
        do {
            return try decode(tweak.value)
        } catch {
            if let read = readUntypedText(tweak, decode) { return read }
            throw error
        }
    }

    /// The value of `tweak`, untyped text (``Tweak/isUntypedText``), read as the type `decode` asks for: the first of
    /// its readings as a Boolean, an integer, a number or JSON (``TweakValue/init(remoteString:as:)``,
    /// Firebase's rules) that `decode` takes; `nil` when none does. A decoder takes one kind of
    /// value only (an `Int` takes no Boolean), so the order decides nothing but the work.
    @usableFromInline
    static func readUntypedText<Value>(_ tweak: Tweak, _ decode: (TweakValue) throws -> Value) -> Value? {
        guard tweak.isUntypedText, case .string(let text) = tweak.value else { return nil }
        for kind in [TweakValue.Kind.bool, .int, .double, .json] {
            guard let reading = try? TweakValue(remoteString: text, as: kind) else { continue }
            if let decoded = try? decode(reading) { return decoded }
        }
        return nil
    }

    /// The tweak of a typed read whose `check` decodes (see ``read(_:kind:check:)``).
    @usableFromInline
    func checkedTweak(_ key: TweakKey, check: (Tweak) -> String?) throws -> Tweak? {
        try read(key, check: check).get()
    }

    /// What a read that remembers decoded from `tweak` as `type` before (``decodedValue(_:remembers:_:)``).
    @usableFromInline
    func rememberedDecoding<Value>(of tweak: Tweak, for key: TweakKey, as type: Value.Type) -> Value? {
        ThreadLocalCaches.current.decodedValue(of: tweak, for: key, as: type, of: self)
    }

    /// Remembers what a read that remembers decoded (``decodedValue(_:remembers:_:)``).
    @usableFromInline
    func remember<Value>(_ value: Value, decodedFrom tweak: Tweak, for key: TweakKey) {
        ThreadLocalCaches.current.remember(value, decodedFrom: tweak, for: key, of: self)
    }

    /// The type mismatch of `tweak` that a codec's `error` (a `Mismatch`) stands for.
    @usableFromInline
    func typeMismatch<Value>(_ tweak: Tweak, _ error: any Error, as type: Value.Type) -> TweakError {
        typeMismatch(tweak, expected: Value.self, detail: (error as? TweakValueCodec<Value>.Mismatch)?.detail)
    }

    /// The tweak for `key`, or ``TweakError/notFound(feature:variable:)``.
    @usableFromInline
    func tweakWith(_ key: TweakKey) throws -> Tweak {
        guard let tweak = try tweakIfPresent(key) else {
            throw TweakError.notFound(feature: key.feature, variable: key.variable)
        }
        return tweak
    }

    /// Why `tweak` could not be read as `expected`, without revealing an encrypted value.
    @usableFromInline
    func typeMismatch(_ tweak: Tweak, expected: Any.Type, detail: String?) -> TweakError {
        .notSupported(
            feature: tweak.feature, variable: tweak.variable,
            reason: Self.mismatchReason(tweak, expected: expected, detail: detail))
    }

    /// `expected …, found …`, with a codec's `detail` unless the tweak is encrypted.
    @usableFromInline
    static func mismatchReason(_ tweak: Tweak, expected: Any.Type, detail: String?) -> String {
        var reason =
            "expected \(expected), found \(tweak.value.kind.rawValue) \(tweak.isEncrypted ? "<encrypted>" : tweak.value.description)"
        // A codec's detail may quote the value ("… is not a case of Mode"): left out for secrets.
        if let detail, !tweak.isEncrypted { reason += " (\(detail))" }
        return reason
    }

    /// Stores a `RawRepresentable` value (typically an enum case) as its raw value in the override layer.
    /// - Throws: ``TweakManagerError/noMutableProvider(feature:variable:)`` when there is no mutable provider.
    public func set<Value: RawRepresentable>(
        _ value: Value, feature: String, variable: String
    ) throws where Value.RawValue: TweakValueConvertible {
        try set(TweakValueCodec.encodeRawValue(value), feature: feature, variable: variable)
    }

    /// Stores an `Encodable` value as structured JSON in the override layer.
    /// - Throws: the encoding error, or ``TweakManagerError/noMutableProvider(feature:variable:)``.
    @_disfavoredOverload  // A TweakValueConvertible type takes that overload
    public func set<Value: Codable>(_ value: Value, feature: String, variable: String) throws {
        try set(TweakValueCodec.encodeJSON(value), feature: feature, variable: variable)
    }

    /// Writes `value` through `codec` to the override layer.
    func set<Value>(_ value: Value, feature: String, variable: String, codec: TweakValueCodec<Value>) throws {
        try set(codec.encode(value), feature: feature, variable: variable)
    }
}

extension Tweak {
    /// The value as a feature flag: a Boolean, or untyped text (``isUntypedText``, a `<string>` of
    /// Firebase's defaults plist) that reads as one by Firebase's words; `nil` otherwise.
    var flagValue: Bool? {
        if let bool = value.boolValue { return bool }
        guard isUntypedText, case .string(let text) = value else { return nil }
        return (try? TweakValue(remoteString: text, as: .bool))?.boolValue
    }
}
