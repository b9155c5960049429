import Foundation

/// How one Swift type is read from and written to a ``TweakValue``: the single place that the
/// typed reads, the property wrappers and the generated accessors share.
///
/// Two rules keep it safe on every supported system:
/// - No stored closure has a typed `throws`: describing such a function type needs a runtime
///   function that exists only from macOS 15 / iOS 18 (`swift_getExtendedFunctionTypeMetadata`),
///   and anything that reflects a property wrapper (`print`, `dump`, SwiftUI) describes it.
///   Decoding returns a `Result` instead (`Scripts/apple-check` fails on a reintroduced one).
/// - A type whose conformance is isolated to the main actor (the default in Xcode 26 app targets)
///   gets closures that run only there (``Closures/mainActor(decode:encode:)``).
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

    /// The codec's closures, and the isolation they need.
    @usableFromInline
    enum Closures: Sendable {
        /// Closures that run on any thread: `Value`'s conformances are not isolated.
        case anywhere(
            decode: @Sendable (TweakValue) -> Result<Value, Mismatch>,
            encode: @Sendable (Value) throws -> TweakValue)
        /// Closures that use conformances isolated to the main actor, so they run only there.
        case mainActor(
            decode: @MainActor @Sendable (TweakValue) -> Result<Value, Mismatch>,
            encode: @MainActor @Sendable (Value) throws -> TweakValue)
    }

    @usableFromInline let closures: Closures

    @usableFromInline
    init(_ closures: Closures) {
        self.closures = closures
    }

    /// `value` as `Value`, or why not.
    @inlinable
    func decode(_ value: TweakValue) -> Result<Value, Mismatch> {
        switch closures {
        case .anywhere(let decode, _):
            return decode(value)
        case .mainActor(let decode, _):
            guard MainActorCheck.isOnMainActor else { return .failure(.offMainActor(Value.self)) }
            // Written inside the synchronous closure and read after it returns, on this thread.
            nonisolated(unsafe) var result: Result<Value, Mismatch>?
            MainActor.assumeIsolated { result = decode(value) }
            return result!
        }
    }

    /// `value` as the tweak value to store.
    /// - Throws: the encoding error, or a ``Mismatch`` off the main actor for a main-actor codec.
    func encode(_ value: Value) throws -> TweakValue {
        switch closures {
        case .anywhere(_, let encode):
            return try encode(value)
        case .mainActor(_, let encode):
            guard MainActorCheck.isOnMainActor else { throw Mismatch.offMainActor(Value.self) }
            // Both cross into a closure that runs synchronously, on this thread, and keeps neither.
            nonisolated(unsafe) let value = value
            nonisolated(unsafe) var result: Result<TweakValue, any Error>?
            MainActor.assumeIsolated { result = Result { try encode(value) } }
            return try result!.get()
        }
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
// Plain generic functions, used directly by the typed reads (which run in the caller's isolation,
// so they accept conformances isolated to the caller's actor) and wrapped in closures by codecs.

extension TweakValueCodec where Value: RawRepresentable, Value.RawValue: TweakValueConvertible {
    @inlinable
    static func decodeRawValue(_ value: TweakValue) -> Result<Value, Mismatch> {
        guard let raw = Value.RawValue(tweakValue: value) else { return .failure(Mismatch(detail: nil)) }
        guard let converted = Value(rawValue: raw) else { return .failure(.notACase(value, of: Value.self)) }
        return .success(converted)
    }

    @inlinable
    static func encodeRawValue(_ value: Value) -> TweakValue {
        value.rawValue.tweakValue
    }
}

extension TweakValueCodec where Value: Decodable {
    static func decodeJSON(_ value: TweakValue) -> Result<Value, Mismatch> {
        var text = ""
        JSONWriter.write(value, to: &text)
        do {
            return .success(try JSONDecoder().decode(Value.self, from: Data(text.utf8)))
        } catch {
            return .failure(Mismatch(detail: describe(error)))
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
            .anywhere(
                decode: { value in
                    guard let converted = Value(tweakValue: value) else { return .failure(Mismatch(detail: nil)) }
                    return .success(converted)
                },
                encode: { $0.tweakValue }))
    }
}

extension TweakValueCodec where Value: RawRepresentable & SendableMetatype, Value.RawValue: TweakValueConvertible {
    @inlinable
    static var rawRepresentable: Self {
        Self(.anywhere(decode: { decodeRawValue($0) }, encode: { encodeRawValue($0) }))
    }
}

extension TweakValueCodec where Value: RawRepresentable, Value.RawValue: TweakValueConvertible {
    /// For a `RawRepresentable` conformance isolated to the main actor.
    @inlinable @MainActor
    static var mainActorRawRepresentable: Self {
        Self(.mainActor(decode: { decodeRawValue($0) }, encode: { encodeRawValue($0) }))
    }
}

extension TweakValueCodec where Value: Codable & SendableMetatype {
    static var codable: Self {
        Self(.anywhere(decode: { decodeJSON($0) }, encode: { try encodeJSON($0) }))
    }
}

extension TweakValueCodec where Value: Codable {
    /// For a `Codable` conformance isolated to the main actor.
    @MainActor
    static var mainActorCodable: Self {
        Self(.mainActor(decode: { decodeJSON($0) }, encode: { try encodeJSON($0) }))
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
