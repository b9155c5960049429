import Foundation

/// How one Swift type is read from and written to a ``TweakValue``: the single place that the
/// typed reads, the property wrappers and the generated accessors share.
///
/// Two rules keep it safe on every supported system:
/// - No stored closure has a typed `throws`: describing such a function type needs a runtime
///   function that exists only from macOS 15 / iOS 18 (`swift_getExtendedFunctionTypeMetadata`),
///   and anything that reflects a property wrapper (`print`, `dump`, SwiftUI) describes it.
///   The closures throw untyped errors instead (`Scripts/apple-check` fails on a typed one).
/// - A type whose conformance is isolated to the main actor (the default in Xcode 26 app targets)
///   gets closures that run only there (``isIsolatedToMainActor``).
@usableFromInline
struct TweakValueCodec<Value>: Sendable {
    /// Why a value could not be read or written as `Value`.
    @usableFromInline
    struct Mismatch: Error {
        @usableFromInline let detail: String?

        @usableFromInline
        init(detail: String?) {
            self.detail = detail
        }
    }

    /// Reads a value; throws only ``Mismatch``. Called through ``decode(_:)``.
    @usableFromInline let decodeValue: @Sendable (TweakValue) throws -> Value
    /// Writes a value; throws ``Mismatch`` or an encoding error. Called through ``encode(_:)``.
    @usableFromInline let encodeValue: @Sendable (Value) throws -> TweakValue
    /// Whether the closures use conformances isolated to the main actor, so run only there.
    @usableFromInline let isIsolatedToMainActor: Bool

    /// A codec whose closures run on any thread: `Value`'s conformances are not isolated.
    @usableFromInline
    init(
        decode: @escaping @Sendable (TweakValue) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> TweakValue
    ) {
        decodeValue = decode
        encodeValue = encode
        isIsolatedToMainActor = false
    }

    /// A codec whose closures use conformances isolated to the main actor.
    @usableFromInline @MainActor
    init(
        mainActorDecode decode: @escaping @MainActor @Sendable (TweakValue) throws -> Value,
        encode: @escaping @MainActor @Sendable (Value) throws -> TweakValue
    ) {
        // Stored without their isolation, as `MainActor.assumeIsolated` itself calls such a closure:
        // `decode(_:)` and `encode(_:)` call them only after checking that they run on the main actor.
        decodeValue = unsafeBitCast(decode, to: (@Sendable (TweakValue) throws -> Value).self)
        encodeValue = unsafeBitCast(encode, to: (@Sendable (Value) throws -> TweakValue).self)
        isIsolatedToMainActor = true
    }

    /// `value` as `Value`.
    /// - Throws: ``Mismatch`` when it is of another type, or off the main actor for a main-actor codec.
    @inlinable
    func decode(_ value: TweakValue) throws -> Value {
        if isIsolatedToMainActor, !MainActorCheck.isOnMainActor { throw Mismatch.offMainActor(Value.self) }
        return try decodeValue(value)
    }

    /// `value` as the tweak value to store.
    /// - Throws: the encoding error, or a ``Mismatch`` off the main actor for a main-actor codec.
    func encode(_ value: Value) throws -> TweakValue {
        if isIsolatedToMainActor, !MainActorCheck.isOnMainActor { throw Mismatch.offMainActor(Value.self) }
        return try encodeValue(value)
    }
}

extension TweakValueCodec {
    /// The type name shown in errors, e.g. `Int` or `MaintenanceConfig` (built only when needed).
    var typeName: String { String(describing: Value.self) }
}

extension TweakValueCodec.Mismatch {
    @usableFromInline
    static func notACase(_ value: TweakValue, of type: Any.Type) -> Self {
        Self(detail: "\(value) is not a case of \(type)")
    }

    @usableFromInline
    static func offMainActor(_ type: Any.Type) -> Self {
        Self(
            detail: "\(type)'s conformance is isolated to the main actor, and this read or write is not on it; "
                + "use it on the main actor, or declare \(type) `nonisolated`")
    }
}

// MARK: - Conversions
// Plain generic functions that throw only `Mismatch`, used directly by the typed reads (which run
// in the caller's isolation, so they accept conformances isolated to the caller's actor) and
// wrapped in closures by codecs.

extension TweakValueCodec where Value: RawRepresentable, Value.RawValue: TweakValueConvertible {
    @inlinable
    static func decodeRawValue(_ value: TweakValue) throws -> Value {
        guard let raw = Value.RawValue(tweakValue: value) else { throw Mismatch(detail: nil) }
        guard let converted = Value(rawValue: raw) else { throw Mismatch.notACase(value, of: Value.self) }
        return converted
    }

    @inlinable
    static func encodeRawValue(_ value: Value) -> TweakValue {
        value.rawValue.tweakValueRepresentation
    }
}

extension TweakValueCodec where Value: Decodable {
    static func decodeJSON(_ value: TweakValue) throws -> Value {
        var text = ""
        JSONWriter.write(value, to: &text)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw Mismatch(detail: describe(error))
        }
    }
}

extension TweakValueCodec where Value: Encodable {
    static func encodeJSON(_ value: Value) throws -> TweakValue {
        let data = try JSONEncoder().encode(value)
        guard let encoded = try JSONParser.parse(Array(data), source: "encoded \(Value.self)").tweakValue else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: [], debugDescription: "\(Value.self) encodes as null, which no tweak can hold"))
        }
        return encoded
    }
}

// MARK: - Codecs
// The codecs of simple values are `@inlinable`, so that their closures are made, specialized, in
// the module that declares the property.

extension TweakValueCodec where Value: TweakValueConvertible {
    @inlinable
    static var convertible: Self {
        Self(
            decode: { value in
                guard let converted = Value(tweakValue: value) else { throw Mismatch(detail: nil) }
                return converted
            },
            encode: { $0.tweakValueRepresentation })
    }
}

extension TweakValueCodec where Value: RawRepresentable & SendableMetatype, Value.RawValue: TweakValueConvertible {
    @inlinable
    static var rawRepresentable: Self {
        Self(decode: { try decodeRawValue($0) }, encode: { encodeRawValue($0) })
    }
}

extension TweakValueCodec where Value: RawRepresentable, Value.RawValue: TweakValueConvertible {
    /// For a `RawRepresentable` conformance isolated to the main actor.
    @inlinable @MainActor
    static var mainActorRawRepresentable: Self {
        Self(mainActorDecode: { try decodeRawValue($0) }, encode: { encodeRawValue($0) })
    }
}

extension TweakValueCodec where Value: Codable & SendableMetatype {
    static var codable: Self {
        Self(decode: { try decodeJSON($0) }, encode: { try encodeJSON($0) })
    }
}

extension TweakValueCodec where Value: Codable {
    /// For a `Codable` conformance isolated to the main actor.
    @MainActor
    static var mainActorCodable: Self {
        Self(mainActorDecode: { try decodeJSON($0) }, encode: { try encodeJSON($0) })
    }
}

/// A one-line account of a `DecodingError`, naming the coding path.
private func describe(_ error: any Error) -> String {
    guard let decodingError = error as? DecodingError else { return "\(error)" }
    let context: DecodingError.Context
    switch decodingError {
    case .typeMismatch(_, let value), .valueNotFound(_, let value), .dataCorrupted(let value): context = value
    case .keyNotFound(let key, let value):
        let path = (value.codingPath + [key]).map(\.stringValue).joined(separator: ".")
        return "missing key '\(path)'"
    @unknown default: return "\(error)"
    }
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? context.debugDescription : "at '\(path)': \(context.debugDescription)"
}
