extension TweakLoadError {
    /// What went wrong.
    ///
    /// A struct rather than an enum, so that later versions can add reasons without breaking
    /// callers: compare with `==` or match in a `switch` (`case .empty:`,
    /// `case .unknownField("Tittle"):`, always with a `default:`); ``description`` says it in
    /// words. Reasons whose detail is text the system or the parser writes (the file cannot be
    /// read, invalid JSON or property list, a wrong condition or experiment) are told only in
    /// words: no caller could write that text to compare with.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Code: Sendable, Hashable {
            case unreadable(String)
            case empty
            case invalidUTF8
            case unsupportedEncoding(String)
            case invalidJSON(String)
            case nestingTooDeep(limit: Int)
            case duplicateKey(String)
            case numberOutOfRange(String)
            case wrongType(field: String?, expected: String, found: String)
            case missingField(String)
            case unknownField(String)
            case tooLarge(limit: Int)
            case emptyName(String)
            case controlCharacterInName(kind: String, name: String)
            case unsupportedFormatVersion(Int)
            case invalidCondition(condition: String, detail: String)
            case invalidExperiment(experiment: String, detail: String)
            case undefinedCondition(String)
            case invalidFieldValue(field: String, value: String, expected: String)
            case invalidPropertyList(String)
            case otherFormat(TweakDocumentFormat)
            case invalidFlag(flag: String, detail: String)
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        /// The file could not be read; the text is the system's explanation.
        package static func unreadable(_ detail: String) -> Reason { Reason(.unreadable(detail)) }
        /// The document is empty or holds only white space.
        public static let empty = Reason(.empty)
        /// The bytes are not valid UTF-8.
        public static let invalidUTF8 = Reason(.invalidUTF8)
        /// The document is in another Unicode encoding (UTF-16 or UTF-32, named in the text), told
        /// by its byte-order mark or its first bytes; tweaks documents are UTF-8.
        public static func unsupportedEncoding(_ encoding: String) -> Reason { Reason(.unsupportedEncoding(encoding)) }
        /// The text is not valid JSON; the text says what was found.
        package static func invalidJSON(_ detail: String) -> Reason { Reason(.invalidJSON(detail)) }
        /// Objects or arrays are nested deeper than `limit`.
        public static func nestingTooDeep(limit: Int) -> Reason { Reason(.nestingTooDeep(limit: limit)) }
        /// An object names the same key twice (the key is given).
        public static func duplicateKey(_ key: String) -> Reason { Reason(.duplicateKey(key)) }
        /// A number does not fit an `Int` or a finite `Double` (the number as written).
        public static func numberOutOfRange(_ number: String) -> Reason { Reason(.numberOutOfRange(number)) }
        /// A field (or the document itself when `field` is `nil`) has the wrong JSON type.
        public static func wrongType(field: String?, expected: String, found: String) -> Reason {
            Reason(.wrongType(field: field, expected: expected, found: found))
        }
        /// A required field is missing.
        public static func missingField(_ field: String) -> Reason { Reason(.missingField(field)) }
        /// A field that the schema does not know, usually a typo.
        public static func unknownField(_ field: String) -> Reason { Reason(.unknownField(field)) }
        /// The document is larger than `limit` bytes.
        public static func tooLarge(limit: Int) -> Reason { Reason(.tooLarge(limit: limit)) }
        /// A feature or variable name is the empty string; the text says which ("feature" or "variable").
        public static func emptyName(_ kind: String) -> Reason { Reason(.emptyName(kind)) }
        /// A feature or variable name (`kind` says which) holds a control character (a line break,
        /// an escape, a C1 control); `name` is the name. A remote document's tweak with such a
        /// name is left out, with a warning.
        public static func controlCharacterInName(_ kind: String, name: String) -> Reason {
            Reason(.controlCharacterInName(kind: kind, name: name))
        }
        /// The document's `"$schemaVersion"` is one this version of Tweaks cannot read: newer than
        /// the version it reads (1), or below 1. Only where a person writes the file; a remote
        /// document of a newer version is read by the forward-compatibility rule.
        public static func unsupportedFormatVersion(_ version: Int) -> Reason {
            Reason(.unsupportedFormatVersion(version))
        }

        /// A targeting condition (named `condition`) is wrong: an unknown operator or kind, a
        /// version or number that does not parse, a regular expression that does not compile, a
        /// bound out of range; `detail` says which. Remote documents read unknown operators and
        /// kinds as false, with a warning (see `Docs/Targeting.md`).
        package static func invalidCondition(_ condition: String, detail: String) -> Reason {
            Reason(.invalidCondition(condition: condition, detail: detail))
        }
        /// An experiment of `"$experiments"` (named `experiment`) is wrong: a variant that names no
        /// condition, a condition in two experiments, a field of the wrong type; `detail` says
        /// which. Remote documents read it as a warning: the experiment is then not named.
        package static func invalidExperiment(_ experiment: String, detail: String) -> Reason {
            Reason(.invalidExperiment(experiment: experiment, detail: detail))
        }
        /// A flag of a flagd document (its key `flag`) is wrong: an unknown operation in its
        /// targeting, a `$ref` to no evaluator or in a cycle, a variant its targeting names or its
        /// `defaultVariant` that it does not define, variants of several types; `detail` says
        /// which, with the path (`targeting.if[0]`). Remote documents leave that flag out, with a
        /// warning.
        package static func invalidFlag(_ flag: String, detail: String) -> Reason {
            Reason(.invalidFlag(flag: flag, detail: detail))
        }
        /// A tweak has a conditional value for a condition the document does not define.
        public static func undefinedCondition(_ condition: String) -> Reason { Reason(.undefinedCondition(condition)) }

        /// A field has the right JSON type but a value it cannot take, e.g. `"Expires": "2026-13-01"`
        /// or `"Kind": "relase"`; `expected` says what it takes.
        public static func invalidFieldValue(field: String, value: String, expected: String) -> Reason {
            Reason(.invalidFieldValue(field: field, value: value, expected: expected))
        }

        /// The property list cannot be read: malformed XML or binary, or another kind of property
        /// list (OpenStep text); the text says what was found.
        package static func invalidPropertyList(_ detail: String) -> Reason { Reason(.invalidPropertyList(detail)) }

        /// The document was read as a tweaks document, failed, and is recognisably of another
        /// `format` (a Firebase server template, a property list). Formats are never guessed: the
        /// reader must name it (`format:` in Swift, `--format` in the `tweak` tool).
        public static func otherFormat(_ format: TweakDocumentFormat) -> Reason { Reason(.otherFormat(format)) }

        /// The field or key the reason is about: of ``wrongType(field:expected:found:)``,
        /// ``missingField(_:)``, ``unknownField(_:)``, ``duplicateKey(_:)`` and
        /// ``invalidFieldValue(field:value:expected:)``; the condition's name of
        /// ``invalidCondition(_:detail:)`` and ``undefinedCondition(_:)``; the experiment's name of
        /// ``invalidExperiment(_:detail:)``; the flag's key of ``invalidFlag(_:detail:)``; otherwise `nil`.
        package var field: String? {
            switch code {
            case .invalidCondition(let condition, _), .undefinedCondition(let condition): condition
            case .invalidFlag(let flag, _): flag
            case .invalidExperiment(let experiment, _): experiment
            case .wrongType(let field, _, _): field
            case .invalidFieldValue(let field, _, _): field
            case .missingField(let field), .unknownField(let field), .duplicateKey(let field): field
            default: nil
            }
        }

        /// The text a reason carries: the system's explanation (``unreadable(_:)``), the encoding
        /// (``unsupportedEncoding(_:)``), what was found (``invalidJSON(_:)``), the number as
        /// written (``numberOutOfRange(_:)``), which name (``emptyName(_:)``), the name in error
        /// (``controlCharacterInName(_:name:)``) or the value in error
        /// (``invalidFieldValue(field:value:expected:)``), what was found (``invalidPropertyList(_:)``)
        /// or the format's name (``otherFormat(_:)``); otherwise `nil`.
        package var detail: String? {
            switch code {
            case .invalidFieldValue(_, let value, _): value
            case .controlCharacterInName(_, let name): name
            case .unreadable(let text), .unsupportedEncoding(let text), .invalidJSON(let text),
                .numberOutOfRange(let text), .emptyName(let text), .invalidCondition(_, let text),
                .invalidExperiment(_, let text), .invalidPropertyList(let text), .invalidFlag(_, let text):
                text
            case .otherFormat(let format): format.description
            default: nil
            }
        }

        /// The limit that was exceeded: of ``nestingTooDeep(limit:)`` and ``tooLarge(limit:)``;
        /// otherwise `nil`.
        package var limit: Int? {
            switch code {
            case .nestingTooDeep(let limit), .tooLarge(let limit): limit
            default: nil
            }
        }

        /// What is wrong, in words, e.g. `unknown field "Tittle" (a typo?)`.
        public var description: String {
            switch code {
            case .unreadable(let detail): "cannot be read: \(detail)"
            case .empty: "the document is empty"
            case .invalidUTF8: "the document is not valid UTF-8"
            case .unsupportedEncoding(let encoding): "the document is \(encoding); save it as UTF-8"
            case .invalidJSON(let detail): "invalid JSON: \(detail)"
            case .nestingTooDeep(let limit): "nested deeper than \(limit) levels"
            case .duplicateKey(let key): "duplicate key \"\(key)\""
            case .numberOutOfRange(let number): "number \(number) is out of range"
            case .wrongType(let field?, let expected, let found): "\"\(field)\" is \(found); expected \(expected)"
            case .wrongType(nil, let expected, let found): "found \(found); expected \(expected)"
            case .missingField(let field): "missing \"\(field)\""
            case .unknownField(let field): "unknown field \"\(field)\" (a typo?)"
            case .tooLarge(let limit): "the document is larger than \(limit) bytes"
            case .emptyName(let kind): "a \(kind) name must not be empty"
            case .controlCharacterInName(let kind, let name):
                "the \(kind) name \(TweakValue.string(name).jsonText) holds a control character"
            case .invalidCondition(let condition, let detail): "condition \"\(condition)\": \(detail)"
            case .invalidExperiment(let experiment, let detail): "experiment \"\(experiment)\": \(detail)"
            case .invalidFlag(let flag, let detail): "flag \"\(flag)\": \(detail)"
            case .undefinedCondition(let condition):
                "condition \"\(condition)\" is not defined in \"\(ConditionReader.conditionsKey)\""
            case .invalidFieldValue(let field, let value, let expected):
                "\"\(field)\" is \(TweakValue.string(value).jsonText); expected \(expected)"
            case .invalidPropertyList(let detail): "invalid property list: \(detail)"
            case .otherFormat(let format):
                "this is not a tweaks document but \(format.documentName), which is read only when asked for: "
                    + "load it with format \(format.swiftName) (tweak tool: --format or --remote-format \(format))"
            case .unsupportedFormatVersion(let version) where version < 1:
                "\"\(LocalTweaksDocument.schemaVersionKey)\" is \(version); format versions start at 1"
            case .unsupportedFormatVersion(let version):
                "\"\(LocalTweaksDocument.schemaVersionKey)\" is \(version); this version of Tweaks reads format "
                    + "\(LocalTweaksDocument.currentSchemaVersion) at most (update Tweaks)"
            }
        }
    }
}
