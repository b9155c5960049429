/// One token of Swift source, as far as `tweak audit` needs to see it: identifiers, string
/// literals and punctuation. Comments and white space are skipped; numbers and operators of more
/// than one character come out as punctuation, one byte at a time.
struct SwiftToken {
    enum Kind: UInt8 {
        /// A name (`checkout`, `` `default` ``); the range is the name without backticks.
        case identifier
        /// A single-line string literal without interpolation; the range is its contents between
        /// the quotes, escapes still written (`hasEscapes` says when there are any).
        case string
        /// A string literal that the audit cannot read as one value: it has interpolation (the
        /// range is the whole literal), or it spans several lines.
        case dynamicString
        /// Any other character; ``SwiftToken/byte`` is it.
        case punctuation
    }

    var kind: Kind
    /// The punctuation character, or for ``Kind/string`` whether it has escapes (1) or not (0).
    var byte: UInt8
    var start: Int32
    var end: Int32
    /// The 1-based line the token starts on.
    var line: Int32
}

/// A small, fast lexer of Swift source bytes: it skips line and nested block comments, and reads
/// string literals whole (`"…"`, multi-line `"""…"""`, raw `#"…"#`), so that a flag name inside a
/// comment or inside another string is never taken for a reference. The code of a `\(…)`
/// interpolation (raw: `\#(…)`) is code: its tokens follow the literal's own token, in source
/// order, the interpolation's parentheses included, so that `"\(manager.isFeatureEnabled("x"))"`
/// reads `x`. It has no recursion: any input is read in time and stack space independent of its
/// nesting.
struct SwiftLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line: Int32 = 1
    private(set) var tokens: [SwiftToken] = []

    /// Lexes `bytes` whole.
    static func tokens(of bytes: UnsafeBufferPointer<UInt8>) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: bytes)
        lexer.tokens.reserveCapacity(bytes.count / 5)
        lexer.run()
        return lexer.tokens
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    private mutating func run() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                readString(hashes: 0)
            case UInt8(ascii: "#"):
                let hashes = hashCount(at: index)
                let next = self.byte(at: index + hashes)
                if next == UInt8(ascii: "\"") {
                    index += hashes
                    readString(hashes: hashes)
                } else if next == UInt8(ascii: "/") {
                    skipRegex(hashes: hashes)
                } else {
                    appendPunctuation(UInt8(ascii: "#"))
                }
            default:
                lexCode(lineComments: true)
            }
        }
    }

    /// How many `#` there are from `offset` on.
    private func hashCount(at offset: Int) -> Int {
        var count = 0
        while byte(at: offset + count) == UInt8(ascii: "#") { count += 1 }
        return count
    }

    /// Reads the code at `index` other than a string literal or a `#`: white space, a comment (a line
    /// comment only with `lineComments`), a name, a number or one punctuation character.
    private mutating func lexCode(lineComments: Bool) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"):
            line += 1
            index += 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            index += 1
        case UInt8(ascii: "/") where lineComments && self.byte(at: index + 1) == UInt8(ascii: "/"):
            skipLineComment()
        case UInt8(ascii: "/") where self.byte(at: index + 1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "`"):
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            tokens.append(SwiftToken(kind: .identifier, byte: 0, start: Int32(start), end: Int32(end), line: line))
            index = min(end + 1, bytes.count)
        case _ where Self.isIdentifierHead(byte):
            let start = index
            index += 1
            while index < bytes.count, Self.isIdentifierBody(bytes[index]) { index += 1 }
            tokens.append(SwiftToken(kind: .identifier, byte: 0, start: Int32(start), end: Int32(index), line: line))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // A number, `1_000`, `0x1F`, `1.5e3`: no token the audit needs.
            index += 1
            while index < bytes.count, Self.isIdentifierBody(bytes[index]) { index += 1 }
        default:
            appendPunctuation(byte)
        }
    }

    private mutating func appendPunctuation(_ byte: UInt8) {
        tokens.append(
            SwiftToken(kind: .punctuation, byte: byte, start: Int32(index), end: Int32(index + 1), line: line))
        index += 1
    }

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    /// Skips `/* … */`, which nest in Swift.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), self.byte(at: index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: "*"), self.byte(at: index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if byte == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
    }

    /// Skips an extended regex literal `#/…/#` (its text may hold quotes).
    private mutating func skipRegex(hashes: Int) {
        index += hashes + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), hasHashes(hashes, at: index + 1) {
                index += 1 + hashes
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    private func hasHashes(_ count: Int, at offset: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        for position in offset..<(offset + count) where bytes[position] != UInt8(ascii: "#") { return false }
        return true
    }

    /// A string literal being read, or an interpolation `\\( … )` inside one: literals nest in
    /// interpolations to any depth, so they are read with a stack of these, not by recursion (a
    /// file of thousands of nested interpolations must not overflow the stack).
    private enum Nesting {
        case string(OpenString)
        /// The parentheses open in an interpolation, its own included.
        case interpolation(depth: Int)
    }

    private struct OpenString {
        /// Where the literal's token goes in ``SwiftLexer/tokens``: before the tokens of its
        /// interpolations, which are appended while it is read.
        let tokenIndex: Int
        let hashes: Int
        let isMultiLine: Bool
        let literalStart: Int
        let contentStart: Int
        let line: Int32
        var hasEscapes = false
        var hasInterpolation = false
    }

    /// Opens a string literal whose opening quote is at `index`, preceded by `hashes` `#`s, and
    /// keeps the place of its token (filled in by ``close(_:contentEnd:isClosed:)``).
    private mutating func openString(hashes: Int) -> OpenString {
        let isMultiLine = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
        let literalStart = index - hashes
        let tokenIndex = tokens.count
        tokens.append(
            SwiftToken(kind: .dynamicString, byte: 0, start: Int32(literalStart), end: Int32(index), line: line))
        index += isMultiLine ? 3 : 1
        return OpenString(
            tokenIndex: tokenIndex, hashes: hashes, isMultiLine: isMultiLine, literalStart: literalStart,
            contentStart: index, line: line)
    }

    /// Puts the token of a literal that ends at `index` in its place.
    private mutating func close(_ string: OpenString, contentEnd: Int, isClosed: Bool) {
        tokens[string.tokenIndex] = token(of: string, contentEnd: contentEnd, isClosed: isClosed)
    }

    /// The token of a literal that ends at `index` (after its closing quote, or where it stops).
    private func token(of string: OpenString, contentEnd: Int, isClosed: Bool) -> SwiftToken {
        if isClosed, !string.isMultiLine, !string.hasInterpolation {
            return SwiftToken(
                kind: .string, byte: string.hasEscapes && string.hashes == 0 ? 1 : 0, start: Int32(string.contentStart),
                end: Int32(contentEnd), line: string.line)
        }
        return SwiftToken(
            kind: .dynamicString, byte: isClosed && string.isMultiLine ? 1 : 0, start: Int32(string.literalStart),
            end: Int32(index), line: string.line)
    }

    /// What reading one byte (or escape) of a string literal came to.
    private enum StringStep {
        case inside
        /// `\\(` opened an interpolation.
        case interpolation
        /// The literal closed; its contents end at the offset.
        case closed(contentEnd: Int)
        /// A single-line literal met the end of its line unclosed.
        case unterminated
    }

    /// Reads a string literal whose opening quote is at `index`, preceded by `hashes` `#`s, with
    /// the code of its interpolations and every literal nested in them. The literals and
    /// interpolations inside are kept on a stack of their own, allocated only when there are any.
    private mutating func readString(hashes: Int) {
        var outermost = openString(hashes: hashes)
        var nested: [Nesting] = []
        while index < bytes.count {
            switch nested.last {
            case nil:
                switch step(&outermost) {
                case .inside: break
                case .interpolation: nested.append(.interpolation(depth: 0))
                case .closed(let contentEnd): return close(outermost, contentEnd: contentEnd, isClosed: true)
                case .unterminated: return close(outermost, contentEnd: index, isClosed: false)
                }
            case .string(var string)?:
                let result = step(&string)
                nested[nested.count - 1] = .string(string)
                switch result {
                case .inside: break
                case .interpolation: nested.append(.interpolation(depth: 0))
                case .closed(let contentEnd):
                    close(string, contentEnd: contentEnd, isClosed: true)
                    nested.removeLast()
                case .unterminated:
                    close(string, contentEnd: index, isClosed: false)
                    nested.removeLast()
                }
            case .interpolation(let depth)?:
                switch bytes[index] {
                case UInt8(ascii: "("):
                    nested[nested.count - 1] = .interpolation(depth: depth + 1)
                    appendPunctuation(UInt8(ascii: "("))
                case UInt8(ascii: ")"):
                    appendPunctuation(UInt8(ascii: ")"))
                    if depth == 1 {
                        nested.removeLast()
                    } else {
                        nested[nested.count - 1] = .interpolation(depth: depth - 1)
                    }
                case UInt8(ascii: "\""):
                    nested.append(.string(openString(hashes: 0)))
                case UInt8(ascii: "#"):
                    let count = hashCount(at: index)
                    if self.byte(at: index + count) == UInt8(ascii: "\"") {
                        index += count
                        nested.append(.string(openString(hashes: count)))
                    } else {
                        appendPunctuation(UInt8(ascii: "#"))
                        index += count - 1
                    }
                default:
                    // A line comment would run past the literal's closing quote: `/` is punctuation.
                    lexCode(lineComments: false)
                }
            }
        }
        // The input ended inside the literal, or inside literals nested in it.
        for case .string(let string) in nested { close(string, contentEnd: index, isClosed: false) }
        close(outermost, contentEnd: index, isClosed: false)
    }

    /// Reads one byte (or escape) of `string`, whose contents `index` is in.
    private mutating func step(_ string: inout OpenString) -> StringStep {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\"), hasHashes(string.hashes, at: index + 1) {
            let next = index + 1 + string.hashes
            if self.byte(at: next) == UInt8(ascii: "(") {
                string.hasInterpolation = true
                index = next
                return .interpolation
            }
            string.hasEscapes = true
            if self.byte(at: next) == UInt8(ascii: "\n") { line += 1 }
            index = next + 1
            return .inside
        }
        if byte == UInt8(ascii: "\"") {
            let closesHere =
                !string.isMultiLine
                || (self.byte(at: index + 1) == UInt8(ascii: "\"") && self.byte(at: index + 2) == UInt8(ascii: "\""))
            let quoteLength = string.isMultiLine ? 3 : 1
            if closesHere, hasHashes(string.hashes, at: index + quoteLength) {
                let contentEnd = index
                index += quoteLength + string.hashes
                return .closed(contentEnd: contentEnd)
            }
        }
        if byte == UInt8(ascii: "\n") {
            // An unterminated single-line literal ends at the end of its line, as the compiler reads it.
            if !string.isMultiLine { return .unterminated }
            line += 1
        }
        index += 1
        return .inside
    }

    static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
