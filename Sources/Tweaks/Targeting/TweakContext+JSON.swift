extension TweakContext {
    /// The largest JSON text ``fromJSON(_:source:)`` reads, in bytes.
    package static let maximumJSONSize = 64 * 1024

    /// The context a JSON object gives, as flagd's evaluation context is written:
    /// `{"targetingKey": "u1", "age": 30, "beta": true, "user": {"name": "jack"}, "tags": ["a"]}`.
    /// `targetingKey` is the randomization id and must be a string; every other member is an
    /// attribute: strings, integers (`.int`), other numbers (`.double`), Booleans, arrays
    /// (`.list`) and objects (`.structure`), nested. `null` has no attribute value: it is an error
    /// (leave the member out). The text is read by the tweaks files' strict parser (duplicate keys,
    /// nesting deeper than its limit) and may be at most ``maximumJSONSize`` bytes; `source` names
    /// it in errors.
    package static func fromJSON(_ bytes: [UInt8], source: String) throws(TweakLoadError) -> TweakContext {
        guard bytes.count <= maximumJSONSize else {
            throw TweakLoadError(source: source, reason: .tooLarge(limit: maximumJSONSize))
        }
        let root = try JSONParser.parse(bytes, source: source)
        func failure(_ node: JSONNode, _ field: String?, expected: String) -> TweakLoadError {
            TweakLoadError(
                source: source, position: TextPosition(offset: node.offset, in: bytes),
                reason: .wrongType(field: field, expected: expected, found: node.typeName))
        }
        func value(_ node: JSONNode, path: String) throws(TweakLoadError) -> Value {
            switch node.content {
            case .null:
                throw failure(
                    node, path,
                    expected: "a string, number, Boolean, array or object (a context has no null: leave the member out)"
                )
            case .bool(let flag): return .bool(flag)
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            case .string(let text): return .string(text)
            case .array(let elements):
                var list: [Value] = []
                for (index, element) in elements.enumerated() {
                    list.append(try value(element, path: "\(path)[\(index)]"))
                }
                return .list(list)
            case .object(let members):
                var structure: [String: Value] = [:]
                for member in members { structure[member.key] = try value(member.value, path: "\(path).\(member.key)") }
                return .structure(structure)
            }
        }
        guard case .object(let members) = root.content else { throw failure(root, nil, expected: "an object") }
        var randomizationID: String?
        var attributes: [String: Value] = [:]
        for member in members {
            if member.key == "targetingKey" {
                guard case .string(let id) = member.value.content else {
                    throw failure(member.value, member.key, expected: "a string (the randomization id)")
                }
                randomizationID = id
            } else {
                attributes[member.key] = try value(member.value, path: member.key)
            }
        }
        return TweakContext(randomizationID: randomizationID, attributes: attributes)
    }
}
