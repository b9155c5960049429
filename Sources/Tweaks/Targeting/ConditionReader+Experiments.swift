/// `"$experiments"`: the experiments a document runs, each naming the conditions that are its
/// variants, so that an exposure (``TweakExposure``) names its experiment:
///
/// ```json
/// "$experiments": [
///   {"name": "checkout_copy", "variants": ["control", "treatment"], "description": "Which title sells more"}
/// ]
/// ```
///
/// A variant is a condition of `"$conditions"`; a condition is the variant of one experiment at
/// most. Strict documents (files a person writes, `tweak validate`) reject every mistake, naming
/// the experiment; lenient (remote) ones read every problem as a warning, and an experiment with
/// one names none of its variants. Older clients ignore the key (an unknown `$` key is a warning
/// when lenient), so adding experiments to a remote document never costs them its values.
extension ConditionReader {
    /// Reads the value of ``experimentsKey``: gives each variant's condition its experiment.
    mutating func readExperiments(_ node: JSONNode) {
        guard case .array(let elements) = node.content else {
            report(
                .wrongType(field: Self.experimentsKey, expected: "array of experiments", found: node.typeName),
                node.offset, lenientWarning: true)
            return
        }
        var experimentOfCondition: [String: String] = [:]
        var names: Set<String> = []
        for element in elements {
            guard case .object(let members) = element.content else {
                report(
                    .wrongType(field: Self.experimentsKey, expected: "object", found: element.typeName), element.offset,
                    lenientWarning: true)
                continue
            }
            guard let nameMember = members.first(where: { $0.key == "name" }),
                case .string(let name) = nameMember.value.content, !name.isEmpty
            else {
                report(.missingField("name"), element.offset, lenientWarning: true)
                continue
            }
            guard !DocumentName.hasControlCharacter(name) else {
                report(.controlCharacterInName("experiment", name: name), nameMember.value.offset, lenientWarning: true)
                continue
            }
            func problem(_ detail: String, _ offset: Int) {
                report(.invalidExperiment(name, detail: detail), offset, lenientWarning: true)
            }
            guard names.insert(name).inserted else {
                report(.duplicateKey(name), nameMember.value.offset, lenientWarning: true)
                continue
            }
            var variants: [(name: String, index: Int)] = []
            var isValid = true
            for member in members where member.key != "name" {
                switch member.key {
                case "variants":
                    guard case .array(let items) = member.value.content, !items.isEmpty else {
                        problem("\"variants\" must be a non-empty array of condition names", member.value.offset)
                        isValid = false
                        continue
                    }
                    for item in items {
                        guard case .string(let variant) = item.content else {
                            problem("a variant is \(item.typeName); expected a condition name", item.offset)
                            isValid = false
                            continue
                        }
                        guard let index = index(ofCondition: variant) else {
                            problem(
                                "variant \"\(variant)\" is not a condition of \"\(Self.conditionsKey)\"", item.offset)
                            isValid = false
                            continue
                        }
                        if let other = experimentOfCondition[variant] {
                            problem("condition \"\(variant)\" is already a variant of \"\(other)\"", item.offset)
                            isValid = false
                            continue
                        }
                        variants.append((variant, index))
                    }
                case "description":
                    guard case .string = member.value.content else {
                        problem("\"description\" is \(member.value.typeName); expected a string", member.value.offset)
                        continue
                    }
                default:
                    report(.unknownField(member.key), member.keyOffset, lenientWarning: true)
                }
            }
            if !members.contains(where: { $0.key == "variants" }) {
                problem("missing \"variants\"", element.offset)
                isValid = false
            }
            guard isValid else { continue }
            for variant in variants {
                experimentOfCondition[variant.name] = name
                conditions[variant.index].experiment = name
            }
        }
    }
}
