extension TweakJSON {
    /// What makes this value unlike `declared` in shape: for objects, a missing or unknown key or
    /// a member of another kind (checked member by member, nested objects included); for other
    /// values, another kind (an `Int` and a `Double` are alike; `null` is like anything, and anything
    /// is like a declared `null`). `nil` when the shapes agree. `path` names this value in the
    /// answer (`"limits"."max"`).
    func shapeProblem(comparedWith declared: TweakJSON, path: String = "") -> String? {
        switch (self, declared) {
        case (.object(let members), .object(let declaredMembers)):
            let at = path.isEmpty ? "" : " in \(path)"
            if let unknown = members.keys.sorted().first(where: { declaredMembers[$0] == nil }) {
                let known = declaredMembers.keys.sorted().map { TweakValue.string($0).jsonText }
                return
                    "unknown key \(TweakValue.string(unknown).jsonText)\(at) (declared: \(known.joined(separator: ", ")))"
            }
            if let missing = declaredMembers.keys.sorted().first(where: { members[$0] == nil }) {
                return "missing key \(TweakValue.string(missing).jsonText)\(at)"
            }
            for key in members.keys.sorted() {
                let memberPath = path + (path.isEmpty ? "" : ".") + TweakValue.string(key).jsonText
                if let problem = members[key]!.shapeProblem(comparedWith: declaredMembers[key]!, path: memberPath) {
                    return problem
                }
            }
            return nil
        case (.null, _), (_, .null), (.int, .double), (.double, .int), (.array, .array):
            return nil
        default:
            guard kindName != declared.kindName else { return nil }
            return "\(path.isEmpty ? "the value" : path) is \(kindName), declared as \(declared.kindName)"
        }
    }

    /// Whether ``shapeProblem(comparedWith:path:)`` finds nothing, checked without allocating: the
    /// check of a read.
    func hasShape(of declared: TweakJSON) -> Bool {
        switch (self, declared) {
        case (.object(let members), .object(let declaredMembers)):
            guard members.count == declaredMembers.count else { return false }
            for (key, member) in members {
                guard let declaredMember = declaredMembers[key], member.hasShape(of: declaredMember) else {
                    return false
                }
            }
            return true
        case (.null, _), (_, .null), (.int, .double), (.double, .int), (.array, .array):
            return true
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string):
            return true
        default:
            return false
        }
    }

    /// This value with every member that does not shape it made its kind's zero, and arrays
    /// empty: equal for two values of one shape and kinds (``TweakType``'s equality).
    var shapeSignature: TweakJSON {
        switch self {
        case .null: .null
        case .bool: .bool(false)
        case .int: .int(0)
        case .double: .double(0)
        case .string: .string("")
        case .array: .array([])
        case .object(let members): .object(members.mapValues(\.shapeSignature))
        }
    }

    /// `bool`, `number`, `string`, `array`, `object` or `null`.
    private var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
