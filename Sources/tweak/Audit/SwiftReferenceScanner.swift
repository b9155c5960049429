/// What one Swift file says about tweaks, before names are resolved across files: the calls that
/// name a feature or variable, the string constants it defines, and the names and literals it uses.
struct FileReferences {
    /// An expression the audit saw where a feature or variable name goes.
    enum Expression: Hashable {
        /// A string literal: the name itself.
        case literal(String)
        /// `name`, `Flags.checkout`, `Flag.checkout.rawValue` (without `self.` and `rawValue`):
        /// resolved through the constants of every file, by its qualifier (`Flags`), or a bare name
        /// by the types it is written in.
        case reference([String])
        /// `.checkout`: a member of a type the audit cannot see, resolved by its name alone.
        case implicitMember(String)
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
        /// The types the call is written in, outermost first: where its bare names are looked up.
        let scope: [String]
    }

    /// `let name = "text"`, `static let name = Other.name`, `case name = "text"`.
    struct Constant {
        /// The name qualified by the types it is declared in: `["FlagNames", "search"]`.
        let name: [String]
        let value: Expression
        /// The types it is declared in: where the bare names of its value are looked up.
        var scope: [String] { name.dropLast() }
    }

    var calls: [Call] = []
    var constants: [Constant] = []
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

    /// Types nested deeper than this are named by their outermost ones: a hostile file of
    /// thousands of nested types must not make every name a long path.
    private static let maximumScopeDepth = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private let tokens: [SwiftToken]
    private var references = FileReferences()
    /// The types being read, outermost first (`enum Flags {`, `extension A.B {`).
    private var scope: [String] = []

    /// Scans `bytes`, the contents of one Swift file.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> FileReferences {
        var scanner = SwiftReferenceScanner(bytes: bytes, tokens: SwiftLexer.tokens(of: bytes))
        scanner.run()
        return scanner.references
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, tokens: [SwiftToken]) {
        self.bytes = bytes
        self.tokens = tokens
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
        /// Where the frame's argument starts begin in the shared stack of them.
        let firstArgument: Int
        /// A `{` that opens a type's body: how many names (`A.B`: two) the frame adds to
        /// ``SwiftReferenceScanner/scope``.
        var scopeNames = 0
    }

    private mutating func run() {
        var frames: [Frame] = []
        // The token indices where arguments start, of every open parenthesis, innermost last.
        var argumentStarts: [Int] = []
        var pendingDeclaration = false
        // The type whose body the next `{` opens.
        var pendingType: [String]?
        // How many frames of each opener, `(`, `[`, `{`, are open: a closer without an open match is
        // passed over at once (a search for it would make a file of unbalanced closers quadratic).
        var openCounts = OpenCounts()
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .identifier:
                let code = code(of: token)
                let afterDot = index > 0 && isPunctuation(tokens[index - 1], ".")
                if !afterDot, code == Self.funcCode || code == Self.initCode || isWord(token, "subscript") {
                    pendingDeclaration = true
                }
                if !afterDot, Self.typeDeclarationCodes.contains(code) || isWord(token, "extension") {
                    pendingType = typeName(after: index)
                }
                if index > 0, tokens[index - 1].kind == .identifier,
                    Self.declarationCodes.contains(self.code(of: tokens[index - 1]))
                {
                    readConstant(named: text(token), at: index)
                } else if afterDot {
                    let name = text(token)
                    references.identifiers.insert(name)
                    references.members.insert(name)
                    if index >= 2, tokens[index - 2].kind == .identifier {
                        let qualifier = tokens[index - 2]
                        if isWord(qualifier, "Features") || isWord(qualifier, "Variables") {
                            references.generatedConstants.insert(text(qualifier) + "." + name)
                        }
                    }
                } else if !Self.isKeyword(code) {
                    references.identifiers.insert(text(token))
                }
            case .string:
                references.literals.insert(stringValue(token))
            case .dynamicString:
                break
            case .punctuation:
                switch token.byte {
                case UInt8(ascii: "("):
                    let callee = index > 0 && tokens[index - 1].kind == .identifier ? text(tokens[index - 1]) : nil
                    let isCase = index >= 2 && isWord(tokens[index - 2], "case")
                    frames.append(
                        Frame(
                            opener: token.byte, open: index, callee: callee,
                            isDeclaration: pendingDeclaration || isCase, firstArgument: argumentStarts.count))
                    openCounts[token.byte] += 1
                    argumentStarts.append(index + 1)
                    pendingDeclaration = false
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    var frame = Frame(
                        opener: token.byte, open: index, callee: nil, isDeclaration: false,
                        firstArgument: argumentStarts.count)
                    if token.byte == UInt8(ascii: "{") {
                        pendingDeclaration = false
                        if let type = pendingType, scope.count + type.count <= Self.maximumScopeDepth {
                            frame.scopeNames = type.count
                            scope += type
                        }
                        pendingType = nil
                    }
                    frames.append(frame)
                    openCounts[token.byte] += 1
                case UInt8(ascii: ","):
                    if let last = frames.last, last.opener == UInt8(ascii: "(") { argumentStarts.append(index + 1) }
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let opener: UInt8 =
                        token.byte == UInt8(ascii: ")")
                        ? UInt8(ascii: "(") : token.byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    // Recover from unbalanced brackets (`#if` branches) by closing to the matching kind.
                    guard openCounts[opener] > 0,
                        let match = frames.lastIndex(where: { $0.opener == opener })
                    else { break }
                    let frame = frames[match]
                    if opener == UInt8(ascii: "("), !frame.isDeclaration {
                        let end = match + 1 < frames.count ? frames[match + 1].firstArgument : argumentStarts.count
                        readCall(frame, arguments: argumentStarts[frame.firstArgument..<end], close: index)
                    }
                    argumentStarts.removeSubrange(frame.firstArgument...)
                    for closed in frames[match...] {
                        openCounts[closed.opener] -= 1
                        scope.removeLast(closed.scopeNames)
                    }
                    frames.removeSubrange(match...)
                default:
                    break
                }
            }
            index += 1
        }
    }

    /// How many `(`, `[` and `{` are open.
    private struct OpenCounts {
        private var parentheses = 0
        private var brackets = 0
        private var braces = 0

        subscript(opener: UInt8) -> Int {
            get {
                switch opener {
                case UInt8(ascii: "("): parentheses
                case UInt8(ascii: "["): brackets
                default: braces
                }
            }
            set {
                switch opener {
                case UInt8(ascii: "("): parentheses = newValue
                case UInt8(ascii: "["): brackets = newValue
                default: braces = newValue
                }
            }
        }
    }

    // MARK: Words

    // Names of up to 8 ASCII bytes are compared as one number, their bytes packed: no `String` is
    // made for a keyword, and no hashing is done to recognize one.

    /// The bytes of a name of at most 8 bytes as one number; 0 for longer names.
    private func code(of token: SwiftToken) -> UInt64 {
        let length = Int(token.end - token.start)
        guard length <= 8 else { return 0 }
        var value: UInt64 = 0
        for offset in Int(token.start)..<Int(token.end) { value = value << 8 | UInt64(bytes[offset]) }
        return value
    }

    private static func code(_ word: String) -> UInt64 {
        word.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Whether the token is the name `word`.
    private func isWord(_ token: SwiftToken, _ word: StaticString) -> Bool {
        guard token.kind == .identifier, Int(token.end - token.start) == word.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// The name a type declaration at `index` (`struct`, `extension`, …) gives, `["A", "B"]` for
    /// `extension A.B`; `nil` for a modifier (`class func`).
    private func typeName(after index: Int) -> [String]? {
        var parts: [String] = []
        var position = index + 1
        while position < tokens.count, tokens[position].kind == .identifier {
            let code = code(of: tokens[position])
            guard !Self.isKeyword(code), !Self.declarationCodes.contains(code) else { break }
            parts.append(text(tokens[position]))
            guard position + 2 < tokens.count, isPunctuation(tokens[position + 1], "."), parts.count < 8 else { break }
            position += 2
        }
        return parts.isEmpty ? nil : parts
    }

    private static let funcCode = code("func")
    /// The names that declare a type (`extension`, which adds to one, is too long for a code).
    private static let typeDeclarationCodes = ["enum", "struct", "class", "actor", "protocol"].map(code)
    private static let initCode = code("init")
    /// The names after which a name is declared (and so is no use of it).
    private static let declarationCodes = ["let", "var", "func", "case", "class", "struct", "enum"].map(code)
    /// Keywords and common type names, which never name a constant: not worth remembering as uses.
    private static let keywordCodes = [
        "let", "var", "func", "return", "self", "Self", "true", "false", "nil", "if", "else", "guard", "in", "for",
        "try", "await", "static", "private", "public", "import", "struct", "class", "enum", "case", "init", "throws",
        "some", "any", "where", "switch", "default", "do", "catch", "is", "as", "String", "Int", "Bool", "Double",
        "internal", "final", "override", "mutating", "while", "break", "continue", "defer", "throw", "get", "set",
    ].map(code).sorted()

    private static func isKeyword(_ code: UInt64) -> Bool {
        guard code != 0 else { return false }
        var low = 0
        var high = keywordCodes.count
        while low < high {
            let middle = (low + high) / 2
            if keywordCodes[middle] < code { low = middle + 1 } else { high = middle }
        }
        return low < keywordCodes.count && keywordCodes[low] == code
    }

    // MARK: Calls

    private mutating func readCall(_ frame: Frame, arguments: ArraySlice<Int>, close: Int) {
        var labeled: [String: Range<Int>] = [:]
        var positional: [Range<Int>] = []
        for (offset, start) in zip(arguments.indices, arguments) {
            let end = offset + 1 < arguments.endIndex ? arguments[offset + 1] - 1 : close
            guard start < end else { continue }
            if end - start >= 2, tokens[start].kind == .identifier, isPunctuation(tokens[start + 1], ":") {
                labeled[text(tokens[start])] = (start + 2)..<end
            } else if labeled.isEmpty {
                positional.append(start..<end)
            }
        }
        let line = Int(tokens[frame.open].line)
        if let feature = labeled["feature"] {
            var variable = labeled["variable"].map { expression($0, label: "variable") }
            if variable == nil, frame.callee == "setFeatureEnabled" { variable = .literal("enabled") }
            references.calls.append(
                .init(feature: expression(feature, label: "feature"), variable: variable, line: line, scope: scope))
            return
        }
        guard let callee = frame.callee else { return }
        if Self.featureSwitchCalls.contains(callee), let first = positional.first {
            references.calls.append(
                .init(feature: expression(first, label: nil), variable: .literal("enabled"), line: line, scope: scope))
        } else if let count = Self.positionalCalls[callee], positional.count == count, frame.open >= 2,
            isPunctuation(tokens[frame.open - 2], ".")
        {
            let feature = expression(positional[0], label: nil)
            let variable = expression(positional[1], label: nil)
            // `.set(a, b, c)` of another type: only names the audit can read count.
            guard case .literal = feature, case .literal = variable else { return }
            references.calls.append(.init(feature: feature, variable: variable, line: line, scope: scope))
        }
    }

    /// The expression in `range`, the argument labeled `label`.
    private func expression(_ range: Range<Int>, label: String?) -> FileReferences.Expression {
        if range.count == 1, tokens[range.lowerBound].kind == .string {
            return .literal(stringValue(tokens[range.lowerBound]))
        }
        if let chain = chain(range) {
            if label != nil, chain == [label] { return .passedOn }
            if isPunctuation(tokens[range.lowerBound], "."), chain.count == 1 { return .implicitMember(chain[0]) }
            return .reference(chain)
        }
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
                parts.append(text(token))
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
        references.constants.append(.init(name: scope + [name], value: value))
    }

    // MARK: Text

    private func isPunctuation(_ token: SwiftToken, _ character: Unicode.Scalar) -> Bool {
        token.kind == .punctuation && token.byte == UInt8(character.value)
    }

    private func text(_ token: SwiftToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
    }

    /// The value of a ``SwiftToken/Kind/string`` token, escapes read.
    private func stringValue(_ token: SwiftToken) -> String {
        guard token.byte == 1 else { return text(token) }
        var scalars = String.UnicodeScalarView()
        let content = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
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
        var end = lastToken.kind == .string ? min(bytes.count, Int(lastToken.end) + 1) : Int(lastToken.end)
        // A literal with interpolations ends after the tokens of its code.
        if tokens[range.lowerBound].kind == .dynamicString { end = max(end, Int(tokens[range.lowerBound].end)) }
        // No more text than the 80 characters shown can use (an argument may be megabytes long).
        let last = min(end, first + 320)
        let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<max(first, last)]), as: UTF8.self)
        let oneLine = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return oneLine.shortened(to: 80)
    }
}
