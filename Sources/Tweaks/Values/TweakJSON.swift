/// A structured JSON value: what an object or array tweak holds.
///
/// Numbers keep the kind they were written with: `1` is ``int(_:)``, `1.0` is ``double(_:)``.
/// Objects keep their keys unordered; ``TweakValue/description`` prints them sorted.
public indirect enum TweakJSON: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent.
    case int(Int)
    /// A number written with a fraction or exponent.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([TweakJSON])
    /// An object, its members keyed by name.
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
    /// Creates ``null`` from `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates a ``bool(_:)`` value from a Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an ``int(_:)`` value from an integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a ``double(_:)`` value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a ``string(_:)`` value from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an ``array(_:)`` from an array literal.
    public init(arrayLiteral elements: TweakJSON...) { self = .array(elements) }
    /// Creates an ``object(_:)`` from a dictionary literal; of duplicate keys, the last one wins.
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
    /// Decodes any JSON value. A JSON decoder may not keep `1.0` apart from `1`; the local and
    /// remote loaders use their own parser, which does.
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

    /// Encodes the value as the JSON value it holds.
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
