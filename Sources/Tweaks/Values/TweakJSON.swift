/// A structured JSON value: what an object or array tweak holds.
///
/// Numbers keep the kind they were written with: `1` is ``int(_:)``, `1.0` is ``double(_:)``.
/// Objects keep their keys unordered; ``TweakValue/description`` prints them sorted.
public indirect enum TweakJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TweakJSON])
    case object([String: TweakJSON])

    /// The members of an object, or `nil` for any other value.
    public var objectValue: [String: TweakJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil` for any other value.
    public var arrayValue: [TweakJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> TweakJSON? {
        objectValue?[key]
    }
}

extension TweakJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: TweakJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, TweakJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TweakJSON: CustomStringConvertible {
    /// Compact JSON text with sorted keys.
    public var description: String {
        var text = ""
        JSONWriter.write(self, to: &text)
        return text
    }
}

extension TweakJSON: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([TweakJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: TweakJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
