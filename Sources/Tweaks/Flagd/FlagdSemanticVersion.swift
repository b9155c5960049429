/// A semantic version as flagd's `sem_ver` reads one (flagd's Python evaluator: its
/// `normalize_version`, then python-semver 3's strict SemVer 2.0.0 grammar), compared by SemVer
/// precedence (build metadata ignored).
///
/// Reading: the text of the value (a number as JavaScript writes it), one leading `v` or `V`
/// dropped, and a version of one or two numbers before its first `-` or `+` padded with `.0`
/// (`1` is `1.0.0`, `1.2-beta` is `1.2.0-beta`). Then: three numbers without leading zeros,
/// an optional prerelease (dot-separated identifiers of ASCII letters, digits and `-`, numeric
/// ones without leading zeros), optional build metadata (same characters, leading zeros allowed).
///
/// Numbers of any length compare by value, as Python's integers do: the parts are kept as their
/// digits (never converted to `Int`, so nothing overflows) and a longer number is the larger.
struct FlagdSemanticVersion {
    typealias Digits = Substring.UTF8View

    /// Longer version texts are refused (flagd's Python reads any length).
    static let maximumLength = 256

    /// Major, minor and patch numbers, as digits without leading zeros.
    let major: Digits
    let minor: Digits
    let patch: Digits
    /// The prerelease identifiers joined by dots, when there are some.
    let prerelease: Digits?

    /// `sem_ver` on evaluated arguments `[version, operator, version]`: whether the versions
    /// compare as the operator says (`=`, `!=`, `<`, `<=`, `>`, `>=`; `^` the same major version,
    /// `~` the same major and minor), or null for another argument count, an unknown operator or
    /// a value that is not a version.
    static func evaluate(_ arguments: ArraySlice<JSONLogicValue>) -> JSONLogicValue {
        guard arguments.count == 3, let left = FlagdSemanticVersion(arguments[arguments.startIndex]),
            let right = FlagdSemanticVersion(arguments[arguments.startIndex + 2]),
            case .string(let text) = arguments[arguments.startIndex + 1]
        else { return .null }
        var operatorBytes = text.utf8.makeIterator()
        let order = left.precedence(comparedWith: right)
        switch (operatorBytes.next(), operatorBytes.next(), operatorBytes.next()) {
        case (UInt8(ascii: "="), nil, nil): return .bool(order == 0)
        case (UInt8(ascii: "!"), UInt8(ascii: "="), nil): return .bool(order != 0)
        case (UInt8(ascii: "<"), nil, nil): return .bool(order < 0)
        case (UInt8(ascii: "<"), UInt8(ascii: "="), nil): return .bool(order <= 0)
        case (UInt8(ascii: ">"), nil, nil): return .bool(order > 0)
        case (UInt8(ascii: ">"), UInt8(ascii: "="), nil): return .bool(order >= 0)
        case (UInt8(ascii: "^"), nil, nil): return .bool(left.major.elementsEqual(right.major))
        case (UInt8(ascii: "~"), nil, nil):
            return .bool(left.major.elementsEqual(right.major) && left.minor.elementsEqual(right.minor))
        default: return .null
        }
    }

    /// The version `value` writes (a string, or a number as JavaScript writes it), or `nil` when it
    /// is no version, is longer than ``maximumLength`` bytes or is another kind of value (Python's
    /// `str()` of those, `True`, `None`, `[…]`, never reads as a version).
    init?(_ value: JSONLogicValue) {
        switch value {
        case .string(let text): self.init(text)
        case .number(let number): self.init(JavaScriptNumber.text(of: number))
        default: return nil
        }
    }

    /// The version `text` writes, or `nil` when it is none or longer than ``maximumLength`` bytes.
    init?(_ text: String) {
        var rest = Substring(text).utf8
        guard rest.count <= Self.maximumLength else { return nil }
        if rest.first == UInt8(ascii: "v") || rest.first == UInt8(ascii: "V") { rest = rest.dropFirst() }
        let numbersEnd = rest.firstIndex { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") } ?? rest.endIndex
        var numbers = rest[..<numbersEnd]
        let zero = "0"[...].utf8
        var parts = (zero, zero, zero)
        for position in 0..<3 {
            let end = numbers.firstIndex(of: UInt8(ascii: ".")) ?? numbers.endIndex
            guard Self.isNumber(numbers[..<end]) else { return nil }
            switch position {
            case 0: parts.0 = numbers[..<end]
            case 1: parts.1 = numbers[..<end]
            default: parts.2 = numbers[..<end]
            }
            if end == numbers.endIndex {
                numbers = numbers[end...]
                break
            }
            numbers = numbers[numbers.index(after: end)...]
            guard position < 2 else { return nil }  // a fourth number
        }
        (major, minor, patch) = parts
        rest = rest[numbersEnd...]
        var prerelease: Digits?
        if rest.first == UInt8(ascii: "-") {
            let end = rest.firstIndex(of: UInt8(ascii: "+")) ?? rest.endIndex
            let identifiers = rest[rest.index(after: rest.startIndex)..<end]
            guard Self.areIdentifiers(identifiers, numbersWithoutLeadingZeros: true) else { return nil }
            prerelease = identifiers
            rest = rest[end...]
        }
        if rest.first == UInt8(ascii: "+") {
            guard Self.areIdentifiers(rest.dropFirst(), numbersWithoutLeadingZeros: false) else { return nil }
        }
        self.prerelease = prerelease
    }

    /// Negative, zero or positive as `self` precedes, equals or follows `other` in SemVer
    /// precedence: numbers by value, then a prerelease before its release, prerelease identifiers
    /// compared one by one (numeric ones by value and before alphanumeric ones, alphanumeric ones
    /// by ASCII order), a prefix before the longer list.
    func precedence(comparedWith other: FlagdSemanticVersion) -> Int {
        var order = Self.compareNumbers(major, other.major)
        if order == 0 { order = Self.compareNumbers(minor, other.minor) }
        if order == 0 { order = Self.compareNumbers(patch, other.patch) }
        if order != 0 { return order }
        switch (prerelease, other.prerelease) {
        case (nil, nil): return 0
        case (nil, _): return 1
        case (_, nil): return -1
        case (var left?, var right?):
            while true {
                switch (Self.nextIdentifier(&left), Self.nextIdentifier(&right)) {
                case (nil, nil): return 0
                case (nil, _): return -1
                case (_, nil): return 1
                case (let leftIdentifier?, let rightIdentifier?):
                    let order = Self.compareIdentifiers(leftIdentifier, rightIdentifier)
                    if order != 0 { return order }
                }
            }
        }
    }

    /// The identifier before the next dot, taken (with the dot) from `identifiers`; `nil` at the end.
    private static func nextIdentifier(_ identifiers: inout Digits) -> Digits? {
        guard !identifiers.isEmpty else { return nil }
        let end = identifiers.firstIndex(of: UInt8(ascii: ".")) ?? identifiers.endIndex
        let identifier = identifiers[..<end]
        identifiers = end == identifiers.endIndex ? identifiers[end...] : identifiers[identifiers.index(after: end)...]
        return identifier
    }

    private static func compareIdentifiers(_ left: Digits, _ right: Digits) -> Int {
        switch (left.allSatisfy(isDigit), right.allSatisfy(isDigit)) {
        case (true, true): compareNumbers(left, right)
        case (true, false): -1
        case (false, true): 1
        case (false, false):
            left.elementsEqual(right) ? 0 : left.lexicographicallyPrecedes(right) ? -1 : 1
        }
    }

    /// Compares numbers written without leading zeros: the longer is larger, else the digits decide.
    private static func compareNumbers(_ left: Digits, _ right: Digits) -> Int {
        if left.count != right.count { return left.count < right.count ? -1 : 1 }
        return left.elementsEqual(right) ? 0 : left.lexicographicallyPrecedes(right) ? -1 : 1
    }

    /// `0` or digits not starting with `0`.
    private static func isNumber(_ part: Digits) -> Bool {
        !part.isEmpty && part.allSatisfy(isDigit) && (part.count == 1 || part.first != UInt8(ascii: "0"))
    }

    /// Dot-separated non-empty identifiers of ASCII letters, digits and `-`; with
    /// `numbersWithoutLeadingZeros`, an all-digit identifier is a number without leading zeros.
    private static func areIdentifiers(_ text: Digits, numbersWithoutLeadingZeros: Bool) -> Bool {
        var rest = text
        repeat {
            let end = rest.firstIndex(of: UInt8(ascii: ".")) ?? rest.endIndex
            let identifier = rest[..<end]
            guard !identifier.isEmpty, identifier.allSatisfy(isIdentifierCharacter) else { return false }
            if numbersWithoutLeadingZeros, identifier.allSatisfy(isDigit), !isNumber(identifier) { return false }
            guard end != rest.endIndex else { return true }
            rest = rest[rest.index(after: end)...]
        } while true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-")
    }
}
