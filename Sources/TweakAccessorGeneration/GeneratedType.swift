import Tweaks

/// The Swift type of a generated property, inferred from the tweak's value in the tweaks file.
indirect enum GeneratedType: Hashable {
    case bool, int, double, string
    case array(GeneratedType)
    /// A `Codable` struct generated for a JSON object.
    case structure(GeneratedStruct)

    /// How the type is written in the accessor class, e.g. `[MaintenanceMode.Banner]`.
    var swiftName: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .array(let element): "[\(element.swiftName)]"
        case .structure(let structure): structure.qualifiedName
        }
    }

    /// Whether the type is read through `Codable` (arrays and structs) rather than as a plain value.
    var isCodable: Bool {
        switch self {
        case .bool, .int, .double, .string: false
        case .array, .structure: true
        }
    }

    /// The structs this type defines directly (not those nested inside them).
    var structures: [GeneratedStruct] {
        switch self {
        case .bool, .int, .double, .string: []
        case .array(let element): element.structures
        case .structure(let structure): [structure]
        }
    }
}

/// A struct generated for a JSON object: one stored property per member, sorted by key.
struct GeneratedStruct: Hashable {
    struct Field: Hashable {
        /// The property name: the key when it is a Swift identifier, else the key camel-cased.
        let name: String
        /// The JSON key.
        let key: String
        let type: GeneratedType
    }

    /// The struct's own name, e.g. `Banner`.
    let name: String
    /// The name as written in the accessor class, e.g. `MaintenanceMode.Banner`.
    let qualifiedName: String
    let fields: [Field]

    /// Whether any property name differs from its key, so the struct needs `CodingKeys`.
    var needsCodingKeys: Bool { fields.contains { $0.name != $0.key } }

    /// Nested structs, each defined once.
    var nestedStructures: [GeneratedStruct] {
        var seen: Set<String> = []
        return fields.flatMap(\.type.structures).filter { seen.insert($0.name).inserted }
    }
}

/// Infers types from JSON values. A problem is thrown as its message; `path` names the place
/// inside the value (`banner.text`, `items[]`) in messages.
struct TypeInference {
    struct Failure: Error {
        let message: String
    }

    /// The type of a top-level tweak value; objects become structs named `typeName`.
    static func type(of value: TweakValue, typeName: String) throws(Failure) -> GeneratedType {
        switch value {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .json(let json): try type(of: json, typeName: typeName, qualifier: "", path: "")
        }
    }

    private static func type(
        of json: TweakJSON, typeName: String, qualifier: String, path: String
    ) throws(Failure) -> GeneratedType {
        switch json {
        case .null:
            throw Failure(message: "\(place(path)) is null, whose type cannot be inferred")
        case .bool: return .bool
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .array(let elements):
            guard let first = elements.first else {
                throw Failure(message: "\(place(path)) is an empty array, whose element type cannot be inferred")
            }
            let elementPath = path + "[]"
            let elementName = typeName + "Element"
            var element = try type(of: first, typeName: elementName, qualifier: qualifier, path: elementPath)
            for other in elements.dropFirst() {
                let otherType = try type(of: other, typeName: elementName, qualifier: qualifier, path: elementPath)
                element = try unify(element, otherType, arrayPath: path)
            }
            return .array(element)
        case .object(let members):
            let qualifiedName = qualifier.isEmpty ? typeName : "\(qualifier).\(typeName)"
            var fields: [GeneratedStruct.Field] = []
            var usedNames: [String: String] = [:]
            var usedTypeNames: Set<String> = [typeName, "CodingKeys"]
            for key in members.keys.sorted() {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                let name = SwiftName.problem(with: key) == nil ? key : SwiftName.camelCased(key)
                if let problem = SwiftName.problem(with: name) {
                    throw Failure(
                        message: "key \"\(memberPath)\" gives the property name \"\(name)\", which \(problem)")
                }
                if let other = usedNames.updateValue(key, forKey: name) {
                    throw Failure(
                        message:
                            "keys \"\(other)\" and \"\(key)\" in \(place(path)) both give the property name \"\(name)\""
                    )
                }
                let fieldType = try type(
                    of: members[key]!, typeName: SwiftName.typeName(name), qualifier: qualifiedName, path: memberPath)
                for nested in fieldType.structures where !usedTypeNames.insert(nested.name).inserted {
                    throw Failure(message: "key \"\(memberPath)\" gives the type name \"\(nested.name)\", already used")
                }
                fields.append(.init(name: name, key: key, type: fieldType))
            }
            return .structure(GeneratedStruct(name: typeName, qualifiedName: qualifiedName, fields: fields))
        }
    }

    /// One type for two elements of the array at `arrayPath`: equal types, `Int` with `Double`
    /// (→ `Double`), and structs with the same keys whose fields unify.
    private static func unify(
        _ lhs: GeneratedType, _ rhs: GeneratedType, arrayPath: String
    ) throws(Failure) -> GeneratedType {
        switch (lhs, rhs) {
        case _ where lhs == rhs: return lhs
        case (.int, .double), (.double, .int): return .double
        case (.array(let left), .array(let right)):
            return .array(try unify(left, right, arrayPath: arrayPath + "[]"))
        case (.structure(let left), .structure(let right)) where left.fields.map(\.key) == right.fields.map(\.key):
            var fields: [GeneratedStruct.Field] = []
            for (leftField, rightField) in zip(left.fields, right.fields) {
                let type = try unify(leftField.type, rightField.type, arrayPath: "\(arrayPath)[].\(leftField.key)")
                fields.append(.init(name: leftField.name, key: leftField.key, type: type))
            }
            return .structure(GeneratedStruct(name: left.name, qualifiedName: left.qualifiedName, fields: fields))
        case (.structure, .structure):
            throw Failure(message: "the objects in \(place(arrayPath)) do not all have the same keys")
        default:
            throw Failure(message: "the elements of \(place(arrayPath)) mix \(lhs.kindName) and \(rhs.kindName)")
        }
    }

    /// `"banner.text"`, or `the value` for the tweak's value itself.
    private static func place(_ path: String) -> String {
        path.isEmpty ? "the value" : "\"\(path)\""
    }
}

extension GeneratedType {
    /// A name for the type in messages.
    fileprivate var kindName: String {
        switch self {
        case .bool: "Boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .structure: "object"
        }
    }
}
