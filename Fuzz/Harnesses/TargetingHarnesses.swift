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

/// The names a flagd document's `var`s are likely to read: the input's short string literals
/// (at most 16), each a dotted path.
private func likelyPaths(in data: Data) -> [String] {
    let text = String(decoding: data.prefix(8192), as: UTF8.self)
    let literals = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 && (1...48).contains($0.element.count) }.map { String($0.element) }
    return Array(Set(literals).sorted().prefix(16))
}

/// Contexts every flagd rule is decided for: none; a targeting key alone; then a key and, at every
/// likely path, a value of each kind in turn (a nested structure for a dotted path).
private func flagdContexts(for data: Data) -> [TweakContext?] {
    let text = String(decoding: data.prefix(256), as: UTF8.self)
    let values: [TweakContext.Value] = [
        .string(text), .int(Int.max), .double(-0.5), .bool(true), .string("5.12.1-rc.1+b"),
        .list([.int(1), .string("a"), .list([.double(1e300)]), .structure(["k": .bool(false)])]),
        .structure(["name": .string(text), "age": .int(30), "tags": .list([.string("x")])]), .int(0),
        .double(.nan), .string(""),
    ]
    var contexts: [TweakContext?] = [nil, TweakContext(randomizationID: text)]
    for shift in 0..<3 {
        var attributes: [String: TweakContext.Value] = [:]
        for (index, path) in likelyPaths(in: data).enumerated() {
            let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var value = values[(index + shift * 3) % values.count]
            for part in parts.dropFirst().reversed() { value = .structure([part: value]) }
            attributes[parts[0]] = value
        }
        contexts.append(TweakContext(randomizationID: shift == 0 ? "user-42" : text, attributes: attributes))
    }
    return contexts
}

/// The flagd document reader: the input is a flag definition document, loaded strictly and
/// leniently (a strict load must be a lenient load without warnings and the same tweaks); every
/// flagd rule that loaded is decided for a few contexts, through the lookup's own path.
func fuzzFlagd(_ data: Data) {
    let bytes = [UInt8](data)
    var strictKeys: Set<TweakKey>?
    for strictness in [LocalTweaksDocument.Strictness.strict, .lenient] {
        guard
            let document = try? LocalTweaksDocument(
                bytes: bytes, source: "fuzz", tweakSource: "fuzz", format: .flagd, strictness: strictness)
        else {
            if strictKeys != nil { fatalError("a document that loads strictly fails to load leniently") }
            continue
        }
        if strictness == .strict {
            strictKeys = Set(document.definitions.keys)
        } else if let strictKeys, strictKeys != Set(document.definitions.keys) || !document.warnings.isEmpty {
            fatalError("a strict load differs when lenient: \(document.warnings)")
        }
        for context in flagdContexts(for: data) {
            for definition in document.definitions.values {
                guard let targeting = definition.tweak.targeting, let rule = targeting.flagd else { continue }
                _ = rule.decide(for: context)
                _ = try? targeting.answer(of: definition.tweak, for: context)
            }
        }
    }
}
