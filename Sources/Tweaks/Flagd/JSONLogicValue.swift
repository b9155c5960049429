/// A value as JSON Logic computes with it: JavaScript's types, with every number a `Double`.
///
/// The conversions follow JSON Logic's reference implementation (json-logic-js), which follows
/// JavaScript: ``isTruthy`` is JavaScript's truthiness (an empty array is falsy, as JSON Logic
/// says), ``number`` is `Number(x)` and ``text`` is `String(x)`.
enum JSONLogicValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONLogicValue])
    /// An object's members by name (JSON Logic never needs their order).
    case object([String: JSONLogicValue])

    /// JSON Logic's truthiness: `false`, `null`, `0`, `NaN`, `""` and `[]` are false; everything
    /// else (objects included) is true.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array(let elements): !elements.isEmpty
        case .object: true
        }
    }

    /// JavaScript's `Number(x)`: `null` is 0, a Boolean 1 or 0, a string its decimal number after
    /// trimming white space (`""` is 0, anything else `NaN`), an array of none 0, of one element
    /// that element's number, of more `NaN`; an object `NaN`.
    var number: Double {
        switch self {
        case .null: 0
        case .bool(let value): value ? 1 : 0
        case .number(let value): value
        case .string(let text):
            TargetingText.trimmed(text[...]).isEmpty ? 0 : (TargetingText.number(text) ?? .nan)
        case .array(let elements):
            elements.isEmpty ? 0 : elements.count == 1 ? elements[0].number : .nan
        case .object: .nan
        }
    }

    /// JavaScript's `String(x)`: `null`, `true`, `false`, a number as JavaScript writes it, an
    /// array's elements joined by commas (`null` inside as empty), an object `[object Object]`.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): JavaScriptNumber.text(of: value)
        case .string(let text): text
        case .array(let elements):
            elements.map { $0 == .null ? "" : $0.text }.joined(separator: ",")
        case .object: "[object Object]"
        }
    }

    /// The variant a targeting's value names, as flagd reads it: a string itself, a Boolean
    /// `"true"` or `"false"`, a number as JavaScript writes it; `nil` for `null`, an array or an
    /// object.
    var variantName: String? {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number: text
        case .null, .array, .object: nil
        }
    }

    /// The string, when the value is one.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The node as JSON Logic data: JSON's values, every number a `Double`.
    init(_ node: JSONNode) {
        switch node.content {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .number(Double(value))
        case .double(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSONLogicValue.init))
        case .object(let members):
            self = .object(
                Dictionary(members.lazy.map { ($0.key, JSONLogicValue($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }

    /// An attribute of a read's context as JSON Logic data.
    init(_ value: TweakContext.Value) {
        switch value.content {
        case .string(let text): self = .string(text)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .list(let elements): self = .array(elements.map(JSONLogicValue.init))
        case .structure(let members): self = .object(members.mapValues(JSONLogicValue.init))
        }
    }
}

extension JSONLogicValue {
    /// The value as a tweak's JSON: a number without a fraction that fits an `Int` is an integer.
    var tweakJSON: TweakJSON {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value):
            value.rounded() == value && abs(value) < 0x1p63 ? .int(Int(value)) : .double(value)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.tweakJSON))
        case .object(let members): .object(members.mapValues(\.tweakJSON))
        }
    }

    /// Compact JSON text with sorted keys, for messages.
    var jsonText: String { tweakJSON.description }
}
