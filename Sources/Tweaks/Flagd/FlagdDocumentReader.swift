/// Reads a flagd flag definition document (flagd.dev's `flags.json` schema) as tweaks.
///
/// ```json
/// {
///   "flags": {
///     "checkout.new_flow": {
///       "state": "ENABLED",
///       "variants": {"on": true, "off": false},
///       "defaultVariant": "off",
///       "targeting": {"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on"]}
///     }
///   },
///   "$evaluators": {"staff": {"in": [{"var": "email"}, ["a@example.com"]]}}
/// }
/// ```
///
/// - A flag key `feature.variable` (split at the first dot, both sides non-empty) is that tweak;
///   any other key `k` is variable `k` of feature ``fallbackFeature`` (`flagd`).
/// - A flag without targeting (or with `{}` or `null`) is a plain tweak: its default variant's value. A
///   flag with targeting carries its ``FlagdRule``, decided for each read's context. A disabled
///   flag, and a flag without a default variant, answer nothing when nothing chooses a variant:
///   the next layer answers.
/// - Variants have one type: Booleans, strings, numbers (all `Double` when one has a fraction) or
///   objects.
/// - Strict (files a person writes): every problem is an error naming the flag and its path.
///   Lenient (remote documents): a problem in a flag leaves that flag out, with a warning; an
///   unknown top-level member or flag field is a warning.
struct FlagdDocumentReader {
    /// The feature of flag keys that name none.
    static let fallbackFeature = "flagd"
    /// The fields of a flag.
    static let flagFields: Set = ["state", "variants", "defaultVariant", "targeting", "metadata"]
    /// The most rule nodes a document may compile, its `$ref`s expanded: reading stays linear in
    /// the document's size however often its flags refer to a large evaluator.
    static let maximumDocumentNodes = 1_000_000

    /// A problem found: its reason, byte offset, tweak, and whether it is only a warning.
    struct Issue {
        let reason: TweakLoadError.Reason
        let offset: Int
        let key: TweakKey?
        let isWarning: Bool
    }

    let isStrict: Bool
    private(set) var issues: [Issue] = []
    private var compiledNodes = 0

    init(isStrict: Bool) { self.isStrict = isStrict }

    /// The tweak a flag key maps to.
    static func key(ofFlag flag: String) -> TweakKey {
        if let dot = flag.firstIndex(of: "."), dot != flag.startIndex, flag.index(after: dot) != flag.endIndex {
            return TweakKey(feature: String(flag[..<dot]), variable: String(flag[flag.index(after: dot)...]))
        }
        return TweakKey(feature: fallbackFeature, variable: flag)
    }

    /// Whether `members`, the top level of a document that failed to load as a tweaks document,
    /// look like a flagd document's (a `flags` object with a flag that has `state` or
    /// `variants`), so that the error can name the format to ask for. Never used to choose how to
    /// read a document.
    static func looksLikeFlagd(_ members: [JSONNode.Member]) -> Bool {
        guard case .object(let flags)? = members.first(where: { $0.key == "flags" })?.value.content else {
            return false
        }
        return flags.contains { flag in
            guard case .object(let fields) = flag.value.content else { return false }
            return fields.contains { $0.key == "state" || $0.key == "variants" }
        }
    }

    /// The tweaks of the document `root`; `tweakSource` is each tweak's source.
    mutating func read(_ root: JSONNode, tweakSource: String?) -> [TweakKey: Tweak] {
        guard case .object(let members) = root.content else {
            report(
                .wrongType(field: nil, expected: "object", found: root.typeName), root.offset, key: nil, warns: false)
            return [:]
        }
        var evaluators: [String: JSONNode] = [:]
        var flags: [JSONNode.Member] = []
        var hasFlags = false
        for member in members {
            switch member.key {
            case "flags":
                hasFlags = true
                guard case .object(let list) = member.value.content else {
                    report(
                        .wrongType(field: "flags", expected: "object", found: member.value.typeName),
                        member.value.offset,
                        key: nil, warns: false)
                    continue
                }
                flags = list
            case "$evaluators":
                guard case .object(let list) = member.value.content else {
                    report(
                        .wrongType(field: "$evaluators", expected: "object", found: member.value.typeName),
                        member.value.offset, key: nil, warns: false)
                    continue
                }
                for evaluator in list { evaluators[evaluator.key] = evaluator.value }
            case "$schema", "metadata":
                break
            default:
                report(.unknownField(member.key), member.keyOffset, key: nil, warns: !isStrict)
            }
        }
        if !hasFlags { report(.missingField("flags"), root.offset, key: nil, warns: false) }
        var tweaks: [TweakKey: Tweak] = [:]
        var compiler = JSONLogicCompiler(evaluators: evaluators)
        for flag in flags {
            let key = Self.key(ofFlag: flag.key)
            guard tweaks[key] == nil else {
                let detail = "maps to \(key), as another flag of the document does"
                report(.invalidFlag(flag.key, detail: detail), flag.keyOffset, key: key, warns: !isStrict)
                continue
            }
            if let tweak = readFlag(flag, key: key, compiler: &compiler, tweakSource: tweakSource) {
                tweaks[key] = tweak
            }
        }
        return tweaks
    }

    /// One flag's tweak; `nil` when it has a problem (reported).
    private mutating func readFlag(
        _ flag: JSONNode.Member, key: TweakKey, compiler: inout JSONLogicCompiler, tweakSource: String?
    ) -> Tweak? {
        func problem(_ detail: String, at offset: Int) -> Tweak? {
            report(.invalidFlag(flag.key, detail: detail), offset, key: key, warns: !isStrict)
            return nil
        }
        guard case .object(let fields) = flag.value.content else {
            return problem("a flag is an object, found \(flag.value.typeName)", at: flag.value.offset)
        }
        func field(_ name: String) -> JSONNode? { fields.first { $0.key == name }?.value }
        for unknown in fields where !Self.flagFields.contains(unknown.key) {
            report(.unknownField(unknown.key), unknown.keyOffset, key: key, warns: !isStrict)
            if isStrict { return nil }
        }
        // state
        guard let stateNode = field("state") else { return problem("missing \"state\"", at: flag.value.offset) }
        guard case .string(let state) = stateNode.content, ["ENABLED", "DISABLED"].contains(state) else {
            return problem(
                "\"state\" is ENABLED or DISABLED, found \(JSONLogicValue(stateNode).jsonText)", at: stateNode.offset)
        }
        // variants
        guard let variantsNode = field("variants") else {
            return problem("missing \"variants\"", at: flag.value.offset)
        }
        guard case .object(let variants) = variantsNode.content, !variants.isEmpty else {
            return problem("\"variants\" is an object of at least one variant", at: variantsNode.offset)
        }
        guard let values = Self.values(of: variants) else {
            return problem(
                "\"variants\" must all be Booleans, all strings, all numbers or all objects", at: variantsNode.offset)
        }
        let names = variants.map(\.key)
        // defaultVariant
        var defaultVariant: Int?
        if let node = field("defaultVariant") {
            switch node.content {
            case .null: break
            case .string(let name) where name.isEmpty: break
            case .string(let name):
                guard let index = FlagdRule.index(ofVariant: name, in: names) else {
                    return problem(
                        "\"defaultVariant\" is \"\(name)\", which \"variants\" does not define", at: node.offset)
                }
                defaultVariant = index
            default:
                return problem("\"defaultVariant\" is a variant's name, found \(node.typeName)", at: node.offset)
            }
        }
        if let metadata = field("metadata"), let detail = Self.metadataProblem(metadata) {
            return problem(detail, at: metadata.offset)
        }
        // targeting
        var expression: JSONLogicExpression?
        if let node = field("targeting") {
            switch node.content {
            case .object(let members) where members.isEmpty:
                break
            case .null:
                break
            case .object:
                guard compiledNodes < Self.maximumDocumentNodes else {
                    return problem(
                        "the document's rules have more than \(Self.maximumDocumentNodes) operations and values",
                        at: node.offset)
                }
                let compiled = compiler.compile(node, path: "targeting")
                // Counted whether it compiles or not: a document of failing rules is bounded too.
                compiledNodes += compiler.nodeCount
                guard let compiled else {
                    let found = compiler.problem
                    return problem(
                        "\(found?.path ?? "targeting"): \(found?.detail ?? "")", at: found?.offset ?? node.offset)
                }
                for result in compiled.literalResults {
                    if let detail = Self.unknownVariant(result, names: names) {
                        return problem(detail, at: node.offset)
                    }
                }
                expression = compiled
            default:
                return problem("\"targeting\" is a JSON Logic object, found \(node.typeName)", at: node.offset)
            }
        }
        let plainValue = defaultVariant.map { values[$0] } ?? values[0]
        let tweak = Tweak(feature: key.feature, variable: key.variable, value: plainValue, source: tweakSource)
        guard state == "ENABLED", expression != nil || defaultVariant != nil else {
            // Disabled, or no answer without a targeting that chooses: decided by a rule that
            // never answers, so the flag is still listed and typed.
            let rule = FlagdRule(
                flagKey: flag.key, variantNames: names, variantValues: values, defaultVariant: nil,
                expression: .literal(.null), isDisabled: state != "ENABLED")
            return tweak.with(targeting: TweakTargeting(branches: [], defaultValue: nil, flagd: rule))
        }
        guard let expression else { return tweak }
        let rule = FlagdRule(
            flagKey: flag.key, variantNames: names, variantValues: values, defaultVariant: defaultVariant,
            expression: expression)
        return tweak.with(targeting: TweakTargeting(branches: [], defaultValue: nil, flagd: rule))
    }

    /// The variants' values, in document order; `nil` when they are of several types. Numbers are
    /// all `Double` when one of them has a fraction.
    private static func values(of variants: [JSONNode.Member]) -> [TweakValue]? {
        var values: [TweakValue] = []
        var kinds: Set<String> = []
        var hasFraction = false
        for variant in variants {
            switch variant.value.content {
            case .bool(let flag): values.append(.bool(flag))
            case .string(let text): values.append(.string(text))
            case .int(let number): values.append(.int(number))
            case .double(let number):
                hasFraction = true
                values.append(.double(number))
            case .object, .array:
                guard let value = variant.value.tweakValue else { return nil }
                values.append(value)
            case .null:
                return nil
            }
            kinds.insert(variant.value.typeName)
        }
        guard kinds.count == 1 else { return nil }
        if hasFraction {
            values = values.map { if case .int(let number) = $0 { .double(Double(number)) } else { $0 } }
        }
        return values
    }

    /// Why `metadata` is not an object of strings, numbers and Booleans; `nil` when it is.
    private static func metadataProblem(_ metadata: JSONNode) -> String? {
        guard case .object(let members) = metadata.content else {
            return "\"metadata\" is an object, found \(metadata.typeName)"
        }
        for member in members {
            switch member.value.content {
            case .string, .int, .double, .bool: continue
            default: return "\"metadata.\(member.key)\" is a string, number or Boolean, found \(member.value.typeName)"
            }
        }
        return nil
    }

    /// Why the literal result `value` of a targeting names no variant; `nil` when it names one, or
    /// names none by design (`null`: the default variant; an array or object fails when read).
    private static func unknownVariant(_ value: JSONLogicValue, names: [String]) -> String? {
        guard let name = value.variantName, FlagdRule.index(ofVariant: name, in: names) == nil else { return nil }
        return "the targeting names the variant \"\(name)\", which \"variants\" does not define"
    }

    private mutating func report(_ reason: TweakLoadError.Reason, _ offset: Int, key: TweakKey?, warns: Bool) {
        issues.append(Issue(reason: reason, offset: offset, key: key, isWarning: warns))
    }
}
