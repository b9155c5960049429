extension TweakValue {
    /// Reads `text`, a value that a remote configuration service delivers as a string (Firebase
    /// Remote Config's `stringValue`, an environment variable), as a value of `kind`.
    ///
    /// - `bool`: Firebase's Boolean strings, in any letter case: `1`, `true`, `t`, `yes`, `y`, `on`
    ///   are `true`; `0`, `false`, `f`, `no`, `n`, `off` are `false`.
    /// - `int`: an integer, or a number with an exact integer value (`42`, `42.0`, `4.2e1`).
    /// - `double`: a finite number.
    /// - `string`: the text as it is.
    /// - `json`: a JSON object or array, parsed strictly.
    ///
    /// White space around a Boolean or a number is ignored. Anything else throws: a string that
    /// is not one of these is never read as `false` or `0`.
    /// - Throws: ``TweakValueParseError`` saying what the text should be.
    public init(remoteString text: String, as kind: Kind) throws(TweakValueParseError) {
        let trimmed = text.trimmingWhiteSpace
        switch kind {
        case .bool:
            switch trimmed.lowercased() {
            case "1", "true", "t", "yes", "y", "on": self = .bool(true)
            case "0", "false", "f", "no", "n", "off": self = .bool(false)
            default:
                throw TweakValueParseError(text: text, expected: "a Bool (1/true/t/yes/y/on or 0/false/f/no/n/off)")
            }
        case .int:
            if let int = Int(trimmed) {
                self = .int(int)
            } else if let double = Double(trimmed), let int = Int(exactly: double) {
                self = .int(int)
            } else {
                throw TweakValueParseError(text: text, expected: "an Int")
            }
        case .double:
            guard let double = Double(trimmed), double.isFinite else {
                throw TweakValueParseError(text: text, expected: "a finite Double")
            }
            self = .double(double)
        case .string:
            self = .string(text)
        case .json:
            let value: TweakValue
            do {
                value = try TweakValue(jsonText: text, source: "the value")
            } catch {
                throw TweakValueParseError(text: text, expected: "a JSON object or array", detail: error.description)
            }
            guard case .json = value else { throw TweakValueParseError(text: text, expected: "a JSON object or array") }
            self = value
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingWhiteSpace: Substring {
        let isWhiteSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isWhiteSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isWhiteSpace($0) })!
        return self[first...last]
    }
}
