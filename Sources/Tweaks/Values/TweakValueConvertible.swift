/// A Swift type that a tweak value can be read as and written from without guessing.
///
/// `Bool`, `Int`, `Double`, `Float`, `String` and ``TweakValue`` conform. The property wrappers and
/// ``TweakManager/value(feature:variable:as:)-10tss`` also accept `RawRepresentable`
/// enums and any `Codable` type without a conformance of your own.
public protocol TweakValueConvertible: Codable, Sendable {
    /// Reads `tweakValue`, or returns `nil` when it is of another kind.
    init?(tweakValue: TweakValue)
    /// The value to store: `.string(self)` for a `String`, never a guess from its text.
    var tweakValueRepresentation: TweakValue { get }
}

extension Bool: TweakValueConvertible {
    /// Reads a `Bool`; `nil` for any other kind of value.
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.boolValue else { return nil }
        self = value
    }
    /// The value as ``TweakValue/bool(_:)``.
    public var tweakValueRepresentation: TweakValue { .bool(self) }
}

extension Int: TweakValueConvertible {
    /// Reads an `Int`, or a `Double` with an exact integer value; `nil` for any other value.
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.intValue else { return nil }
        self = value
    }
    /// The value as ``TweakValue/int(_:)``.
    public var tweakValueRepresentation: TweakValue { .int(self) }
}

extension Double: TweakValueConvertible {
    /// Reads a `Double`, or an `Int` that a `Double` represents exactly; `nil` for any other value.
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.doubleValue else { return nil }
        self = value
    }
    /// The value as ``TweakValue/double(_:)``.
    public var tweakValueRepresentation: TweakValue { .double(self) }
}

extension Float: TweakValueConvertible {
    /// Reads a number within `Float`'s range, rounded to the nearest `Float`; `nil` for any other value.
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.floatValue else { return nil }
        self = value
    }
    /// The value as ``TweakValue/double(_:)``.
    public var tweakValueRepresentation: TweakValue { .double(Double(self)) }
}

extension String: TweakValueConvertible {
    /// Reads a `String`; `nil` for any other kind of value.
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.stringValue else { return nil }
        self = value
    }
    /// The value as ``TweakValue/string(_:)``: the text, never a guess from it.
    public var tweakValueRepresentation: TweakValue { .string(self) }
}

extension TweakValue: TweakValueConvertible {
    /// The value itself; never `nil`.
    public init?(tweakValue: TweakValue) { self = tweakValue }
    /// The value itself.
    public var tweakValueRepresentation: TweakValue { self }
}
