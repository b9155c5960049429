extension TweakValue {
    /// Reads `text`, as a person typed it (in a settings screen, on the command line), as a value
    /// of the same type as `declared`: never a guess.
    ///
    /// `true`/`false` for a Bool; digits for an Int; a finite number for a Double; any text for a
    /// String; a JSON object or array (parsed strictly) for a JSON object or array. An object must
    /// have the declared object's keys, each member of the declared member's kind (numbers are
    /// alike, `null` is like anything).
    /// - Throws: ``TweakValueParseError`` saying what the text should be.
    public init(parsing text: String, like declared: TweakValue) throws(TweakValueParseError) {
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
            switch (json, value) {
            case (.object, .json(.object(let members))):
                // The declared object is the schema: its keys, and the kind of each member.
                if let problem = TweakJSON.object(members).shapeProblem(comparedWith: json) {
                    throw TweakValueParseError(text: text, expected: "like the declared object", detail: problem)
                }
                self = value
            case (.array, .json(.array)): self = value
            default: throw TweakValueParseError(text: text, expected: expected)
            }
        }
    }
}

/// Why a person's text cannot be read as a tweak's declared type (see
/// ``TweakValue/init(parsing:like:)``).
public struct TweakValueParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was typed.
    public let text: String
    /// What the text should be, e.g. `an Int`.
    public let expected: String
    /// Where strict JSON parsing failed, for JSON values.
    public let detail: String?

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
