import Foundation

/// One evaluation of a flag's rule for one read, with JSON Logic's semantics (json-logic-js:
/// JavaScript's truthiness, coercions and comparisons) and flagd's operations.
///
/// The data a rule reads is the read's context as flagd shows it: the context's attributes,
/// `targetingKey` (the randomization id) and `$flagd` (`flagKey`, and `timestamp` in whole seconds
/// since 1970). An evaluation takes at most ``maximumSteps`` steps (each operation and each
/// element an operation makes or walks is one; a value the evaluation builds, an array or a
/// `reduce`'s accumulator, pays for every value inside it and nests at most ``maximumDepth``
/// levels): a rule that would take more gives `null` and ``isOverBudget``, so no document can
/// stall a read or build a value too large to print, compare or free.
struct JSONLogicEvaluation {
    /// The most steps one evaluation may take.
    static let maximumSteps = 100_000
    /// The deepest a value the evaluation builds may nest (the parser's own limit is lower).
    static let maximumDepth = 128

    /// The flag whose rule this is (`$flagd.flagKey`).
    let flagKey: String
    /// The read's context; without one, only `$flagd` has data.
    let context: TweakContext?
    private var steps = 0
    /// Whether the rule needed more than ``maximumSteps`` (its result is then `null`).
    private(set) var isOverBudget = false
    /// Whether a `fractional` chose a bucket on the way: the read is a split.
    private(set) var choseBucket = false

    /// What a `var` reads: the read's context, or (inside `map`, `filter`, `reduce`, `all`,
    /// `none`, `some`) a value.
    private enum Data {
        case read
        case value(JSONLogicValue)
    }

    init(flagKey: String, context: TweakContext?) {
        self.flagKey = flagKey
        self.context = context
    }

    /// The rule's value for the read.
    mutating func evaluate(_ expression: JSONLogicExpression) -> JSONLogicValue {
        let value = evaluate(expression, .read)
        return isOverBudget ? .null : value
    }

    /// Counts `cost` steps; `false` once the budget is spent.
    private mutating func spend(_ cost: Int) -> Bool {
        steps += cost
        if steps > Self.maximumSteps { isOverBudget = true }
        return !isOverBudget
    }

    private mutating func evaluate(_ expression: JSONLogicExpression, _ data: Data) -> JSONLogicValue {
        guard spend(1) else { return .null }
        switch expression {
        case .literal(let value):
            return value
        case .array(let elements):
            var values: [JSONLogicValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(evaluate(element, data)) }
            return built(.array(values))
        case .variable(let path, let fallback):
            if let value = lookUp(path[...], in: data) { return value }
            return fallback.map { evaluate($0, data) } ?? .null
        case .fractional(let bucketValue, let buckets, let arguments):
            guard let bucketValue else {
                let hash = FlagdFractional.shorthandHash(flagKey: flagKey, targetingKey: context?.randomizationID)
                return chosen(hash.map(buckets.pick))
            }
            let value = evaluate(bucketValue, data)
            switch value {
            case .array: return apply(.fractional, arguments, data)
            case .null: return .null
            default: return chosen(buckets.pick(hash: FlagdFractional.hash(of: value)))
            }
        case .operation(let operation, let arguments):
            return apply(operation, arguments, data)
        }
    }

    /// Argument `index` evaluated; `null` when there is none.
    private mutating func argument(_ index: Int, _ arguments: [JSONLogicExpression], _ data: Data) -> JSONLogicValue {
        index < arguments.count ? evaluate(arguments[index], data) : .null
    }

    /// Every argument evaluated.
    private mutating func all(_ arguments: [JSONLogicExpression], _ data: Data) -> [JSONLogicValue] {
        var values: [JSONLogicValue] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(evaluate(argument, data)) }
        return values
    }

    /// `value`, which the evaluation built, once every value inside it is paid for; `null` when it
    /// is larger than the budget left or nests deeper than ``maximumDepth`` (the evaluation is then
    /// over budget). Counting stops at the first limit passed, so it never costs more than the
    /// budget left.
    private mutating func built(_ value: JSONLogicValue) -> JSONLogicValue {
        let remaining = Self.maximumSteps - steps
        var nodes = 0
        func fits(_ value: JSONLogicValue, depth: Int) -> Bool {
            nodes += 1
            guard nodes <= remaining, depth <= Self.maximumDepth else { return false }
            switch value {
            case .array(let elements): return elements.allSatisfy { fits($0, depth: depth + 1) }
            case .object(let members): return members.values.allSatisfy { fits($0, depth: depth + 1) }
            default: return true
            }
        }
        guard fits(value, depth: 0), spend(nodes) else {
            isOverBudget = true
            return .null
        }
        return value
    }

    private mutating func chosen(_ variant: JSONLogicValue?) -> JSONLogicValue {
        guard let variant, variant != .null else { return .null }
        choseBucket = true
        return variant
    }

    // swift-format-ignore: CyclomaticComplexity
    private mutating func apply(
        _ operation: JSONLogicOperator, _ arguments: [JSONLogicExpression], _ data: Data
    ) -> JSONLogicValue {
        switch operation {
        case .variable:
            let key = argument(0, arguments, data)
            if let value = lookUp(path(of: key)[...], in: data) { return value }
            return argument(1, arguments, data)
        case .missing:
            let first = argument(0, arguments, data)
            let keys: [JSONLogicValue]
            if case .array(let list) = first {
                keys = list
            } else {
                keys = [first] + all(Array(arguments.dropFirst()), data)
            }
            return .array(missing(keys, data))
        case .missingSome:
            let needed = argument(0, arguments, data).number
            guard case .array(let keys) = argument(1, arguments, data) else { return .array([]) }
            let absent = missing(keys, data)
            return Double(keys.count - absent.count) >= needed ? .array([]) : .array(absent)
        case .ifThenElse, .ternary:
            var index = 0
            while index + 1 < arguments.count {
                if evaluate(arguments[index], data).isTruthy { return evaluate(arguments[index + 1], data) }
                index += 2
            }
            return index < arguments.count ? evaluate(arguments[index], data) : .null
        case .equal, .notEqual:
            let equal = Self.looselyEqual(argument(0, arguments, data), argument(1, arguments, data))
            return .bool(operation == .equal ? equal : !equal)
        case .strictEqual, .strictNotEqual:
            let equal = Self.strictlyEqual(argument(0, arguments, data), argument(1, arguments, data))
            return .bool(operation == .strictEqual ? equal : !equal)
        case .not:
            return .bool(!argument(0, arguments, data).isTruthy)
        case .truthy:
            return .bool(argument(0, arguments, data).isTruthy)
        case .or, .and:
            var current = JSONLogicValue.null
            for argument in arguments {
                current = evaluate(argument, data)
                if current.isTruthy == (operation == .or) { return current }
            }
            return current
        case .greater, .greaterOrEqual:
            let order = Self.compare(argument(0, arguments, data), argument(1, arguments, data))
            return .bool(order.map { operation == .greater ? $0 > 0 : $0 >= 0 } ?? false)
        case .less, .lessOrEqual:
            let first = argument(0, arguments, data)
            let second = argument(1, arguments, data)
            func holds(_ lhs: JSONLogicValue, _ rhs: JSONLogicValue) -> Bool {
                Self.compare(lhs, rhs).map { operation == .less ? $0 < 0 : $0 <= 0 } ?? false
            }
            guard arguments.count > 2 else { return .bool(holds(first, second)) }
            let third = argument(2, arguments, data)
            return .bool(holds(first, second) && holds(second, third))
        case .max, .min:
            let numbers = all(arguments, data).map(\.number)
            if numbers.contains(where: \.isNaN) { return .number(.nan) }
            return .number(
                operation == .max ? numbers.max() ?? -.infinity : numbers.min() ?? .infinity)
        case .add:
            var sum = 0.0
            for argument in arguments { sum += evaluate(argument, data).number }
            return .number(sum)
        case .multiply:
            var product = 1.0
            for argument in arguments { product *= evaluate(argument, data).number }
            return .number(product)
        case .subtract:
            let first = argument(0, arguments, data).number
            return .number(arguments.count < 2 ? -first : first - argument(1, arguments, data).number)
        case .divide:
            return .number(argument(0, arguments, data).number / argument(1, arguments, data).number)
        case .remainder:
            let dividend = argument(0, arguments, data).number
            return .number(dividend.truncatingRemainder(dividingBy: argument(1, arguments, data).number))
        case .map, .filter, .reduce, .all, .none, .some:
            return iterate(operation, arguments, data)
        case .merge:
            var merged: [JSONLogicValue] = []
            for value in all(arguments, data) {
                if case .array(let elements) = value { merged += elements } else { merged.append(value) }
            }
            return built(.array(merged))
        case .contains:
            let needle = argument(0, arguments, data)
            switch argument(1, arguments, data) {
            case .array(let elements):
                guard spend(elements.count) else { return .null }
                return .bool(elements.contains { Self.strictlyEqual(needle, $0) })
            case .string(let haystack) where !haystack.isEmpty:
                guard spend(haystack.utf8.count / 16) else { return .null }
                return .bool(ByteSearch(needle.text).occurs(in: haystack))
            default:
                return .bool(false)
            }
        case .concatenate:
            var text = ""
            for argument in arguments {
                let part = evaluate(argument, data).text
                guard spend(part.utf8.count / 16) else { return .null }
                text += part
            }
            return .string(text)
        case .substring:
            return .string(
                Self.substring(
                    argument(0, arguments, data).text, start: argument(1, arguments, data),
                    length: arguments.count > 2 ? argument(2, arguments, data) : nil))
        case .log:
            return argument(0, arguments, data)
        case .fractional:
            let values = all(arguments, data)
            return chosen(
                FlagdFractional.evaluate(values[...], flagKey: flagKey, targetingKey: context?.randomizationID))
        case .semanticVersion:
            return FlagdSemanticVersion.evaluate(all(arguments, data)[...])
        case .startsWith:
            return FlagdStringOperations.startsWith(all(arguments, data)[...])
        case .endsWith:
            return FlagdStringOperations.endsWith(all(arguments, data)[...])
        }
    }

    /// `map`, `filter`, `reduce`, `all`, `none` and `some`: the second argument evaluated once per
    /// element of the first, with the element as the data (`reduce`: `current` and `accumulator`).
    private mutating func iterate(
        _ operation: JSONLogicOperator, _ arguments: [JSONLogicExpression], _ data: Data
    ) -> JSONLogicValue {
        let items = argument(0, arguments, data)
        let body = arguments.count > 1 ? arguments[1] : .literal(.null)
        guard case .array(let elements) = items else {
            switch operation {
            case .map, .filter: return .array([])
            case .reduce: return argument(2, arguments, data)
            case .none: return .bool(true)
            default: return .bool(false)
            }
        }
        switch operation {
        case .map:
            var mapped: [JSONLogicValue] = []
            mapped.reserveCapacity(elements.count)
            for element in elements { mapped.append(evaluate(body, .value(element))) }
            return built(.array(mapped))
        case .filter:
            var kept: [JSONLogicValue] = []
            for element in elements where evaluate(body, .value(element)).isTruthy { kept.append(element) }
            return .array(kept)
        case .reduce:
            var accumulator = argument(2, arguments, data)
            for element in elements {
                accumulator = built(
                    evaluate(body, .value(.object(["current": element, "accumulator": accumulator]))))
                if isOverBudget { return .null }
            }
            return accumulator
        case .all:
            guard !elements.isEmpty else { return .bool(false) }
            for element in elements where !evaluate(body, .value(element)).isTruthy { return .bool(false) }
            return .bool(true)
        case .some, .none:
            for element in elements where evaluate(body, .value(element)).isTruthy {
                return .bool(operation == .some)
            }
            return .bool(operation == .none)
        default:
            return .null
        }
    }

    /// The keys of `keys` whose data is absent, `null` or `""` (`missing`).
    private mutating func missing(_ keys: [JSONLogicValue], _ data: Data) -> [JSONLogicValue] {
        guard spend(keys.count) else { return [] }
        return keys.filter { key in
            switch lookUp(path(of: key)[...], in: data) {
            case nil, .null?, .string("")?: true
            default: false
            }
        }
    }

    // MARK: Data

    /// The components of a `var` key computed on a read: its text split at dots, paid for by its
    /// length; none (all the data) for `null` and `""`.
    private mutating func path(of key: JSONLogicValue) -> [String] {
        if case .null = key { return [] }
        let text = key.text
        guard spend(text.utf8.count / 16) else { return [] }
        return text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The data at `path`, or `nil` when there is none (JavaScript's `undefined`).
    private func lookUp(_ path: ArraySlice<String>, in data: Data) -> JSONLogicValue? {
        guard case .read = data else {
            guard case .value(let value) = data else { return nil }
            return Self.walk(value, path)
        }
        guard let first = path.first else { return readData }
        let rest = path.dropFirst()
        switch first {
        case "targetingKey":
            return Self.walk(context?.randomizationID.map(JSONLogicValue.string) ?? .null, rest)
        case "$flagd":
            if rest.count == 1, rest.first == "flagKey" { return .string(flagKey) }
            if rest.count == 1, rest.first == "timestamp" { return Self.timestamp }
            return Self.walk(flagdData, rest)
        default:
            guard let attribute = context?[first] else { return nil }
            return Self.walk(attribute, rest)
        }
    }

    /// All the data of the read, as one object (`{"var": ""}`).
    private var readData: JSONLogicValue {
        var members = (context?.attributes ?? [:]).mapValues(JSONLogicValue.init)
        members["targetingKey"] = context?.randomizationID.map(JSONLogicValue.string) ?? .null
        members["$flagd"] = flagdData
        return .object(members)
    }

    private var flagdData: JSONLogicValue {
        .object(["flagKey": .string(flagKey), "timestamp": Self.timestamp])
    }

    /// `$flagd.timestamp`: whole seconds since 1970.
    private static var timestamp: JSONLogicValue { .number(Date().timeIntervalSince1970.rounded(.down)) }

    /// The value at `path` inside `value`, as JavaScript's property access finds it: an object's
    /// member, an array's or string's element at a canonical index, or its `length`.
    private static func walk(_ value: JSONLogicValue, _ path: ArraySlice<String>) -> JSONLogicValue? {
        guard let component = path.first else { return value }
        switch value {
        case .object(let members):
            return members[component].flatMap { walk($0, path.dropFirst()) }
        case .array(let elements):
            if component == "length" { return walk(.number(Double(elements.count)), path.dropFirst()) }
            guard let index = index(component), index < elements.count else { return nil }
            return walk(elements[index], path.dropFirst())
        case .string(let text):
            return character(of: text, component).flatMap { walk($0, path.dropFirst()) }
        default:
            return nil
        }
    }

    /// ``walk(_:_:)-(JSONLogicValue,_)`` inside a context attribute: only the value found is converted.
    private static func walk(_ value: TweakContext.Value, _ path: ArraySlice<String>) -> JSONLogicValue? {
        guard let component = path.first else { return JSONLogicValue(value) }
        switch value.content {
        case .structure(let members):
            return members[component].flatMap { walk($0, path.dropFirst()) }
        case .list(let elements):
            if component == "length" { return walk(.number(Double(elements.count)), path.dropFirst()) }
            guard let index = index(component), index < elements.count else { return nil }
            return walk(elements[index], path.dropFirst())
        case .string(let text):
            return character(of: text, component).flatMap { walk($0, path.dropFirst()) }
        default:
            return nil
        }
    }

    /// A string's `length` (UTF-16 code units) or its code unit at an index, as JavaScript reads them.
    private static func character(of text: String, _ component: String) -> JSONLogicValue? {
        if component == "length" { return .number(Double(text.utf16.count)) }
        guard let index = index(component), index < text.utf16.count else { return nil }
        let unit = text.utf16[text.utf16.index(text.utf16.startIndex, offsetBy: index)]
        return .string(String(decoding: [unit], as: UTF16.self))
    }

    /// A canonical array index (`0`, `12`; not `01`, `-1` or `1.0`).
    private static func index(_ component: String) -> Int? {
        guard let index = Int(component), index >= 0, String(index) == component else { return nil }
        return index
    }

    // MARK: JavaScript's comparisons

    /// JavaScript's `==` (strings compared by their code units, never by Unicode equivalence):
    /// `null` equals only `null`; a Boolean compares as a number; a number and
    /// a string as numbers; an array or object as its string; two arrays or objects never (they
    /// are never the same object here).
    static func looselyEqual(_ lhs: JSONLogicValue, _ rhs: JSONLogicValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.null, _), (_, .null): false
        case (.bool(let value), _): looselyEqual(.number(value ? 1 : 0), rhs)
        case (_, .bool(let value)): looselyEqual(lhs, .number(value ? 1 : 0))
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
        case (.number(let left), .string): left == rhs.number
        case (.string, .number(let right)): lhs.number == right
        case (.array, .array), (.array, .object), (.object, .array), (.object, .object): false
        case (.array, _), (.object, _): looselyEqual(.string(lhs.text), rhs)
        case (_, .array), (_, .object): looselyEqual(lhs, .string(rhs.text))
        }
    }

    /// JavaScript's `===`: the same type and value (`NaN` is not equal to itself; two arrays or
    /// objects never are).
    static func strictlyEqual(_ lhs: JSONLogicValue, _ rhs: JSONLogicValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left.utf8.elementsEqual(right.utf8)
        default: false
        }
    }

    /// JavaScript's relational comparison: two strings (arrays and objects become strings first)
    /// by UTF-16 code units, anything else as numbers; `nil` when a number is `NaN`.
    static func compare(_ lhs: JSONLogicValue, _ rhs: JSONLogicValue) -> Int? {
        let left = primitive(lhs)
        let right = primitive(rhs)
        if case .string(let leftText) = left, case .string(let rightText) = right {
            if leftText.utf16.elementsEqual(rightText.utf16) { return 0 }
            return leftText.utf16.lexicographicallyPrecedes(rightText.utf16) ? -1 : 1
        }
        let leftNumber = left.number
        let rightNumber = right.number
        guard !leftNumber.isNaN, !rightNumber.isNaN else { return nil }
        return leftNumber < rightNumber ? -1 : leftNumber > rightNumber ? 1 : 0
    }

    /// JavaScript's ToPrimitive: an array or object is its string.
    private static func primitive(_ value: JSONLogicValue) -> JSONLogicValue {
        switch value {
        case .array, .object: .string(value.text)
        default: value
        }
    }

    /// JavaScript's `String(source).substr(start, length)`, as json-logic-js's `substr` calls it
    /// (a negative length ends that many code units before the end), in UTF-16 code units.
    static func substring(_ source: String, start: JSONLogicValue, length: JSONLogicValue?) -> String {
        let units = Array(source.utf16)
        let count = units.count
        func integer(_ value: JSONLogicValue) -> Double {
            let number = value.number
            return number.isNaN ? 0 : number.rounded(.towardZero)
        }
        let from = integer(start)
        let begin = from < 0 ? max(count + Int(max(from, -Double(count))), 0) : Int(min(from, Double(count)))
        var end = count
        if let length {
            let size = integer(length)
            if size < 0 {
                end = max(count + Int(max(size, -Double(count))), begin)
            } else {
                end = begin + Int(min(size, Double(count - begin)))
            }
        }
        return String(decoding: units[begin..<max(begin, end)], as: UTF16.self)
    }
}
