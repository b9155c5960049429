/// Compiles a flagd flag's `targeting` (JSON Logic) into a ``JSONLogicExpression``, replacing
/// each `{"$ref": "name"}` by the document's shared evaluator `name` (`$evaluators`).
///
/// A rule is an object of exactly one member whose name is an operation; an object of any other
/// size is data, as JSON Logic reads it. A one-member object that names no operation, a `$ref` to
/// nothing, a `$ref` cycle and a rule beyond the bounds are problems, each reported with its path
/// (`targeting.if[0].in[1]`); the flag is then unusable. Bounded: a rule (its `$ref`s expanded)
/// has at most ``maximumNodes`` nodes and nests at most ``maximumDepth`` levels.
struct JSONLogicCompiler {
    /// The most nodes a flag's rule may have, counted with its `$ref`s expanded.
    static let maximumNodes = 10_000
    /// The deepest a flag's rule may nest, counted with its `$ref`s expanded.
    static let maximumDepth = 64
    /// The member of an object that refers to a shared evaluator.
    static let referenceKey = "$ref"

    /// A problem of the rule: what is wrong, where (a path from `targeting`), at which byte.
    struct Problem: Error {
        let path: String
        let detail: String
        let offset: Int
    }

    /// The document's shared evaluators, by name.
    private let evaluators: [String: JSONNode]
    /// The evaluators being expanded, innermost last: a name met again is a cycle.
    private var expanding: [String] = []
    /// The nodes of the last rule compiled, its `$ref`s expanded.
    private(set) var nodeCount = 0
    /// The first problem found; compiling stops there.
    private(set) var problem: Problem?

    init(evaluators: [String: JSONNode]) {
        self.evaluators = evaluators
    }

    /// The rule of `node`, whose path is `path`; `nil` after a problem (see ``problem``).
    mutating func compile(_ node: JSONNode, path: String) -> JSONLogicExpression? {
        nodeCount = 0
        expanding = []
        problem = nil
        let expression = compile(node, path: path, depth: 0)
        return problem == nil ? expression : nil
    }

    private mutating func compile(_ node: JSONNode, path: String, depth: Int) -> JSONLogicExpression {
        guard problem == nil else { return .literal(.null) }
        nodeCount += 1
        guard nodeCount <= Self.maximumNodes else {
            return fail(path, "the rule has more than \(Self.maximumNodes) operations and values", node)
        }
        guard depth <= Self.maximumDepth else {
            return fail(path, "the rule nests deeper than \(Self.maximumDepth) levels", node)
        }
        switch node.content {
        case .array(let elements):
            let compiled = elements.enumerated().map { compile($1, path: "\(path)[\($0)]", depth: depth + 1) }
            return Self.literalArray(compiled).map(JSONLogicExpression.literal) ?? .array(compiled)
        case .object(let members) where members.count == 1:
            let member = members[0]
            if member.key == Self.referenceKey { return reference(member.value, path: path, depth: depth) }
            guard let operation = JSONLogicOperator.byName[member.key] else {
                return fail(path, "unknown operation \"\(member.key)\"", node)
            }
            return compile(operation, member.value, path: "\(path).\(member.key)", depth: depth)
        default:
            // Data is counted whole: a large object a `$ref` repeats costs each time it is used.
            nodeCount += Self.size(of: node, limit: Self.maximumNodes) - 1
            guard nodeCount <= Self.maximumNodes else {
                return fail(path, "the rule has more than \(Self.maximumNodes) operations and values", node)
            }
            return .literal(JSONLogicValue(node))
        }
    }

    /// The values in `node`, itself included, counted up to just past `limit`.
    private static func size(of node: JSONNode, limit: Int) -> Int {
        var count = 0
        func walk(_ node: JSONNode) {
            count += 1
            guard count <= limit else { return }
            switch node.content {
            case .array(let elements): for element in elements where count <= limit { walk(element) }
            case .object(let members): for member in members where count <= limit { walk(member.value) }
            default: break
            }
        }
        walk(node)
        return count
    }

    /// An operation's arguments, compiled: an array is its arguments, any other value its one
    /// argument.
    private mutating func compile(
        _ operation: JSONLogicOperator, _ argument: JSONNode, path: String, depth: Int
    ) -> JSONLogicExpression {
        let elements: [JSONNode]
        if case .array(let list) = argument.content { elements = list } else { elements = [argument] }
        let isList: Bool
        if case .array = argument.content { isList = true } else { isList = false }
        let arguments = elements.enumerated().map { index, element in
            compile(element, path: isList ? "\(path)[\(index)]" : path, depth: depth + 1)
        }
        switch operation {
        case .variable:
            if case .literal(let key)? = arguments.first, let path = Self.path(of: key) {
                return .variable(path: path, fallback: arguments.count > 1 ? arguments[1] : nil)
            }
        case .fractional:
            // Buckets written as literals are parsed once; the bucket value is evaluated per read.
            let bucketValue: JSONLogicExpression?
            let bucketArguments: ArraySlice<JSONLogicExpression>
            if case .literal(.array)? = arguments.first {
                bucketValue = nil
                bucketArguments = arguments[...]
            } else if case .array? = arguments.first {
                break
            } else {
                bucketValue = arguments.first
                bucketArguments = arguments.dropFirst()
            }
            let literals = bucketArguments.compactMap { argument -> JSONLogicValue? in
                if case .literal(let value) = argument { return value }
                return nil
            }
            if literals.count == bucketArguments.count, !literals.isEmpty,
                let buckets = FlagdFractional.Buckets(literals[...])
            {
                return .fractional(bucketValue: bucketValue, buckets: buckets, arguments: arguments)
            }
        default:
            break
        }
        return .operation(operation, arguments)
    }

    /// A `{"$ref": name}` object: the shared evaluator's rule.
    private mutating func reference(_ name: JSONNode, path: String, depth: Int) -> JSONLogicExpression {
        guard case .string(let text) = name.content else {
            return fail(path, "\"$ref\" takes the name of an evaluator (a string), found \(name.typeName)", name)
        }
        guard let evaluator = evaluators[text] else {
            return fail(path, "\"$ref\" names the evaluator \"\(text)\", which $evaluators does not define", name)
        }
        guard !expanding.contains(text) else {
            let cycle = (expanding.drop { $0 != text } + [text]).map { "\"\($0)\"" }.joined(separator: " → ")
            return fail(path, "\"$ref\" cycle: \(cycle)", name)
        }
        expanding.append(text)
        defer { expanding.removeLast() }
        return compile(evaluator, path: "$evaluators.\(text)", depth: depth + 1)
    }

    private mutating func fail(_ path: String, _ detail: String, _ node: JSONNode) -> JSONLogicExpression {
        if problem == nil { problem = Problem(path: path, detail: detail, offset: node.offset) }
        return .literal(.null)
    }

    /// The value of an array of literals, evaluated once: `nil` when an element is a rule.
    private static func literalArray(_ elements: [JSONLogicExpression]) -> JSONLogicValue? {
        var values: [JSONLogicValue] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            guard case .literal(let value) = element else { return nil }
            values.append(value)
        }
        return .array(values)
    }

    /// The components of a `var` path written as a literal: a string split at its dots (none for
    /// `""`: all the data), a number as JavaScript writes it; `nil` for any other value.
    private static func path(of key: JSONLogicValue) -> [String]? {
        switch key {
        case .string(let text):
            text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        case .number: [key.text]
        case .null: []
        default: nil
        }
    }
}

extension JSONLogicExpression {
    /// The values the rule can give that are written in it as literals where its result comes
    /// from (an `if`'s branches, an `and`/`or`'s operands, a `fractional`'s variants): what a
    /// document check compares with the flag's variants. Results computed at evaluation are not
    /// known here.
    var literalResults: [JSONLogicValue] {
        switch self {
        case .literal(let value): [value]
        case .array, .variable: []
        case .fractional(_, let buckets, _): buckets.variants
        case .operation(let operation, let arguments):
            switch operation {
            case .ifThenElse, .ternary:
                arguments.enumerated().filter { index, _ in index % 2 == 1 || index == arguments.count - 1 }
                    .flatMap(\.element.literalResults)
            case .and, .or: arguments.flatMap(\.literalResults)
            case .log: arguments.first?.literalResults ?? []
            default: []
            }
        }
    }
}
