/// A Swift type that a tweak value can be read as and written from without guessing.
///
/// `Bool`, `Int`, `Double`, `Float`, `String` and ``TweakValue`` conform. The property wrappers and
/// ``TweakManager/value(feature:variable:as:)-(_,_,Value.Type)`` also accept `RawRepresentable`
/// enums and any `Codable` type without a conformance of your own.
public protocol TweakValueConvertible: Codable, Sendable {
    /// Reads `tweakValue`, or returns `nil` when it is of another kind.
    init?(tweakValue: TweakValue)
    /// The value to store.
    var tweakValue: TweakValue { get }
}

extension Bool: TweakValueConvertible {
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.boolValue else { return nil }
        self = value
    }
    public var tweakValue: TweakValue { .bool(self) }
}

extension Int: TweakValueConvertible {
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.intValue else { return nil }
        self = value
    }
    public var tweakValue: TweakValue { .int(self) }
}

extension Double: TweakValueConvertible {
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.doubleValue else { return nil }
        self = value
    }
    public var tweakValue: TweakValue { .double(self) }
}

extension Float: TweakValueConvertible {
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.floatValue else { return nil }
        self = value
    }
    public var tweakValue: TweakValue { .double(Double(self)) }
}

extension String: TweakValueConvertible {
    public init?(tweakValue: TweakValue) {
        guard let value = tweakValue.stringValue else { return nil }
        self = value
    }
    public var tweakValue: TweakValue { .string(self) }
}

extension TweakValue: TweakValueConvertible {
    public init?(tweakValue: TweakValue) { self = tweakValue }
    public var tweakValue: TweakValue { self }
}
