/// A JSON Logic rule, compiled once when its document loads (``JSONLogicCompiler``) and evaluated
/// on each read (``JSONLogicEvaluation``).
indirect enum JSONLogicExpression: Sendable, Hashable {
    /// Data: a value that is not a rule (a string, a number, an object of other than one key…).
    case literal(JSONLogicValue)
    /// An array whose elements are rules, evaluated element by element.
    case array([JSONLogicExpression])
    /// `{"var": "a.b"}` with a path written as a literal: the data at the path's components (all
    /// the data for none), else `fallback` (`null` without one).
    case variable(path: [String], fallback: JSONLogicExpression?)
    /// An operation on its arguments, which it evaluates as it needs them.
    case operation(JSONLogicOperator, [JSONLogicExpression])
    /// flagd's `fractional` whose buckets are literals, parsed once: only the bucket value is
    /// evaluated on a read (`nil`: the shorthand, `[$flagd.flagKey, targetingKey]`). `arguments`
    /// are all of them, for a bucket value that turns out to be an array (then the shorthand
    /// applies and that array is a bucket too, as flagd reads it).
    case fractional(
        bucketValue: JSONLogicExpression?, buckets: FlagdFractional.Buckets, arguments: [JSONLogicExpression])
}

/// The operations of flagd's JSON Logic: JSON Logic's own (json-logic-js) and flagd's four.
enum JSONLogicOperator: String, Sendable, CaseIterable {
    case variable = "var"
    case missing
    case missingSome = "missing_some"
    case ifThenElse = "if"
    case ternary = "?:"
    case equal = "=="
    case strictEqual = "==="
    case notEqual = "!="
    case strictNotEqual = "!=="
    case not = "!"
    case truthy = "!!"
    case or
    case and
    case greater = ">"
    case greaterOrEqual = ">="
    case less = "<"
    case lessOrEqual = "<="
    case max
    case min
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case map
    case filter
    case reduce
    case all
    case none
    case some
    case merge
    case contains = "in"
    case concatenate = "cat"
    case substring = "substr"
    case log
    case fractional
    case semanticVersion = "sem_ver"
    case startsWith = "starts_with"
    case endsWith = "ends_with"

    /// The operations by name.
    static let byName: [String: JSONLogicOperator] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Whether the operation evaluates its second argument once per element of its first, with
    /// the element as the data (`map`, `filter`, `reduce`, `all`, `none`, `some`).
    var iterates: Bool {
        switch self {
        case .map, .filter, .reduce, .all, .none, .some: true
        default: false
        }
    }
}
