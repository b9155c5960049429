/// Reads the targeting parts of a tweaks document: the named conditions under
/// ``conditionsKey`` and an entry's ``conditionalValuesField``.
///
/// ```json
/// "$conditions": [
///   {"name": "beta", "customSignal": {"key": "email", "operator": "STRING_CONTAINS", "values": ["@example.com"]}},
///   {"name": "rollout", "percent": {"seed": "checkout", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}},
///   {"name": "old_app", "and": [{"customSignal": {"key": "app_version", "operator": "SEMANTIC_VERSION_LESS_THAN", "values": ["5.12"]}}, true]}
/// ]
/// ```
///
/// A condition is an object with one kind: `and` / `or` (arrays of conditions), `true` / `false`,
/// `percent` (`seed`, `operator`, `microPercent` or `microPercentRange: [lower, upper]`) or
/// `customSignal` (`key`, `operator`, `values`); the literals `true` and `false` are conditions too.
/// Strict documents reject every mistake; lenient (remote) ones read an unknown kind, field or
/// operator, and a target that cannot match, as a warning, and the condition is then false.
struct ConditionReader {
    /// The top-level key of the named conditions.
    static let conditionsKey = "$conditions"
    /// The top-level key of the experiments whose variants are conditions (see `ExperimentReader`).
    static let experimentsKey = "$experiments"
    /// The entry field of the conditional values: an object from condition name to value.
    static let conditionalValuesField = "ConditionalValues"

    /// A problem found, with the byte offset it is at.
    struct Issue {
        let reason: TweakLoadError.Reason
        let offset: Int
        var isWarning: Bool
    }

    let isStrict: Bool
    private(set) var issues: [Issue] = []
    /// The conditions read, in document order.
    var conditions: [NamedCondition] = []
    /// The index in ``conditions`` of each name: a lookup per conditional value, not a walk over
    /// every condition (which made documents with many conditions quadratic to read).
    private var conditionIndexes: [String: Int] = [:]
    /// What the document's regular expressions may still cost each read.
    var regexBudget = RegularExpressionBudget()

    init(isStrict: Bool) { self.isStrict = isStrict }

    // MARK: Named conditions

    /// Reads the value of ``conditionsKey``.
    mutating func readConditions(_ node: JSONNode) {
        guard case .array(let elements) = node.content else {
            error(.wrongType(field: Self.conditionsKey, expected: "array of conditions", found: node.typeName), node)
            return
        }
        for element in elements {
            guard case .object(let members) = element.content else {
                error(.wrongType(field: Self.conditionsKey, expected: "object", found: element.typeName), element)
                continue
            }
            guard let nameMember = members.first(where: { $0.key == "name" }),
                case .string(let name) = nameMember.value.content, !name.isEmpty
            else {
                // A condition no value can name: a remote document drops it and keeps the rest.
                report(Self.namelessCondition(element), element.offset, lenientWarning: true)
                continue
            }
            let start = issues.count
            guard !DocumentName.hasControlCharacter(name) else {
                // Printed by `explain` and in exposures: refused where a person writes it; in a
                // remote document a warning, and the condition false, so it never decides a value.
                report(.controlCharacterInName("condition", name: name), nameMember.value.offset, lenientWarning: true)
                define(NamedCondition(name: name, condition: .constant(false)), at: nameMember.value, since: start)
                continue
            }
            let body = members.filter { $0.key != "name" }
            let condition = readKind(body, at: element, in: name, level: 0)
            define(NamedCondition(name: name, condition: condition), at: nameMember.value, since: start)
        }
    }

    /// Adds `condition` to ``conditions``, read at `node` with the problems in ``issues`` from
    /// index `start` on. A condition with a problem is false (never true): in a lenient document
    /// its problems are warnings and the rest of the document loads; a second condition of the
    /// same name makes that name's condition false.
    mutating func define(_ condition: NamedCondition, at node: JSONNode, since start: Int) {
        if let existing = conditionIndexes[condition.name] {
            error(.duplicateKey(condition.name), node)
            conditions[existing] = NamedCondition(name: condition.name, condition: .constant(false))
        }
        var condition = condition
        if issues.count > start {
            condition = NamedCondition(name: condition.name, condition: .constant(false))
            if !isStrict {
                for index in start..<issues.count { issues[index].isWarning = true }
            }
        }
        if conditionIndexes[condition.name] == nil {
            conditionIndexes[condition.name] = conditions.count
            conditions.append(condition)
        }
    }

    /// The index in ``conditions`` of the condition named `name`.
    func index(ofCondition name: String) -> Int? { conditionIndexes[name] }

    /// The branches of `values` (condition index, value), in the document's order of conditions.
    func branches(_ values: [(index: Int, value: TweakValue?)]) -> [TweakTargeting.Branch] {
        values.sorted { $0.index < $1.index }.map {
            TweakTargeting.Branch(condition: conditions[$0.index], value: $0.value)
        }
    }

    /// One condition: an object with one kind, or `true` / `false`.
    mutating func readExpression(_ node: JSONNode, in name: String, level: Int) -> TargetingCondition {
        switch node.content {
        case .bool(let value): return .constant(value)
        case .object(let members): return readKind(members, at: node, in: name, level: level)
        default:
            error(
                .invalidCondition(name, detail: "a condition is an object or a Boolean, found \(node.typeName)"), node)
            return .constant(false)
        }
    }

    private mutating func readKind(
        _ members: [JSONNode.Member], at node: JSONNode, in name: String, level: Int
    ) -> TargetingCondition {
        guard members.count == 1, let member = members.first else {
            let kinds = members.map(\.key).joined(separator: ", ")
            error(
                .invalidCondition(
                    name,
                    detail: members.isEmpty
                        ? "no kind (and, or, true, false, percent, customSignal)" : "more than one kind (\(kinds))"),
                node)
            return .constant(false)
        }
        if level >= TargetingCondition.maximumNestingLevel {
            error(.invalidCondition(name, detail: "nested deeper than Firebase evaluates (it would be false)"), node)
            return .constant(false)
        }
        switch member.key {
        case "and", "or":
            guard case .array(let elements) = member.value.content else {
                error(
                    .wrongType(field: member.key, expected: "array of conditions", found: member.value.typeName),
                    member.value)
                return .constant(false)
            }
            let parts = elements.map { readExpression($0, in: name, level: level + 2) }
            return member.key == "and" ? .and(parts) : .or(parts)
        case "true", "false": return constant(member, in: name)
        case "percent": return .percent(readPercent(member.value, in: name))
        case "customSignal": return .customSignal(readCustomSignal(member.value, in: name))
        default:
            report(
                .invalidCondition(name, detail: "unknown kind \"\(member.key)\""), member.keyOffset,
                lenientWarning: true)
            return .unknown(member.key)
        }
    }

    /// What is wrong with the name of `condition`, a condition object without a usable one.
    static func namelessCondition(_ condition: JSONNode) -> TweakLoadError.Reason {
        guard case .object(let members) = condition.content,
            let name = members.first(where: { $0.key == "name" })?.value
        else { return .missingField("name") }
        if case .string = name.content { return .emptyName("condition") }
        return .wrongType(field: "name", expected: "string", found: name.typeName)
    }

    /// `{"true": {}}` or `{"false": {}}`. Anything in the object (`{"true": {"x": 1}}`) is a
    /// mistake: an error naming the condition where a person writes the file, a warning in a
    /// remote document, where the condition is dropped (false, as an unknown kind).
    mutating func constant(_ member: JSONNode.Member, in name: String) -> TargetingCondition {
        if case .object(let fields) = member.value.content, fields.isEmpty { return .constant(member.key == "true") }
        let found: String
        if case .object(let fields) = member.value.content {
            found = "the field \"\(fields[0].key)\""
        } else {
            found = member.value.typeName
        }
        report(
            .invalidCondition(name, detail: "\"\(member.key)\" takes an empty object {}, found \(found)"),
            member.value.offset, lenientWarning: true)
        return .unknown(member.key)
    }

    private mutating func readPercent(_ node: JSONNode, in name: String) -> PercentCondition {
        var condition = PercentCondition(operator: .unknown(""))
        guard case .object(let members) = node.content else {
            error(.wrongType(field: "percent", expected: "object", found: node.typeName), node)
            return condition
        }
        var hasOperator = false
        for member in members {
            switch member.key {
            case "seed":
                if case .string(let seed) = member.value.content {
                    if DocumentName.hasControlCharacter(seed) {
                        error(.controlCharacterInName("seed", name: seed), member.value)
                    }
                    condition.seed = seed
                } else {
                    error(.wrongType(field: "seed", expected: "string", found: member.value.typeName), member.value)
                }
            case "operator":
                guard case .string(let text) = member.value.content else {
                    error(.wrongType(field: "operator", expected: "string", found: member.value.typeName), member.value)
                    continue
                }
                hasOperator = true
                condition.operator = percentOperator(text, at: member.value, in: name)
            case "microPercent":
                condition.microPercent = microPercent(member.value, in: name) ?? 0
            case "microPercentRange":
                guard case .array(let bounds) = member.value.content, bounds.count == 2 else {
                    error(
                        .wrongType(
                            field: "microPercentRange", expected: "[lower, upper]", found: member.value.typeName),
                        member.value)
                    continue
                }
                condition.lowerBound = microPercent(bounds[0], in: name) ?? 0
                condition.upperBound = microPercent(bounds[1], in: name) ?? 0
                if condition.lowerBound > condition.upperBound {
                    error(
                        .invalidCondition(name, detail: "the range's lower bound is above its upper bound"),
                        member.value)
                }
            default:
                report(.unknownField(member.key), member.keyOffset, lenientWarning: true)
            }
        }
        if !hasOperator { error(.missingField("operator"), node) }
        return condition
    }

    /// The percent operator named `text`; an unknown one is a problem (a warning when lenient).
    mutating func percentOperator(_ text: String, at node: JSONNode, in name: String) -> PercentCondition.Operator {
        let found = PercentCondition.Operator(name: text)
        if case .unknown = found {
            report(
                .invalidCondition(name, detail: "unknown percent operator \"\(text)\""), node.offset,
                lenientWarning: true)
        }
        return found
    }

    private mutating func microPercent(_ node: JSONNode, in name: String) -> UInt32? {
        guard case .int(let value) = node.content, value >= 0, value <= Int(MicroPercentile.count) else {
            error(.invalidCondition(name, detail: "a micro-percent is an integer from 0 to 100000000"), node)
            return nil
        }
        return UInt32(value)
    }

    private mutating func readCustomSignal(_ node: JSONNode, in name: String) -> CustomSignalCondition {
        guard case .object(let members) = node.content else {
            error(.wrongType(field: "customSignal", expected: "object", found: node.typeName), node)
            return CustomSignalCondition(operator: .unknown(""), key: "", targets: [])
        }
        var op: CustomSignalCondition.Operator?
        var operatorNode: JSONNode?
        var key: String?
        var targets: [String]?
        var targetsNode = node
        for member in members {
            switch member.key {
            case "key":
                if case .string(let text) = member.value.content, !text.isEmpty {
                    key = text
                } else {
                    error(
                        .wrongType(field: "key", expected: "non-empty string", found: member.value.typeName),
                        member.value)
                }
            case "operator":
                guard case .string(let text) = member.value.content else {
                    error(.wrongType(field: "operator", expected: "string", found: member.value.typeName), member.value)
                    continue
                }
                op = CustomSignalCondition.Operator(name: text)
                operatorNode = member.value
            case "values":
                targetsNode = member.value
                guard case .array(let elements) = member.value.content else {
                    error(.wrongType(field: "values", expected: "array", found: member.value.typeName), member.value)
                    continue
                }
                targets = elements.compactMap { element in
                    switch element.content {
                    case .string(let text): return text
                    case .int(let number): return String(number)
                    case .double(let number): return TweakContext.Value.double(number).description
                    default:
                        error(.wrongType(field: "values", expected: "strings", found: element.typeName), element)
                        return nil
                    }
                }
            default:
                report(.unknownField(member.key), member.keyOffset, lenientWarning: true)
            }
        }
        if key == nil { error(.missingField("key"), node) }
        if targets == nil { error(.missingField("values"), node) }
        guard let op, let operatorNode else {
            error(.missingField("operator"), node)
            return CustomSignalCondition(operator: .unknown(""), key: key ?? "", targets: targets ?? [])
        }
        let condition = CustomSignalCondition(
            operator: op, key: key ?? "", targets: targets ?? [], regexBudget: &regexBudget)
        check(condition, in: name, operatorAt: operatorNode, targetsAt: targetsNode)
        return condition
    }

    /// The targets of `condition` that can never match: an error where a person writes the file.
    mutating func check(
        _ condition: CustomSignalCondition, in name: String, operatorAt operatorNode: JSONNode, targetsAt node: JSONNode
    ) {
        let targets = condition.targets
        func problem(_ detail: String) {
            report(.invalidCondition(name, detail: detail), node.offset, lenientWarning: true)
        }
        switch condition.operator {
        case .unknown(let text):
            report(
                .invalidCondition(name, detail: "unknown custom-signal operator \"\(text)\""), operatorNode.offset,
                lenientWarning: true)
            return
        case .stringContainsRegex:
            for (target, pattern) in zip(targets, condition.patterns) {
                if case .failure(let error) = pattern {
                    problem(
                        error.isOverBudget
                            ? "the regular expression \"\(target)\" is refused: \(error)"
                            : "the regular expression \"\(target)\" does not compile (RE2 syntax): \(error)")
                }
            }
        case .numeric:
            if condition.targetNumber == nil, let first = targets.first { problem("\"\(first)\" is not a number") }
        case .semanticVersion:
            if condition.targetVersion == nil, let first = targets.first {
                problem("\"\(first)\" is not a version (up to 5 dot-separated non-negative integers)")
            }
        default: break
        }
        if targets.isEmpty { problem("no values: the condition is never true") }
        switch condition.operator {
        case .numeric, .semanticVersion:
            if targets.count > 1 {
                problem("\(condition.operator.name) compares with one value; the others are ignored")
            }
        default: break
        }
    }

    // MARK: Conditional values

    /// An entry's conditional values, ordered by the document's conditions, with `defaultValue`;
    /// each value must have the default's type.
    mutating func readConditionalValues(_ node: JSONNode, defaultValue: TweakValue) -> TweakTargeting? {
        guard case .object(let members) = node.content else {
            error(.wrongType(field: Self.conditionalValuesField, expected: "object", found: node.typeName), node)
            return nil
        }
        var values: [(index: Int, value: TweakValue?)] = []
        var isValid = true
        for member in members {
            guard let index = index(ofCondition: member.key) else {
                error(.undefinedCondition(member.key), at: member.keyOffset)
                isValid = false
                continue
            }
            guard let value = member.value.tweakValue, value.isCompatible(with: defaultValue) else {
                error(
                    .wrongType(
                        field: "\(Self.conditionalValuesField).\(member.key)", expected: defaultValue.kind.rawValue,
                        found: member.value.typeName), member.value)
                isValid = false
                continue
            }
            values.append((index, value))
        }
        guard isValid else { return nil }
        return TweakTargeting(branches: branches(values), defaultValue: defaultValue)
    }

    // MARK: Reporting

    mutating func error(_ reason: TweakLoadError.Reason, _ node: JSONNode) {
        error(reason, at: node.offset)
    }

    mutating func error(_ reason: TweakLoadError.Reason, at offset: Int) {
        issues.append(Issue(reason: reason, offset: offset, isWarning: false))
    }

    /// An error, or with `lenientWarning` in a lenient document a warning.
    mutating func report(_ reason: TweakLoadError.Reason, _ offset: Int, lenientWarning: Bool) {
        issues.append(Issue(reason: reason, offset: offset, isWarning: lenientWarning && !isStrict))
    }
}

extension TweakValue {
    /// Whether a conditional value can stand for a tweak whose default is `other`: the same kind,
    /// integers and doubles being one kind.
    fileprivate func isCompatible(with other: TweakValue) -> Bool {
        switch (self, other) {
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double), (.bool, .bool), (.string, .string),
            (.json, .json):
            true
        default: false
        }
    }
}
