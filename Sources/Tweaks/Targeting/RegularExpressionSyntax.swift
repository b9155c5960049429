/// The parsed form of a `STRING_CONTAINS_REGEX` pattern, in RE2's dialect (the one of Firebase's Go
/// SDK and console), and the parser that makes it.
///
/// Supported: literals, `.`, classes `[…]` (ranges, negation, `[:alpha:]`-style ASCII classes,
/// Perl classes inside), `\d \w \s \D \W \S` (ASCII, as RE2), `\b \B`, `^ $ \A \z`, groups
/// `(…)`, `(?:…)`, `(?P<name>…)`, `(?<name>…)`, flags `(?imsU)` / `(?i:…)` / `(?-i)`,
/// alternation, `* + ?` and their lazy forms, `{n}`, `{n,}`, `{n,m}` (counts up to 1000, as RE2),
/// escapes `\t \n \r \f \v \a`, `\x41`, `\x{263a}`, octal `\012`, `\Q…\E` and escaped punctuation.
/// Refused with a ``RegularExpressionError``: what RE2 refuses (backreferences, lookaround,
/// possessive and nested repetition operators, `\Z`, a repeat count above 1000) and what this
/// implementation does not honour (`\p{…}` Unicode classes, `\C`), nesting deeper than
/// ``RegularExpressionNode/maximumNestingDepth``.
indirect enum RegularExpressionNode {
    case empty
    /// One Unicode scalar; with `foldsCase`, any scalar of its case orbit.
    case scalar(UInt32, foldsCase: Bool)
    case characterClass(RegularExpressionClass)
    /// `.`: any scalar, or any but `\n`.
    case anyScalar(includesNewline: Bool)
    case assertion(RegularExpressionAssertion)
    case concatenation([RegularExpressionNode])
    case alternation([RegularExpressionNode])
    /// `min` to `max` (`nil`: unbounded) repetitions.
    case repetition(RegularExpressionNode, min: Int, max: Int?)

    /// The deepest nesting of groups accepted (RE2 allows 1000; this parser is recursive, and a
    /// pattern comes from a server, so it stays well within any thread's stack).
    static let maximumNestingDepth = 100
    /// The largest count of a repetition, and of nested repetitions multiplied (RE2's limit).
    static let maximumRepeatCount = 1000

    /// Parses `pattern`.
    static func parse(_ pattern: String) throws(RegularExpressionError) -> RegularExpressionNode {
        var parser = RegularExpressionParser(pattern)
        return try parser.parseWhole()
    }
}

/// A zero-width assertion.
enum RegularExpressionAssertion: Int32 {
    /// `\A`, or `^` without `(?m)`.
    case beginningOfText
    /// `\z`, or `$` without `(?m)`: only at the very end (RE2 has no "before a final newline").
    case endOfText
    /// `^` with `(?m)`.
    case beginningOfLine
    /// `$` with `(?m)`.
    case endOfLine
    /// `\b`, ASCII word characters.
    case wordBoundary
    /// `\B`.
    case notWordBoundary
}

/// A set of scalars: sorted, disjoint, non-adjacent ranges; matched after case folding when
/// `foldsCase`, then negated when `isNegated`.
struct RegularExpressionClass {
    /// Range bounds, two per range: lower, upper (inclusive).
    var bounds: [UInt32]
    var isNegated: Bool
    var foldsCase: Bool

    /// The ranges of `pairs`, sorted and merged.
    init(ranges pairs: [(UInt32, UInt32)], isNegated: Bool, foldsCase: Bool) {
        var merged: [UInt32] = []
        for (lower, upper) in pairs.sorted(by: { $0.0 < $1.0 }) {
            if let last = merged.last, lower <= last &+ 1, last != UInt32.max {
                merged[merged.count - 1] = max(last, upper)
            } else {
                merged.append(lower)
                merged.append(upper)
            }
        }
        bounds = merged
        self.isNegated = isNegated
        self.foldsCase = foldsCase
    }

    /// The pairs of `ranges` complemented over all Unicode scalars.
    static func complement(_ pairs: [(UInt32, UInt32)]) -> [(UInt32, UInt32)] {
        let merged = RegularExpressionClass(ranges: pairs, isNegated: false, foldsCase: false).bounds
        var result: [(UInt32, UInt32)] = []
        var next: UInt32 = 0
        var index = 0
        while index < merged.count {
            if merged[index] > next { result.append((next, merged[index] - 1)) }
            next = merged[index + 1] &+ 1
            index += 2
        }
        if next != 0, next <= 0x10_FFFF { result.append((next, 0x10_FFFF)) }
        if merged.isEmpty { result.append((0, 0x10_FFFF)) }
        return result
    }

    /// Whether `scalar` is in the class.
    func contains(_ scalar: UInt32) -> Bool {
        var found = rangesContain(scalar)
        if !found, foldsCase {
            found = CaseFolding.variants(of: scalar) { rangesContain($0) }
        }
        return found != isNegated
    }

    private func rangesContain(_ scalar: UInt32) -> Bool {
        // Binary search over the ranges.
        var low = 0
        var high = bounds.count / 2
        while low < high {
            let middle = (low + high) / 2
            if bounds[2 * middle + 1] < scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < bounds.count / 2 && bounds[2 * low] <= scalar
    }
}

/// Simple case folding of Unicode scalars, as `(?i)` compares them.
enum CaseFolding {
    /// Whether `test` holds for one of the other scalars of `scalar`'s case orbit (its lower- and
    /// upper-case forms and theirs, where each is one scalar).
    static func variants(of scalar: UInt32, _ test: (UInt32) -> Bool) -> Bool {
        if scalar < 0x80 {
            switch scalar {
            case 0x41...0x5A:
                return test(scalar + 0x20) || (scalar == 0x4B && test(0x212A)) || (scalar == 0x53 && test(0x17F))
            case 0x61...0x7A:
                return test(scalar - 0x20) || (scalar == 0x6B && test(0x212A)) || (scalar == 0x73 && test(0x17F))
            default: return false
            }
        }
        guard let value = Unicode.Scalar(scalar) else { return false }
        let lower = single(value.properties.lowercaseMapping)
        let upper = single(value.properties.uppercaseMapping)
        for candidate in [lower, upper, lower.flatMap(upperOf), upper.flatMap(lowerOf)] {
            if let candidate, candidate != scalar, test(candidate) { return true }
        }
        return false
    }

    /// Whether `scalar` has another case form.
    static func hasVariants(_ scalar: UInt32) -> Bool {
        variants(of: scalar) { _ in true }
    }

    /// The one scalar of a case folding's `scalar` compares equal to, for literals: the lower case
    /// of its upper case (so that `K`, `k`, KELVIN SIGN, `ſ`, `S` and `s` fold together).
    static func folded(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar }
        guard let value = Unicode.Scalar(scalar) else { return scalar }
        let upper = single(value.properties.uppercaseMapping) ?? scalar
        return upper == scalar ? single(value.properties.lowercaseMapping) ?? scalar : lowerOf(upper) ?? upper
    }

    private static func single(_ text: String) -> UInt32? {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first.value
    }

    private static func lowerOf(_ scalar: UInt32) -> UInt32? {
        Unicode.Scalar(scalar).flatMap { single($0.properties.lowercaseMapping) }
    }

    private static func upperOf(_ scalar: UInt32) -> UInt32? {
        Unicode.Scalar(scalar).flatMap { single($0.properties.uppercaseMapping) }
    }
}

/// Why a pattern is refused, in RE2's words where RE2 refuses it too.
struct RegularExpressionError: Error, Hashable, CustomStringConvertible {
    let message: String
    /// Whether the pattern compiles but would exceed its document's ``RegularExpressionBudget``.
    var isOverBudget = false
    var description: String { message }
}

/// A recursive-descent parser of RE2 syntax over a pattern's Unicode scalars.
private struct RegularExpressionParser {
    private let scalars: [UInt32]
    private var position = 0
    private var foldsCase = false
    private var multiLine = false
    private var dotMatchesNewline = false
    private var depth = 0

    init(_ pattern: String) {
        scalars = pattern.unicodeScalars.map(\.value)
    }

    mutating func parseWhole() throws(RegularExpressionError) -> RegularExpressionNode {
        let node = try parseAlternation()
        if position < scalars.count {
            // Only a `)` stops an alternation before the end.
            throw RegularExpressionError(message: "unexpected ): too many closing parentheses")
        }
        try checkRepeatProduct(node, factor: 1)
        return node
    }

    private var current: UInt32? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ offset: Int) -> UInt32? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func fail(_ message: String) -> RegularExpressionError {
        RegularExpressionError(message: message)
    }

    private mutating func parseAlternation() throws(RegularExpressionError) -> RegularExpressionNode {
        var branches = [try parseConcatenation()]
        while current == ascii("|") {
            position += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation() throws(RegularExpressionError) -> RegularExpressionNode {
        var items: [RegularExpressionNode] = []
        while let scalar = current, scalar != ascii("|"), scalar != ascii(")") {
            switch scalar {
            case ascii("*"), ascii("+"), ascii("?"):
                throw fail("missing argument to repetition operator: \(text(from: position, length: 1))")
            case ascii("{") where repeatBounds() != nil:
                throw fail("missing argument to repetition operator: {")
            default: break
            }
            // An atom is one node, but `\Q…\E` gives several, the last of which a repetition applies to.
            let atoms = try parseAtom()
            guard let last = atoms.last else { continue }
            items += atoms.dropLast()
            items.append(try parseRepetitions(of: last))
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concatenation(items))
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position, its bounds and length; `nil` when the
    /// text is not one (RE2 then reads `{` as a literal).
    private func repeatBounds() -> (min: Int, max: Int?, length: Int)? {
        guard current == ascii("{") else { return nil }
        var index = position + 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while index < scalars.count, (ascii("0")...ascii("9")).contains(scalars[index]) {
                value = min(value * 10 + Int(scalars[index] - ascii("0")), 100_000)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
        guard let lower = number() else { return nil }
        var upper: Int? = lower
        if index < scalars.count, scalars[index] == ascii(",") {
            index += 1
            upper = number()
        }
        guard index < scalars.count, scalars[index] == ascii("}") else { return nil }
        return (lower, upper, index + 1 - position)
    }

    private mutating func parseRepetitions(
        of atom: RegularExpressionNode
    ) throws(RegularExpressionError) -> RegularExpressionNode {
        var node = atom
        var repeated = false
        while let scalar = current {
            let bounds: (min: Int, max: Int?)
            let start = position
            switch scalar {
            case ascii("*"): bounds = (0, nil)
            case ascii("+"): bounds = (1, nil)
            case ascii("?"): bounds = (0, 1)
            case ascii("{"):
                guard let parsed = repeatBounds() else { return node }
                if parsed.min > RegularExpressionNode.maximumRepeatCount
                    || (parsed.max ?? 0) > RegularExpressionNode.maximumRepeatCount
                    || parsed.max.map({ $0 < parsed.min }) == true
                {
                    throw fail("invalid repeat count: \(text(from: start, length: parsed.length))")
                }
                bounds = (parsed.min, parsed.max)
                position += parsed.length - 1
            default: return node
            }
            position += 1
            if current == ascii("?") { position += 1 }  // lazy: the same set of matches
            if repeated {
                throw fail("invalid nested repetition operator: \(text(from: start, length: position - start))")
            }
            repeated = true
            if case .empty = node { continue }  // `()*`: still empty
            node = .repetition(node, min: bounds.min, max: bounds.max)
        }
        return node
    }

    private func text(from start: Int, length: Int) -> String {
        var result = ""
        for scalar in scalars[start..<min(start + length, scalars.count)] {
            result.unicodeScalars.append(Unicode.Scalar(scalar) ?? "?")
        }
        return result
    }

    /// One atom; none for a flag group `(?i)` (the flags change) or `\E`, several for `\Q…\E`.
    private mutating func parseAtom() throws(RegularExpressionError) -> [RegularExpressionNode] {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case ascii("("): return try parseGroup().map { [$0] } ?? []
        case ascii("["): return [.characterClass(try parseClass())]
        case ascii("."): return [.anyScalar(includesNewline: dotMatchesNewline)]
        case ascii("^"): return [.assertion(multiLine ? .beginningOfLine : .beginningOfText)]
        case ascii("$"): return [.assertion(multiLine ? .endOfLine : .endOfText)]
        case ascii("\\"): return try parseEscape()
        default: return [literal(scalar)]
        }
    }

    private func literal(_ scalar: UInt32) -> RegularExpressionNode {
        guard foldsCase, CaseFolding.hasVariants(scalar) else { return .scalar(scalar, foldsCase: false) }
        return .scalar(CaseFolding.folded(scalar), foldsCase: true)
    }

    private mutating func parseGroup() throws(RegularExpressionError) -> RegularExpressionNode? {
        let saved = (foldsCase, multiLine, dotMatchesNewline)
        if current == ascii("?") {
            position += 1
            switch current {
            case ascii("P"), ascii("<"):
                if current == ascii("P") { position += 1 }
                guard current == ascii("<") else { throw fail("invalid or unsupported Perl syntax: (?P") }
                position += 1
                if current == ascii("=") || current == ascii("!") {
                    throw fail("invalid or unsupported Perl syntax: lookbehind (?<\(text(from: position, length: 1)))")
                }
                let start = position
                while let scalar = current, scalar != ascii(">") {
                    guard isWordCharacter(scalar) else { throw fail("invalid named capture") }
                    position += 1
                }
                guard current == ascii(">"), position > start else { throw fail("invalid named capture") }
                position += 1
            case ascii("="), ascii("!"):
                throw fail("invalid or unsupported Perl syntax: lookahead (?\(text(from: position, length: 1)))")
            default:
                // Flags: (?flags) or (?flags:re).
                var negate = false
                var sawFlag = false
                while true {
                    guard let scalar = current else { throw fail("missing closing ): unterminated flags") }
                    position += 1
                    switch scalar {
                    case ascii("i"): foldsCase = !negate
                    case ascii("m"): multiLine = !negate
                    case ascii("s"): dotMatchesNewline = !negate
                    case ascii("U"): break  // ungreedy: the same set of matches
                    case ascii("-"):
                        guard !negate else { throw fail("invalid or unsupported Perl syntax: double negation") }
                        negate = true
                        sawFlag = false
                        continue
                    case ascii(")"):
                        guard sawFlag || !negate else { throw fail("invalid or unsupported Perl syntax: (?-)") }
                        guard sawFlag else { throw fail("invalid or unsupported Perl syntax: (?)") }
                        return nil  // The flags stay set to the end of the enclosing group.
                    case ascii(":"):
                        guard sawFlag || !negate else { throw fail("invalid or unsupported Perl syntax: (?-:") }
                        return try groupBody(restoring: saved)
                    default:
                        throw fail("invalid or unsupported Perl syntax: (?\(text(from: position - 1, length: 1))")
                    }
                    sawFlag = true
                }
            }
        }
        return try groupBody(restoring: saved)
    }

    private mutating func groupBody(
        restoring saved: (Bool, Bool, Bool)
    ) throws(RegularExpressionError) -> RegularExpressionNode {
        depth += 1
        guard depth <= RegularExpressionNode.maximumNestingDepth else {
            throw fail("groups nested deeper than \(RegularExpressionNode.maximumNestingDepth)")
        }
        let body = try parseAlternation()
        guard current == ascii(")") else { throw fail("missing closing )") }
        position += 1
        depth -= 1
        (foldsCase, multiLine, dotMatchesNewline) = saved
        return body
    }

    // MARK: Escapes

    private mutating func parseEscape() throws(RegularExpressionError) -> [RegularExpressionNode] {
        guard let scalar = current else { throw fail("trailing backslash at end of expression") }
        switch scalar {
        case ascii("A"):
            position += 1
            return [.assertion(.beginningOfText)]
        case ascii("z"):
            position += 1
            return [.assertion(.endOfText)]
        case ascii("b"):
            position += 1
            return [.assertion(.wordBoundary)]
        case ascii("B"):
            position += 1
            return [.assertion(.notWordBoundary)]
        case ascii("Q"):
            position += 1
            var items: [RegularExpressionNode] = []
            while let next = current {
                if next == ascii("\\"), peek(1) == ascii("E") {
                    position += 2
                    break
                }
                if next == ascii("\\"), peek(1) == ascii("\\") { position += 1 }
                items.append(literal(scalars[position]))
                position += 1
            }
            return items
        case ascii("E"):
            // A `\E` without `\Q`: RE2 ignores it.
            position += 1
            return []
        default:
            if let perl = perlClass() {
                return [.characterClass(RegularExpressionClass(ranges: perl, isNegated: false, foldsCase: false))]
            }
            return [literal(try escapedScalar())]
        }
    }

    /// `\d \D \s \S \w \W` at the current position (after the backslash): its ranges.
    private mutating func perlClass() -> [(UInt32, UInt32)]? {
        guard let scalar = current else { return nil }
        let ranges: [(UInt32, UInt32)]
        switch scalar | 0x20 {
        case ascii("d"): ranges = [(0x30, 0x39)]
        case ascii("s"): ranges = [(0x09, 0x0A), (0x0C, 0x0D), (0x20, 0x20)]
        case ascii("w"): ranges = Self.wordRanges
        default: return nil
        }
        position += 1
        return scalar & 0x20 == 0 ? RegularExpressionClass.complement(ranges) : ranges
    }

    private static let wordRanges: [(UInt32, UInt32)] = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]

    /// The scalar of a one-scalar escape at the current position (after the backslash).
    private mutating func escapedScalar() throws(RegularExpressionError) -> UInt32 {
        guard let scalar = current else { throw fail("trailing backslash at end of expression") }
        position += 1
        switch scalar {
        case ascii("a"): return 0x07
        case ascii("f"): return 0x0C
        case ascii("t"): return 0x09
        case ascii("n"): return 0x0A
        case ascii("r"): return 0x0D
        case ascii("v"): return 0x0B
        case ascii("0")...ascii("7"):
            // Octal: \0, \012, \123; a lone \1–\7 is a backreference.
            if scalar != ascii("0"), !(current.map { (ascii("0")...ascii("7")).contains($0) } ?? false) {
                throw fail("invalid escape sequence: backreferences (\\\(scalar - ascii("0"))) are not supported")
            }
            var value = scalar - ascii("0")
            for _ in 0..<2 {
                guard let digit = current, (ascii("0")...ascii("7")).contains(digit) else { break }
                value = value * 8 + digit - ascii("0")
                position += 1
            }
            return value
        case ascii("8"), ascii("9"):
            throw fail("invalid escape sequence: backreferences (\\\(scalar - ascii("0"))) are not supported")
        case ascii("x"):
            return try hexEscape()
        case ascii("p"), ascii("P"):
            throw fail("invalid escape sequence: Unicode classes (\\p, \\P) are not supported here")
        case ascii("C"):
            throw fail("invalid escape sequence: \\C (any byte) is not supported")
        default:
            // Any escaped ASCII punctuation is itself; an escaped letter or digit that RE2 does not
            // define (\Z, \G, \k, \X, …) is an error.
            guard scalar < 0x80, scalar == 0x5F || !isWordCharacter(scalar) else {
                throw fail("invalid escape sequence: \\\(text(from: position - 1, length: 1))")
            }
            return scalar
        }
    }

    private mutating func hexEscape() throws(RegularExpressionError) -> UInt32 {
        func digit(_ scalar: UInt32?) -> UInt32? {
            guard let scalar else { return nil }
            switch scalar {
            case ascii("0")...ascii("9"): return scalar - ascii("0")
            case ascii("a")...ascii("f"): return scalar - ascii("a") + 10
            case ascii("A")...ascii("F"): return scalar - ascii("A") + 10
            default: return nil
            }
        }
        if current == ascii("{") {
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while let next = digit(current) {
                value = value * 16 + next
                digits += 1
                position += 1
                if value > 0x10_FFFF { throw fail("invalid escape sequence: \\x{…} above 10FFFF") }
            }
            guard digits > 0, current == ascii("}") else { throw fail("invalid escape sequence: \\x{") }
            position += 1
            guard Unicode.Scalar(value) != nil else { throw fail("invalid escape sequence: a surrogate in \\x{…}") }
            return value
        }
        guard let high = digit(current), let low = digit(peek(1)) else { throw fail("invalid escape sequence: \\x") }
        position += 2
        return high * 16 + low
    }

    // MARK: Classes

    private mutating func parseClass() throws(RegularExpressionError) -> RegularExpressionClass {
        var ranges: [(UInt32, UInt32)] = []
        let isNegated = current == ascii("^")
        if isNegated { position += 1 }
        var first = true
        while true {
            guard let scalar = current else { throw fail("missing closing ]") }
            if scalar == ascii("]"), !first { break }
            first = false
            if scalar == ascii("["), peek(1) == ascii(":") {
                if let named = try posixClass() {
                    ranges += named
                    continue
                }
            }
            if scalar == ascii("\\") {
                position += 1
                if let perl = perlClass() {
                    ranges += perl
                    continue
                }
                position -= 1
            }
            let lower = try classScalar()
            if current == ascii("-"), let next = peek(1), next != ascii("]") {
                position += 1
                let upper = try classScalar()
                guard lower <= upper else { throw fail("invalid character class range") }
                ranges.append((lower, upper))
            } else {
                ranges.append((lower, lower))
            }
        }
        position += 1
        return RegularExpressionClass(ranges: ranges, isNegated: isNegated, foldsCase: foldsCase)
    }

    private mutating func classScalar() throws(RegularExpressionError) -> UInt32 {
        let scalar = scalars[position]
        position += 1
        guard scalar == ascii("\\") else { return scalar }
        if let next = current, [ascii("b"), ascii("B"), ascii("A"), ascii("z"), ascii("Q"), ascii("E")].contains(next) {
            throw fail("invalid escape sequence in a class: \\\(text(from: position, length: 1))")
        }
        return try escapedScalar()
    }

    /// `[:alpha:]` or `[:^alpha:]` at the current position: its ranges; `nil` when the text is not
    /// one (it is read as literal characters).
    private mutating func posixClass() throws(RegularExpressionError) -> [(UInt32, UInt32)]? {
        var index = position + 2
        var name = ""
        while index + 1 < scalars.count, !(scalars[index] == ascii(":") && scalars[index + 1] == ascii("]")) {
            name.unicodeScalars.append(Unicode.Scalar(scalars[index]) ?? "?")
            index += 1
            if name.count > 8 { return nil }
        }
        guard index + 1 < scalars.count else { return nil }
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        let ranges: [(UInt32, UInt32)]
        switch name {
        case "alnum": ranges = [(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)]
        case "alpha": ranges = [(0x41, 0x5A), (0x61, 0x7A)]
        case "ascii": ranges = [(0x00, 0x7F)]
        case "blank": ranges = [(0x09, 0x09), (0x20, 0x20)]
        case "cntrl": ranges = [(0x00, 0x1F), (0x7F, 0x7F)]
        case "digit": ranges = [(0x30, 0x39)]
        case "graph": ranges = [(0x21, 0x7E)]
        case "lower": ranges = [(0x61, 0x7A)]
        case "print": ranges = [(0x20, 0x7E)]
        case "punct": ranges = [(0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)]
        case "space": ranges = [(0x09, 0x0D), (0x20, 0x20)]
        case "upper": ranges = [(0x41, 0x5A)]
        case "word": ranges = Self.wordRanges
        case "xdigit": ranges = [(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]
        default: throw fail("invalid character class range: [:\(negated ? "^" : "")\(name):]")
        }
        position = index + 2
        return negated ? RegularExpressionClass.complement(ranges) : ranges
    }

    // MARK: Checks

    /// Refuses nested repetitions whose counts multiply past RE2's limit, as `(a{100}){100}`.
    private func checkRepeatProduct(_ node: RegularExpressionNode, factor: Int) throws(RegularExpressionError) {
        switch node {
        case .concatenation(let items), .alternation(let items):
            for item in items { try checkRepeatProduct(item, factor: factor) }
        case .repetition(let inner, let minimum, let maximum):
            let count = Swift.max(minimum, maximum ?? minimum, 1)
            let product = factor * count
            if product > RegularExpressionNode.maximumRepeatCount {
                throw fail(
                    "invalid repeat count: nested repetitions exceed \(RegularExpressionNode.maximumRepeatCount)")
            }
            try checkRepeatProduct(inner, factor: product)
        default: break
        }
    }
}

/// Whether `scalar` is an ASCII word character (`[0-9A-Za-z_]`), as `\w` and `\b` see it.
func isWordCharacter(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x30...0x39, 0x41...0x5A, 0x5F, 0x61...0x7A: true
    default: false
    }
}

/// The value of an ASCII character, for readable comparisons with scalar values.
@inline(__always)
private func ascii(_ character: Unicode.Scalar) -> UInt32 { character.value }
