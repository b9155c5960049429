/// flagd's `starts_with` and `ends_with` on evaluated arguments, as flagd's Python evaluator has
/// them: two strings, compared code point by code point as Python's `str.startswith` and
/// `str.endswith` do, not by Swift's canonical equivalence (`"e\u{301}"`, an `e` and a combining
/// accent, starts with `"e"` and not with `"\u{E9}"`, the one-code-point `é`).
enum FlagdStringOperations {
    /// `starts_with`: whether the first string begins with the second (an empty one always); null
    /// unless there are exactly two arguments and both are strings.
    static func startsWith(_ arguments: ArraySlice<JSONLogicValue>) -> JSONLogicValue {
        guard let (text, prefix) = strings(arguments) else { return .null }
        return .bool(text.utf8.starts(with: prefix.utf8))
    }

    /// `ends_with`: whether the first string ends with the second (an empty one always); null
    /// unless there are exactly two arguments and both are strings.
    static func endsWith(_ arguments: ArraySlice<JSONLogicValue>) -> JSONLogicValue {
        guard let (text, suffix) = strings(arguments) else { return .null }
        return .bool(text.utf8.reversed().starts(with: suffix.utf8.reversed()))
    }

    /// The two strings, when the arguments are exactly two strings. (Equal UTF-8 bytes are equal
    /// code points: a whole string's UTF-8 matching a prefix of another's ends on a code point.)
    private static func strings(_ arguments: ArraySlice<JSONLogicValue>) -> (String, String)? {
        guard arguments.count == 2, case .string(let first) = arguments.first,
            case .string(let second) = arguments.last
        else { return nil }
        return (first, second)
    }
}
