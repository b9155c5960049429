/// Why a tweaks document could not be loaded: where, in which tweak, and what is wrong.
///
/// Loading never crashes and never keeps part of a bad document: the first problem found is
/// thrown as a `TweakLoadError` whose ``description`` reads like a compiler diagnostic:
///
/// ```
/// LocalTweaks.json:12:18: general.meaning_of_life: "Value" is null; expected Boolean, number, string, object or array
/// ```
public struct TweakLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The file could not be read; the text is the system's explanation.
        case unreadable(String)
        /// The document is empty or holds only white space.
        case empty
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// The document is in another Unicode encoding (UTF-16 or UTF-32, named in the text), told
        /// by its byte-order mark or its first bytes; tweaks documents are UTF-8.
        case unsupportedEncoding(String)
        /// The text is not valid JSON; the text says what was found.
        case invalidJSON(String)
        /// Objects or arrays are nested deeper than `limit`.
        case nestingTooDeep(limit: Int)
        /// An object names the same key twice (the key is given).
        case duplicateKey(String)
        /// A number does not fit an `Int` or a finite `Double` (the number as written).
        case numberOutOfRange(String)
        /// A field (or the document itself when `field` is `nil`) has the wrong JSON type.
        case wrongType(field: String?, expected: String, found: String)
        /// A required field is missing.
        case missingField(String)
        /// A field that the schema does not know, usually a typo.
        case unknownField(String)
        /// The document is larger than `limit` bytes.
        case tooLarge(limit: Int)
        /// A feature or variable name is the empty string; the text says which ("feature" or "variable").
        case emptyName(String)
    }

    /// The file path, URL or label of the document.
    public let source: String
    /// The feature the problem is in, when it is inside one.
    public let feature: String?
    /// The variable the problem is in, when it is inside one.
    public let variable: String?
    /// Line and column of the problem, when known.
    public let position: TextPosition?
    /// What is wrong.
    public let reason: Reason

    /// Creates an error about `source`, optionally inside a tweak and at a position.
    public init(
        source: String, feature: String? = nil, variable: String? = nil, position: TextPosition? = nil,
        reason: Reason
    ) {
        self.source = source
        self.feature = feature
        self.variable = variable
        self.position = position
        self.reason = reason
    }

    /// The problem as a compiler-style diagnostic: `source:line:column: feature.variable: reason`.
    public var description: String {
        Self.diagnostic(source: source, position: position, feature: feature, variable: variable, reasonDescription)
    }

    /// `source[:line:column]: [feature.variable: | feature F: ]message`: the form of every
    /// diagnostic about a tweaks file.
    package static func diagnostic(
        source: String, position: TextPosition?, feature: String?, variable: String?, _ message: String
    ) -> String {
        var text = source
        if let position { text += ":\(position)" }
        text += ": "
        switch (feature, variable) {
        case (let feature?, let variable?): text += "\(feature).\(variable): "
        case (let feature?, nil): text += "feature \(feature): "
        default: break
        }
        return text + message
    }

    /// What is wrong, without the source, position and tweak.
    package var reasonDescription: String {
        switch reason {
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
        }
    }
}
