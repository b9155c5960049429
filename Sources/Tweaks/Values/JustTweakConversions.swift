public import Foundation

// JustTweak's implicit conversions between Foundation types and values. Tweaks reads and writes
// values without guessing, so these names fail to compile with the explicit replacement instead
// of behaving differently (Docs/MigratingFromJustTweak.md, "Values are an enum, and exact").

extension String {
    /// JustTweak's `String.tweakValue` guessed a type from the text (`"true"` became a Boolean,
    /// `"42"` a number). Use `.string(text)`, or ``TweakValue/init(remoteString:as:)``.
    @available(
        *, unavailable,
        message:
            "JustTweak's String.tweakValue guessed a type from the text; write .string(text) to keep the text, or try TweakValue(remoteString: text, as: .bool) to read it as a declared kind"
    )
    public var tweakValue: TweakValue { .string(self) }
}

extension NSNumber {
    /// JustTweak's `NSNumber.tweakValue` read the number's Objective-C type. Use `.bool(_:)`,
    /// `.int(_:)` or `.double(_:)` with the number's `boolValue`, `intValue` or `doubleValue`.
    @available(
        *, unavailable,
        message:
            "JustTweak's NSNumber.tweakValue guessed the kind from the number's Objective-C type; write .bool(number.boolValue), .int(number.intValue) or .double(number.doubleValue)"
    )
    public var tweakValue: TweakValue { .double(doubleValue) }

    /// JustTweak's `NSNumber(tweakValue:)` boxed a value to compare it loosely. Compare values
    /// directly: `TweakValue` is `Equatable` and exact.
    @available(
        *, unavailable,
        message:
            "JustTweak's NSNumber(tweakValue:) compared values loosely (1 == true); compare TweakValue directly, or read value.intValue, value.doubleValue or value.boolValue"
    )
    public convenience init?(tweakValue: TweakValue) { nil }
}
