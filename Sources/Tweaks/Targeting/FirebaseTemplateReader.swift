/// Reads a Firebase Remote Config server template as a tweaks document.
///
/// A document is read as a template only when its reader asks for
/// ``TweakDocumentFormat/firebaseTemplate``: a tweaks file may name its features `parameters` or
/// `version`. Its parts map to tweaks:
///
/// - a parameter `feature.variable` is that feature's variable (split at the first dot); a
///   parameter inside a `parameterGroups` group is a variable of the feature named after the
///   group; any other parameter `k` is variable `k` of feature ``fallbackFeature`` (`firebase`);
/// - `defaultValue.value` is the tweak's `Value`, `conditionalValues` its conditional values in
///   the order of the template's `conditions`; `useInAppDefault` means "no answer here": the next
///   provider answers;
/// - values are typed once, at load, by `valueType`: `STRING`, `BOOLEAN` (read by
///   ``TweakValue/init(remoteString:as:)``: Firebase's `1`, `true`, `t`, `yes`, `y`, `on` are true,
///   `0`, `false`, `f`, `no`, `n`, `off` false; any other text is an error in a file a person
///   writes and a warning in a remote document), `NUMBER` (an integer when it has no fraction) and
///   `JSON` (parsed).
extension ConditionReader {
    /// The feature of parameters that name none and belong to no group.
    static let fallbackFeature = "firebase"

    /// Whether `members`, the top level of a document that failed to load as a tweaks document,
    /// look like a Firebase template's, so that the error can name the format to ask for. Never
    /// used to choose how to read a document.
    static func looksLikeFirebaseTemplate(_ members: [JSONNode.Member]) -> Bool {
        func member(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
        guard case .object(let parameters)? = member("parameters")?.content else { return false }
        // What only a template has; a tweaks file with a typo in a feature named "parameters" is not one.
        let parameterFields: Set = ["defaultValue", "conditionalValues", "valueType"]
        let hasTemplateParameter = parameters.contains { parameter in
            guard case .object(let fields) = parameter.value.content else { return false }
            return fields.contains { parameterFields.contains($0.key) }
        }
        if hasTemplateParameter { return true }
        if case .array? = member("conditions")?.content { return true }
        if case .string? = member("etag")?.content { return true }
        if case .object(let version)? = member("version")?.content {
            return version.contains { $0.key == "versionNumber" || $0.key == "updateTime" }
        }
        return false
    }

    /// The tweaks of a template; problems go to ``issues`` with their tweak (feature, variable).
    mutating func readFirebaseTemplate(
        _ members: [JSONNode.Member], tweakSource: String?,
        deliver: (Issue, String?, String?) -> Void
    ) -> [TweakKey: Tweak] {
        var tweaks: [TweakKey: Tweak] = [:]
        func flush(_ feature: String?, _ variable: String?, from start: Int) {
            for issue in issues.dropFirst(start) { deliver(issue, feature, variable) }
        }
        for member in members {
            let start = issues.count
            switch member.key {
            case "conditions":
                readFirebaseConditions(member.value)
                flush(nil, nil, from: start)
            case "parameters":
                guard case .object(let parameters) = member.value.content else { continue }
                for parameter in parameters {
                    let key = Self.key(ofParameter: parameter.key, group: nil)
                    let start = issues.count
                    if let tweak = readParameter(parameter.value, key: key, tweakSource: tweakSource) {
                        tweaks[key] = tweak
                    }
                    flush(key.feature, key.variable, from: start)
                }
            case "parameterGroups":
                guard case .object(let groups) = member.value.content else {
                    error(.wrongType(field: member.key, expected: "object", found: member.value.typeName), member.value)
                    flush(nil, nil, from: start)
                    continue
                }
                for group in groups {
                    guard case .object(let fields) = group.value.content,
                        let parameters = fields.first(where: { $0.key == "parameters" }),
                        case .object(let entries) = parameters.value.content
                    else { continue }
                    for parameter in entries {
                        let key = Self.key(ofParameter: parameter.key, group: group.key)
                        let start = issues.count
                        if let tweak = readParameter(parameter.value, key: key, tweakSource: tweakSource) {
                            tweaks[key] = tweak
                        }
                        flush(key.feature, key.variable, from: start)
                    }
                }
            case "version", "etag": break
            default:
                report(.unknownField(member.key), member.keyOffset, lenientWarning: true)
                flush(nil, nil, from: start)
            }
        }
        return tweaks
    }

    /// The tweak a parameter maps to, in a template and in a defaults plist (`FirebaseDefaultsPlist`).
    static func key(ofParameter name: String, group: String?) -> TweakKey {
        if let group { return TweakKey(feature: group, variable: name) }
        if let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
            return TweakKey(feature: String(name[..<dot]), variable: String(name[name.index(after: dot)...]))
        }
        return TweakKey(feature: fallbackFeature, variable: name)
    }

    private mutating func readFirebaseConditions(_ node: JSONNode) {
        guard case .array(let elements) = node.content else {
            error(.wrongType(field: "conditions", expected: "array", found: node.typeName), node)
            return
        }
        for element in elements {
            guard case .object(let fields) = element.content,
                let nameField = fields.first(where: { $0.key == "name" }),
                case .string(let name) = nameField.value.content, !name.isEmpty
            else {
                // A condition no value can name: a remote template drops it and keeps the rest.
                report(Self.namelessCondition(element), element.offset, lenientWarning: true)
                continue
            }
            let start = issues.count
            guard !DocumentName.hasControlCharacter(name) else {
                // A warning in a remote template, and the condition false: it never decides a value.
                report(.controlCharacterInName("condition", name: name), nameField.value.offset, lenientWarning: true)
                define(NamedCondition(name: name, condition: .constant(false)), at: nameField.value, since: start)
                continue
            }
            var condition: TargetingCondition = .unknown("expression")
            if let body = fields.first(where: { $0.key == "condition" }) {
                condition = readFirebaseCondition(body.value, in: name, level: 0)
            } else {
                // A client template's `expression` condition: not evaluated locally.
                report(
                    .invalidCondition(name, detail: "no \"condition\" (only server templates are evaluated locally)"),
                    element.offset, lenientWarning: true)
            }
            for field in fields where !["name", "condition", "expression", "tagColor"].contains(field.key) {
                report(
                    .invalidCondition(name, detail: "unknown field \"\(field.key)\""), field.keyOffset,
                    lenientWarning: true)
            }
            define(NamedCondition(name: name, condition: condition), at: nameField.value, since: start)
        }
    }

    private mutating func readFirebaseCondition(_ node: JSONNode, in name: String, level: Int) -> TargetingCondition {
        guard case .object(let members) = node.content, let member = members.first, members.count == 1 else {
            error(.invalidCondition(name, detail: "a condition is an object with one kind"), node)
            return .constant(false)
        }
        if level >= TargetingCondition.maximumNestingLevel {
            error(.invalidCondition(name, detail: "nested deeper than Firebase evaluates (it would be false)"), node)
            return .constant(false)
        }
        switch member.key {
        case "orCondition", "andCondition":
            var parts: [TargetingCondition]?
            for field in fields(of: member, in: name) {
                guard field.key == "conditions" else {
                    unknownField(field, in: name)
                    continue
                }
                guard case .array(let elements) = field.value.content else {
                    wrongType("conditions", expected: "array", found: field.value.typeName, at: field.value, in: name)
                    continue
                }
                parts = elements.map { readFirebaseCondition($0, in: name, level: level + 2) }
            }
            guard let parts else {
                missing("conditions", of: member, in: name)
                return .constant(false)
            }
            return member.key == "andCondition" ? .and(parts) : .or(parts)
        case "true", "false": return constant(member, in: name)
        case "percent": return .percent(readFirebasePercent(member, in: name))
        case "customSignal":
            var op: CustomSignalCondition.Operator?
            var operatorNode = member.value
            var key: String?
            var targets: [String]?
            var targetsNode = member.value
            for field in fields(of: member, in: name) {
                switch field.key {
                case "customSignalOperator":
                    guard let text = string(field, in: name) else { continue }
                    op = CustomSignalCondition.Operator(name: text)
                    operatorNode = field.value
                case "customSignalKey":
                    key = string(field, in: name)
                    if key?.isEmpty == true {
                        error(.invalidCondition(name, detail: "an empty customSignalKey"), field.value)
                    }
                case "targetCustomSignalValues":
                    targetsNode = field.value
                    guard case .array(let elements) = field.value.content else {
                        wrongType(
                            field.key, expected: "array of strings", found: field.value.typeName, at: field.value,
                            in: name)
                        continue
                    }
                    targets = elements.compactMap { element in
                        if case .string(let text) = element.content { return text }
                        wrongType(field.key, expected: "strings", found: element.typeName, at: element, in: name)
                        return nil
                    }
                default: unknownField(field, in: name)
                }
            }
            for (field, value) in [
                ("customSignalOperator", op != nil), ("customSignalKey", key != nil),
                ("targetCustomSignalValues", targets != nil),
            ] where !value {
                missing(field, of: member, in: name)
            }
            let condition = CustomSignalCondition(
                operator: op ?? .unknown(""), key: key ?? "", targets: targets ?? [], regexBudget: &regexBudget)
            if op != nil { check(condition, in: name, operatorAt: operatorNode, targetsAt: targetsNode) }
            return .customSignal(condition)
        default:
            report(
                .invalidCondition(name, detail: "unknown kind \"\(member.key)\""), member.keyOffset,
                lenientWarning: true)
            return .unknown(member.key)
        }
    }

    private mutating func readFirebasePercent(_ member: JSONNode.Member, in name: String) -> PercentCondition {
        var condition = PercentCondition(operator: .unknown(""))
        var hasOperator = false
        for field in fields(of: member, in: name) {
            switch field.key {
            case "percentOperator":
                guard let text = string(field, in: name) else { continue }
                hasOperator = true
                condition.operator = percentOperator(text, at: field.value, in: name)
            case "seed":
                condition.seed = string(field, in: name) ?? ""
                if DocumentName.hasControlCharacter(condition.seed) {
                    error(.controlCharacterInName("seed", name: condition.seed), field.value)
                }
            case "microPercent": condition.microPercent = firebaseMicroPercent(field.value, in: name)
            case "microPercentRange":
                for bound in fields(of: field, in: name) {
                    switch bound.key {
                    case "microPercentLowerBound": condition.lowerBound = firebaseMicroPercent(bound.value, in: name)
                    case "microPercentUpperBound": condition.upperBound = firebaseMicroPercent(bound.value, in: name)
                    default: unknownField(bound, in: name)
                    }
                }
                if condition.lowerBound > condition.upperBound {
                    error(
                        .invalidCondition(name, detail: "the range's lower bound is above its upper bound"), field.value
                    )
                }
            default: unknownField(field, in: name)
            }
        }
        if !hasOperator { missing("percentOperator", of: member, in: name) }
        return condition
    }

    /// The fields of `member`'s object value; a problem when it is not an object.
    private mutating func fields(of member: JSONNode.Member, in name: String) -> [JSONNode.Member] {
        guard case .object(let fields) = member.value.content else {
            wrongType(member.key, expected: "object", found: member.value.typeName, at: member.value, in: name)
            return []
        }
        return fields
    }

    /// `field`'s string value; a problem when it is not a string.
    private mutating func string(_ field: JSONNode.Member, in name: String) -> String? {
        guard case .string(let text) = field.value.content else {
            wrongType(field.key, expected: "string", found: field.value.typeName, at: field.value, in: name)
            return nil
        }
        return text
    }

    private mutating func wrongType(
        _ field: String, expected: String, found: String, at node: JSONNode, in name: String
    ) {
        error(.invalidCondition(name, detail: "\"\(field)\" must be \(expected), found \(found)"), node)
    }

    private mutating func unknownField(_ field: JSONNode.Member, in name: String) {
        report(.invalidCondition(name, detail: "unknown field \"\(field.key)\""), field.keyOffset, lenientWarning: true)
    }

    private mutating func missing(_ field: String, of member: JSONNode.Member, in name: String) {
        error(.invalidCondition(name, detail: "\"\(member.key)\" has no \"\(field)\""), member.value)
    }

    /// Firebase writes micro-percents as numbers (sometimes as strings of digits).
    private mutating func firebaseMicroPercent(_ node: JSONNode, in name: String) -> UInt32 {
        let number: Int? =
            switch node.content {
            case .int(let value): value
            case .string(let text): Int(text)
            default: nil
            }
        guard let number, number >= 0, number <= Int(MicroPercentile.count) else {
            error(.invalidCondition(name, detail: "a micro-percent is an integer from 0 to 100000000"), node)
            return 0
        }
        return UInt32(number)
    }

    /// A parameter as a tweak; `nil` when it gives no value at all (every value `useInAppDefault`).
    private mutating func readParameter(_ node: JSONNode, key: TweakKey, tweakSource: String?) -> Tweak? {
        guard case .object(let fields) = node.content else {
            error(.wrongType(field: nil, expected: "parameter object", found: node.typeName), node)
            return nil
        }
        var valueType = "STRING"
        var description: String?
        for field in fields {
            switch (field.key, field.value.content) {
            case ("valueType", .string(let text)): valueType = text
            case ("description", .string(let text)): description = text
            default: break
            }
        }
        if !["STRING", "BOOLEAN", "NUMBER", "JSON", "PARAMETER_VALUE_TYPE_UNSPECIFIED"].contains(valueType) {
            report(
                .invalidCondition(key.variable, detail: "unknown valueType \"\(valueType)\" (read as STRING)"),
                node.offset, lenientWarning: true)
            valueType = "STRING"
        }
        var defaultValue: TweakValue?
        var conditional: [(index: Int, value: TweakValue?)] = []
        for field in fields {
            switch field.key {
            case "defaultValue":
                defaultValue = parameterValue(field.value, type: valueType) ?? nil
            case "conditionalValues":
                guard case .object(let values) = field.value.content else { continue }
                for value in values {
                    guard let index = index(ofCondition: value.key) else {
                        error(.undefinedCondition(value.key), at: value.keyOffset)
                        continue
                    }
                    if let parsed = parameterValue(value.value, type: valueType) { conditional.append((index, parsed)) }
                }
            case "valueType", "description": break
            default: report(.unknownField(field.key), field.keyOffset, lenientWarning: true)
            }
        }
        let branches = branches(conditional)
        guard let shown = defaultValue ?? branches.lazy.compactMap(\.value).first else { return nil }
        var tweak = Tweak(
            feature: key.feature, variable: key.variable, value: shown, description: description, source: tweakSource)
        if !branches.isEmpty || defaultValue == nil {
            tweak = tweak.with(targeting: TweakTargeting(branches: branches, defaultValue: defaultValue))
        }
        return tweak
    }

    /// A `{"value": "…"}` typed by `type`, `.some(nil)` for `{"useInAppDefault": true}`, `nil` when wrong.
    private mutating func parameterValue(_ node: JSONNode, type: String) -> TweakValue?? {
        guard case .object(let fields) = node.content else {
            error(.wrongType(field: "value", expected: "object", found: node.typeName), node)
            return nil
        }
        if fields.contains(where: { $0.key == "useInAppDefault" }) { return .some(nil) }
        guard let field = fields.first(where: { $0.key == "value" }), case .string(let text) = field.value.content
        else {
            error(.missingField("value"), node)
            return nil
        }
        switch type {
        case "BOOLEAN":
            if let value = try? TweakValue(remoteString: text, as: .bool) { return value }
            report(
                .wrongType(field: "value", expected: "a Firebase Boolean", found: "\"\(text)\""), field.value.offset,
                lenientWarning: true)
            return .bool(false)
        case "NUMBER":
            let trimmed = TargetingText.trimmed(text[...])
            if let int = Int(trimmed) { return .int(int) }
            if let double = TargetingText.number(text), double.isFinite { return .double(double) }
            error(.wrongType(field: "value", expected: "a number", found: "\"\(text)\""), field.value)
            return nil
        case "JSON":
            guard let parsed = try? JSONParser.parse(Array(text.utf8), source: "value"), let value = parsed.tweakValue
            else {
                error(.wrongType(field: "value", expected: "JSON text", found: "\"\(text)\""), field.value)
                return nil
            }
            return value
        default:
            return .string(text)
        }
    }
}
