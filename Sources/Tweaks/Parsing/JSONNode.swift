/// A parsed JSON value together with the byte offset where it starts, so that the schema checks that
/// run after parsing can still report a line and column.
struct JSONNode: Sendable {
    struct Member: Sendable {
        let key: String
        let keyOffset: Int
        let value: JSONNode
    }

    enum Content: Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case array([JSONNode])
        /// Members in document order; the parser has already rejected duplicate keys.
        case object([Member])
    }

    let content: Content
    let offset: Int

    /// A name for the node's type in error messages ("object", "string", …).
    var typeName: String {
        switch content {
        case .null: "null"
        case .bool: "Boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var tweakJSON: TweakJSON {
        switch content {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.tweakJSON))
        case .object(let members):
            .object(Dictionary(members.lazy.map { ($0.key, $0.value.tweakJSON) }, uniquingKeysWith: { $1 }))
        }
    }

    /// The node as a tweak value; `nil` for `null`, which no tweak can hold.
    var tweakValue: TweakValue? {
        switch content {
        case .null: nil
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array, .object: .json(tweakJSON)
        }
    }
}
