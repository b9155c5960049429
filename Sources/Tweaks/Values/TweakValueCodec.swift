import Foundation

/// How one Swift type is read from and written to a ``TweakValue``: the single place that the
/// typed reads, the property wrappers and the generated accessors share.
@usableFromInline
struct TweakValueCodec<Value>: Sendable {
    /// Why a value could not be read as `Value`.
    @usableFromInline
    struct Mismatch: Error {
        @usableFromInline let detail: String?

        @usableFromInline
        init(detail: String?) {
            self.detail = detail
        }
    }

    @usableFromInline let decode: @Sendable (TweakValue) throws(Mismatch) -> Value
    @usableFromInline let encode: @Sendable (Value) throws -> TweakValue

    @usableFromInline
    init(
        decode: @escaping @Sendable (TweakValue) throws(Mismatch) -> Value,
        encode: @escaping @Sendable (Value) throws -> TweakValue
    ) {
        self.decode = decode
        self.encode = encode
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
}

// The codecs of simple values are `@inlinable`, so that their closures are made, specialized, in
// the module that declares the property.

extension TweakValueCodec where Value: TweakValueConvertible {
    @inlinable
    static var convertible: Self {
        Self(
            decode: { value throws(Mismatch) in
                guard let converted = Value(tweakValue: value) else { throw Mismatch(detail: nil) }
                return converted
            },
            encode: { $0.tweakValue })
    }
}

extension TweakValueCodec where Value: RawRepresentable & SendableMetatype, Value.RawValue: TweakValueConvertible {
    @inlinable
    static var rawRepresentable: Self {
        Self(
            decode: { value throws(Mismatch) in
                guard let raw = Value.RawValue(tweakValue: value) else { throw Mismatch(detail: nil) }
                guard let converted = Value(rawValue: raw) else { throw .notACase(value, of: Value.self) }
                return converted
            },
            encode: { $0.rawValue.tweakValue })
    }
}

extension TweakValueCodec where Value: Codable & SendableMetatype {
    static var codable: Self {
        Self(
            decode: { value throws(Mismatch) in
                var text = ""
                JSONWriter.write(value, to: &text)
                do {
                    return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
                } catch {
                    throw Mismatch(detail: describe(error))
                }
            },
            encode: { value in
                let data = try JSONEncoder().encode(value)
                guard let encoded = try JSONParser.parse(Array(data), source: "encoded \(Value.self)").tweakValue else {
                    throw EncodingError.invalidValue(
                        value,
                        .init(
                            codingPath: [], debugDescription: "\(Value.self) encodes as null, which no tweak can hold"))
                }
                return encoded
            })
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
