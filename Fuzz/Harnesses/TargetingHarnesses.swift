import Foundation

/// Contexts every fuzzed condition is evaluated for; the last one's attributes are the input's text.
private func contexts(for data: Data) -> [TweakContext?] {
    let text = String(decoding: data.prefix(4096), as: UTF8.self)
    var attributes: [String: TweakContext.Value] = [:]
    for key in ["k", "key", "user", "email", "app_version", "plan"] { attributes[key] = .string(text) }
    return [
        nil, TweakContext(randomizationID: "fuzz"),
        TweakContext(randomizationID: text, attributes: ["k": 1e15, "key": -0.5, "user": "u1", "email": true]),
        TweakContext(randomizationID: text, attributes: attributes),
    ]
}

/// The condition reader of the tweaks format: the input is the value of `"$conditions"`. Read
/// strictly and leniently, every condition is evaluated; a strict read without problems must be a
/// lenient read without problems and the same conditions.
func fuzzConditions(_ data: Data) {
    guard let node = try? JSONParser.parse(Array(data), source: "fuzz") else { return }
    var strict = ConditionReader(isStrict: true)
    strict.readConditions(node)
    var lenient = ConditionReader(isStrict: false)
    lenient.readConditions(node)
    if strict.issues.isEmpty, !lenient.issues.isEmpty || lenient.conditions != strict.conditions {
        fatalError("a strict read without problems differs when lenient: \(lenient.issues)")
    }
    if lenient.issues.count != strict.issues.count {
        fatalError("strict and lenient reads found different problems: \(strict.issues) \(lenient.issues)")
    }
    for context in contexts(for: data) {
        for condition in lenient.conditions { _ = condition.condition.evaluate(context) }
    }
}

/// The Firebase template reader: the input is a template's top level, read strictly and
/// leniently; every parameter's conditional values are decided for a few contexts.
func fuzzFirebaseTemplate(_ data: Data) {
    guard let node = try? JSONParser.parse(Array(data), source: "fuzz"), case .object(let members) = node.content
    else { return }
    for isStrict in [true, false] {
        var reader = ConditionReader(isStrict: isStrict)
        var delivered = 0
        let tweaks = reader.readFirebaseTemplate(members, tweakSource: "fuzz") { _, _, _ in delivered += 1 }
        if delivered != reader.issues.count {
            fatalError("\(reader.issues.count) problems found, \(delivered) delivered")
        }
        for context in contexts(for: data) {
            for tweak in tweaks.values {
                _ = tweak.targeting?.decide(for: context)
            }
        }
    }
}

/// The `STRING_CONTAINS_REGEX` engine: the input's first line is the pattern, the rest the text.
/// A pattern compiles or is refused; matching any text must end, in time linear in the text.
func fuzzRegularExpression(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let expression = try? RegularExpression(String(parts[0])) else { return }
    let subject = parts.count > 1 ? String(parts[1]) : ""
    _ = expression.matches(subject)
    _ = expression.matches(subject + subject)
}
