/// The value of a tweak: one of a closed set of types, never a guess.
///
/// Typed accessors return `nil` when the value is of another kind instead of converting it
/// loosely; the only conversions are the exact ones listed in `Docs/Values.md` (an `Int` reads as a
/// `Double` and a whole `Double` as an `Int` when no precision is lost).
///
/// ```swift
/// let value: TweakValue = 42
/// value.intValue      // 42
/// value.boolValue     // nil: a number is not a Bool
/// value.doubleValue   // 42.0: exact
/// ```
public enum TweakValue: Sendable, Hashable {
    /// A Boolean, `true` or `false` in a tweaks file.
    case bool(Bool)
    /// An integer: a JSON number written without a fraction or exponent.
    case int(Int)
    /// A floating-point number: a JSON number written with a fraction or exponent.
    case double(Double)
    /// A string.
    case string(String)
    /// A JSON object or array, for structured configuration decoded with `Codable`.
    case json(TweakJSON)

    /// The kind of a value, used in type-mismatch errors. Its `rawValue` is its name: `bool`,
    /// `int`, `double`, `string` or `json`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case bool, int, double, string, json
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .json: .json
        }
    }

    /// The value if it is a `Bool`; `nil` otherwise (numbers and strings are never Booleans).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value if it is an `Int`, or a `Double` with an exact integer value; `nil` otherwise.
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The value if it is a `Double`, or an `Int` that a `Double` represents exactly; `nil` otherwise.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(exactly: value)
        default: nil
        }
    }

    /// ``doubleValue`` rounded to the nearest `Float`; `nil` when out of `Float`'s range.
    public var floatValue: Float? {
        guard let double = doubleValue else { return nil }
        let float = Float(double)
        return float.isFinite || !double.isFinite ? float : nil
    }

    /// The value if it is a `String`; `nil` otherwise (numbers are never turned into text).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The structured value if it is a JSON object or array; `nil` otherwise.
    public var jsonValue: TweakJSON? {
        if case .json(let value) = self { return value }
        return nil
    }

    /// Whether a value of kind `other` can be read as this value's kind without loss or guessing:
    /// the same kind, or an `Int` / `Double` pair.
    func isCompatible(with other: Kind) -> Bool {
        switch (kind, other) {
        case (.int, .double), (.double, .int): true
        default: kind == other
        }
    }
}

extension TweakValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral
{
    /// Creates a ``bool(_:)`` value from a Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an ``int(_:)`` value from an integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a ``double(_:)`` value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a ``string(_:)`` value from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TweakValue: CustomStringConvertible {
    /// The value as a person would write it: `true`, `42`, `1.5`, `text`, or compact JSON.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(describing: value)
        case .string(let value): value
        case .json(let value): value.description
        }
    }
}

extension TweakValue: Codable {
    /// Decodes a bare JSON value. A JSON decoder may not keep `1.0` apart from `1`; the local and
    /// remote loaders use their own parser, which does.
    public init(from decoder: any Decoder) throws {
        switch try TweakJSON(from: decoder) {
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .null:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "A tweak value cannot be null."))
        case let structured: self = .json(structured)
        }
    }

    /// Encodes the value as a bare JSON value.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .bool(let value): try TweakJSON.bool(value).encode(to: encoder)
        case .int(let value): try TweakJSON.int(value).encode(to: encoder)
        case .double(let value): try TweakJSON.double(value).encode(to: encoder)
        case .string(let value): try TweakJSON.string(value).encode(to: encoder)
        case .json(let value): try value.encode(to: encoder)
        }
    }
}
