/// What one Swift file says about tweaks, before names are resolved across files: the calls that
/// name a feature or variable, the string constants it defines, and the names and literals it uses.
struct FileReferences {
    /// An expression the audit saw where a feature or variable name goes.
    enum Expression: Hashable {
        /// A string literal: the name itself.
        case literal(String)
        /// `name`, `Flags.checkout`, `Flag.checkout.rawValue` (without `self.` and `rawValue`):
        /// resolved through the constants of every file.
        case reference([String])
        /// Built at run time (interpolation, concatenation, a call): the source text.
        case dynamic(String)
        /// `feature: feature`: a wrapper passing its own parameter on; its callers are what count.
        case passedOn
    }

    /// A call that names a tweak: `tweakWith(feature: …, variable: …)`, `isFeatureEnabled(…)`, …
    struct Call {
        let feature: Expression
        /// `nil` when the call names only a feature.
        let variable: Expression?
        let line: Int
    }

    var calls: [Call] = []
    /// `let name = "text"`, `static let name = Other.name`, `case name = "text"`.
    var constants: [(name: String, value: Expression)] = []
    /// Every identifier used (declarations left out).
    var identifiers: Set<String> = []
    /// Identifiers after a `.`: where a generated accessor property is used.
    var members: Set<String> = []
    /// `Features.x` and `Variables.x`: the generated constants used.
    var generatedConstants: Set<String> = []
    /// The contents of single-line string literals without interpolation.
    var literals: Set<String> = []
}

/// Reads one file's tokens into ``FileReferences``.
struct SwiftReferenceScanner {
    /// Calls whose first argument is a feature and whose variable is `enabled`.
    private static let featureSwitchCalls: Set<String> = ["isFeatureEnabled", "tweakFeature", "featureEnabled"]
    /// Calls (after a `.`) that take a feature and a variable as their first two arguments, and how
    /// many arguments they take: `TweakOverride`'s and `TweakOverrides`' factories.
    private static let positionalCalls: [String: Int] = ["tweak": 3, "set": 3, "tweakRemoved": 2, "removed": 2]
    private static let declarationKeywords: Set<String> = ["let", "var", "func", "case", "class", "struct", "enum"]

    private let bytes: UnsafeBufferPointer<UInt8>
    private let tokens: [SwiftToken]
    /// The text of each identifier token up to the one being read (others empty).
    private var names: [String]
    private var references = FileReferences()

    /// Scans `bytes`, the contents of one Swift file.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> FileReferences {
        var scanner = SwiftReferenceScanner(bytes: bytes, tokens: SwiftLexer.tokens(of: bytes))
        scanner.run()
        return scanner.references
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, tokens: [SwiftToken]) {
        self.bytes = bytes
        self.tokens = tokens
        names = Array(repeating: "", count: tokens.count)
    }

    /// An open bracket; a parenthesis collects its arguments as token ranges.
    private struct Frame {
        let opener: UInt8
        /// The index of the opening token.
        let open: Int
        /// The function called, when the parenthesis follows a name.
        let callee: String?
        /// A parameter list (`func f(feature: String)`), not a call.
        let isDeclaration: Bool
        var argumentStarts: [Int] = []
    }

    private mutating func run() {
        var frames: [Frame] = []
        var pendingDeclaration = false
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .identifier:
                let name = text(token)
                names[index] = name
                let previous = index > 0 ? tokens[index - 1] : nil
                let afterDot = previous.map { isPunctuation($0, ".") } ?? false
                let isDeclared =
                    previous?.kind == .identifier && Self.declarationKeywords.contains(names[index - 1])
                if (name == "func" || name == "init" || name == "subscript") && !afterDot { pendingDeclaration = true }
                if isDeclared {
                    readConstant(named: name, at: index)
                } else {
                    references.identifiers.insert(name)
                    if afterDot {
                        references.members.insert(name)
                        if index >= 2, tokens[index - 2].kind == .identifier {
                            let qualifier = names[index - 2]
                            if qualifier == "Features" || qualifier == "Variables" {
                                references.generatedConstants.insert(qualifier + "." + name)
                            }
                        }
                    }
                }
            case .string:
                references.literals.insert(stringValue(token))
            case .dynamicString:
                break
            case .punctuation:
                switch token.byte {
                case UInt8(ascii: "("):
                    let previous = index > 0 ? tokens[index - 1] : nil
                    let callee = previous.flatMap { $0.kind == .identifier ? names[index - 1] : nil }
                    let isCaseDeclaration = index >= 2 && names[index - 2] == "case"
                    frames.append(
                        Frame(
                            opener: token.byte, open: index, callee: callee,
                            isDeclaration: pendingDeclaration || isCaseDeclaration, argumentStarts: [index + 1]))
                    pendingDeclaration = false
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if token.byte == UInt8(ascii: "{") { pendingDeclaration = false }
                    frames.append(Frame(opener: token.byte, open: index, callee: nil, isDeclaration: false))
                case UInt8(ascii: ","):
                    if let last = frames.indices.last, frames[last].opener == UInt8(ascii: "(") {
                        frames[last].argumentStarts.append(index + 1)
                    }
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let opener: UInt8 =
                        token.byte == UInt8(ascii: ")")
                        ? UInt8(ascii: "(") : token.byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    // Recover from unbalanced brackets (`#if` branches) by closing to the matching kind.
                    guard let match = frames.lastIndex(where: { $0.opener == opener }) else { break }
                    let frame = frames[match]
                    frames.removeSubrange(match...)
                    if opener == UInt8(ascii: "("), !frame.isDeclaration { readCall(frame, close: index) }
                default:
                    break
                }
            }
            index += 1
        }
    }

    // MARK: Calls

    private mutating func readCall(_ frame: Frame, close: Int) {
        var labeled: [String: Range<Int>] = [:]
        var positional: [Range<Int>] = []
        for (number, start) in frame.argumentStarts.enumerated() {
            let end = number + 1 < frame.argumentStarts.count ? frame.argumentStarts[number + 1] - 1 : close
            guard start < end else { continue }
            if end - start >= 2, tokens[start].kind == .identifier, isPunctuation(tokens[start + 1], ":") {
                labeled[name(at: start)] = (start + 2)..<end
            } else if labeled.isEmpty {
                positional.append(start..<end)
            }
        }
        let line = Int(tokens[frame.open].line)
        if let feature = labeled["feature"] {
            var variable = labeled["variable"].map { expression($0, label: "variable") }
            if variable == nil, frame.callee == "setFeatureEnabled" { variable = .literal("enabled") }
            references.calls.append(.init(feature: expression(feature, label: "feature"), variable: variable, line: line))
            return
        }
        guard let callee = frame.callee else { return }
        if Self.featureSwitchCalls.contains(callee), let first = positional.first {
            references.calls.append(.init(feature: expression(first, label: nil), variable: .literal("enabled"), line: line))
        } else if let count = Self.positionalCalls[callee], positional.count == count, frame.open >= 2,
            isPunctuation(tokens[frame.open - 2], ".")
        {
            let feature = expression(positional[0], label: nil)
            let variable = expression(positional[1], label: nil)
            // `.set(a, b, c)` of another type: only names the audit can read count.
            guard case .literal = feature, case .literal = variable else { return }
            references.calls.append(.init(feature: feature, variable: variable, line: line))
        }
    }

    /// The expression in `range`, the argument labeled `label`.
    private func expression(_ range: Range<Int>, label: String?) -> FileReferences.Expression {
        if range.count == 1, tokens[range.lowerBound].kind == .string {
            return .literal(stringValue(tokens[range.lowerBound]))
        }
        if let chain = chain(range) { return label != nil && chain == [label] ? .passedOn : .reference(chain) }
        return .dynamic(sourceText(range))
    }

    /// `a.b.c` (optionally `.b`, `self.b`, `X.b.rawValue`) as its names, or `nil`.
    private func chain(_ range: Range<Int>) -> [String]? {
        var parts: [String] = []
        var expectsName = true
        for position in range {
            let token = tokens[position]
            if expectsName {
                guard token.kind == .identifier else {
                    if position == range.lowerBound, isPunctuation(token, ".") { continue }
                    return nil
                }
                parts.append(name(at: position))
            } else {
                guard isPunctuation(token, ".") else { return nil }
            }
            expectsName.toggle()
        }
        guard !expectsName, !parts.isEmpty else { return nil }
        if parts.first == "self" { parts.removeFirst() }
        if parts.count > 1, parts.last == "rawValue" { parts.removeLast() }
        return parts.isEmpty ? nil : parts
    }

    // MARK: Constants

    /// After `let`/`var`/`case NAME`: `= "text"` or `= Name.name` (then the line or statement ends)
    /// makes a constant. An optional `: String` annotation is allowed.
    private mutating func readConstant(named name: String, at index: Int) {
        var position = index + 1
        if position + 1 < tokens.count, isPunctuation(tokens[position], ":"), tokens[position + 1].kind == .identifier {
            position += 2
        }
        guard position < tokens.count, isPunctuation(tokens[position], "=") else { return }
        position += 1
        guard position < tokens.count else { return }
        var end = position
        if tokens[position].kind == .string {
            end = position + 1
        } else {
            while end < tokens.count, tokens[end].line == tokens[position].line,
                tokens[end].kind == .identifier || isPunctuation(tokens[end], ".")
            {
                end += 1
            }
        }
        guard end > position else { return }
        // The value must end the statement: nothing more on its line but a `;`, `,` or `}`.
        if end < tokens.count, tokens[end].line == tokens[end - 1].line {
            let next = tokens[end]
            guard isPunctuation(next, ";") || isPunctuation(next, "}") || isPunctuation(next, ",") else { return }
        }
        let value = expression(position..<end, label: nil)
        if case .dynamic = value { return }
        references.constants.append((name, value))
    }

    // MARK: Text

    private func isPunctuation(_ token: SwiftToken, _ character: Unicode.Scalar) -> Bool {
        token.kind == .punctuation && token.byte == UInt8(character.value)
    }

    private func name(at index: Int) -> String {
        names[index].isEmpty ? text(tokens[index]) : names[index]
    }

    private func text(_ token: SwiftToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
    }

    /// The value of a ``SwiftToken/Kind/string`` token, escapes read.
    private func stringValue(_ token: SwiftToken) -> String {
        guard token.byte == 1 else { return text(token) }
        var scalars = String.UnicodeScalarView()
        let content = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
        var iterator = content.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\", let escaped = iterator.next() else {
                scalars.append(scalar)
                continue
            }
            switch escaped {
            case "n": scalars.append("\n")
            case "t": scalars.append("\t")
            case "r": scalars.append("\r")
            case "0": scalars.append("\0")
            case "u":
                var hex = ""
                while let next = iterator.next(), next != "}" {
                    if next != "{" { hex.unicodeScalars.append(next) }
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { scalars.append(decoded) }
            default: scalars.append(escaped)
            }
        }
        return String(scalars)
    }

    /// The source of `range`, on one line, at most 80 characters.
    private func sourceText(_ range: Range<Int>) -> String {
        let start = Int(tokens[range.lowerBound].start)
        // A string token's range is its contents: reach back to its quote.
        let first = tokens[range.lowerBound].kind == .string ? max(0, start - 1) : start
        let lastToken = tokens[range.upperBound - 1]
        let last = lastToken.kind == .string ? min(bytes.count, Int(lastToken.end) + 1) : Int(lastToken.end)
        let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<max(first, last)]), as: UTF8.self)
        let oneLine = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "…" : oneLine
    }
}
