extension TweakValue {
    /// Reads `text`, as a person typed it (in a settings screen, on the command line), as a value
    /// of the same type as `declared`: never a guess.
    ///
    /// `true`/`false` for a Bool; digits for an Int; a finite number for a Double; any text for a
    /// String; a JSON object or array (parsed strictly) for a JSON object or array. An object must
    /// have the declared object's keys, each member of the declared member's kind (numbers are
    /// alike, `null` is like anything).
    /// - Throws: ``TweakValueParseError`` saying what the text should be.
    package init(parsing text: String, like declared: TweakValue) throws(TweakValueParseError) {
        switch declared {
        case .bool:
            switch text {
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default: throw TweakValueParseError(text: text, expected: "a Bool (expected true or false)")
            }
        case .int:
            guard let int = Int(text) else { throw TweakValueParseError(text: text, expected: "an Int") }
            self = .int(int)
        case .double:
            guard let double = Double(text), double.isFinite else {
                throw TweakValueParseError(text: text, expected: "a finite Double")
            }
            self = .double(double)
        case .string:
            self = .string(text)
        case .json(let json):
            let expected = json.objectValue != nil ? "a JSON object" : "a JSON array"
            let value: TweakValue
            do {
                value = try TweakValue(jsonText: text, source: "the value")
            } catch {
                throw TweakValueParseError(text: text, expected: expected, detail: error.description)
            }
            // The declared type decides, by the one validation of reads (``TweakType``).
            switch (json, value) {
            case (.object, .json(.object)):
                if let problem = TweakType(of: declared).violation(by: value) {
                    throw TweakValueParseError(text: text, expected: "like the declared object", detail: problem)
                }
                self = value
            case (.array, .json(.array)): self = value
            default: throw TweakValueParseError(text: text, expected: expected)
            }
        }
    }
}

extension TweakValue {
    /// Reads `text` typed without a declared type (a launch argument, an environment variable of
    /// an undeclared tweak): JSON when it is JSON (`true`, `42`, `1.5`, `"42"`, `{"a": 1}`), text
    /// otherwise (`Hello`). Text that starts like a JSON string, object or array (`"`, `{`, `[`) must
    /// be valid JSON: a missing brace is an error, never a string by accident.
    /// - Throws: ``TweakValueParseError`` with the JSON parser's finding.
    static func inferred(from text: String, source: String) throws(TweakValueParseError) -> TweakValue {
        do {
            // `null` is no value: the text `null`.
            return try JSONParser.parse(Array(text.utf8), source: source).tweakValue ?? .string(text)
        } catch {
            guard let first = text.first, "\"{[".contains(first) else { return .string(text) }
            throw TweakValueParseError(
                text: text, expected: "valid JSON (quote it as a JSON string to keep it text)",
                detail: error.reasonDescription)
        }
    }
}

/// Why text cannot be read as a tweak's declared type: thrown by
/// ``TweakValue/init(remoteString:as:)``, `tweak set` and the editor.
public struct TweakValueParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was typed.
    package let text: String
    /// What the text should be, e.g. `an Int`.
    package let expected: String
    /// Where strict JSON parsing failed, for JSON values.
    package let detail: String?

    init(text: String, expected: String, detail: String? = nil) {
        self.text = text
        self.expected = expected
        self.detail = detail
    }

    /// `"abc" is not an Int`, with the JSON parser's finding when there is one.
    public var description: String {
        "\"\(text)\" is not \(expected)\(detail.map { ": \($0)" } ?? "")"
    }
}
