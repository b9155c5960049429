/// The declared type of a tweak: a kind of value and, for a JSON object, its shape (the keys and
/// the kind of each member, nested objects included). Declared by a provider through
/// ``TweakDeclaration``; every value any layer gives for the tweak is checked against it by the
/// one validation that reads, the editor, `tweak set`, `tweak validate --against` and
/// type-mismatch reports share.
///
/// An `Int` and a `Double` are compatible; a JSON object is unlike a JSON array.
public struct TweakType: Sendable, Hashable, CustomStringConvertible {
    /// A value whose kind and shape is the type: the declaring file's value.
    let prototype: TweakValue

    /// The type of `value`: its kind and, for a JSON object, its keys and member kinds.
    public init(of value: TweakValue) {
        prototype = value
    }

    /// `Bool`.
    public static let bool = TweakType(of: .bool(false))
    /// `Int` (a `Double` with an integer value is read as one).
    public static let int = TweakType(of: .int(0))
    /// `Double` (an `Int` is read as one).
    public static let double = TweakType(of: .double(0))
    /// `String`.
    public static let string = TweakType(of: .string(""))
    /// A JSON array, of any elements.
    public static let array = TweakType(of: .json(.array([])))

    /// A JSON object with exactly `members` as keys, each of the member's type (an object member
    /// declares the nested object's shape).
    public static func object(_ members: [String: TweakJSON]) -> TweakType {
        TweakType(of: .json(.object(members)))
    }

    /// The kind of value.
    public var kind: TweakValue.Kind { prototype.kind }

    /// Whether both are one type: the same kind and, for JSON, the same kind of JSON value and
    /// object shape. The declaring values do not count: `TweakType(of: .int(7)) == .int`.
    public static func == (lhs: TweakType, rhs: TweakType) -> Bool { lhs.signature == rhs.signature }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(signature) }

    /// The prototype with every value that does not shape the type made its kind's zero: what
    /// equal types have in common.
    private var signature: TweakValue {
        switch prototype {
        case .bool: .bool(false)
        case .int: .int(0)
        case .double: .double(0)
        case .string: .string("")
        case .json(let json): .json(json.shapeSignature)
        }
    }

    /// The keys of a declared JSON object, sorted; `nil` for other types.
    package var objectKeys: [String]? {
        guard case .json(.object(let members)) = prototype else { return nil }
        return members.keys.sorted()
    }

    /// Why `value` is not of this type, or `nil` when it is: another kind (`found string "38"`),
    /// an array for an object, or an object with a missing or unknown key or a member of another
    /// kind. Checked without allocating when the value conforms.
    package func violation(by value: TweakValue) -> String? {
        if conforms(value) { return nil }
        switch (prototype, value) {
        case (.json(let declared), .json(let found)) where declared.objectValue != nil && found.objectValue != nil:
            return found.shapeProblem(comparedWith: declared)
        default:
            return "expected \(self), found \(value.kind == .json ? value.jsonKindName : value.kind.rawValue)"
        }
    }

    /// Whether `value` is of this type: the hot path of a read (no allocation).
    @inline(__always)
    func conforms(_ value: TweakValue) -> Bool {
        guard value.isCompatible(with: prototype.kind) else { return false }
        guard case .json(let declared) = prototype else { return true }
        guard case .json(let found) = value else { return false }
        return found.hasShape(of: declared)
    }

    /// Reads `text`, as a person typed it, as a value of this type (see
    /// ``TweakValue/init(parsing:like:)``).
    /// - Throws: ``TweakValueParseError`` saying what the text should be.
    package func value(parsing text: String) throws(TweakValueParseError) -> TweakValue {
        try TweakValue(parsing: text, like: prototype)
    }

    /// `bool`, `int`, `double`, `string`, `json array` or `json object {"a", "b"}`.
    public var description: String {
        switch prototype {
        case .json(.object):
            let keys = (objectKeys ?? []).map { TweakValue.string($0).jsonText }
            return "json object {\(keys.joined(separator: ", "))}"
        case .json: return "json \(prototype.jsonKindName)"
        default: return kind.rawValue
        }
    }
}

extension TweakValue {
    /// `array`, `object` or the kind's name: how a type mismatch names what it found.
    var jsonKindName: String {
        switch self {
        case .json(.object): "object"
        case .json(.array): "array"
        case .json: "json"
        default: kind.rawValue
        }
    }
}
