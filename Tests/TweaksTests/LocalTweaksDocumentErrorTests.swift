import Foundation
import Testing

@testable import Tweaks

/// A malformed document and exactly what loading it must report.
struct MalformedDocument: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let reason: TweakLoadError.Reason
    var feature: String?
    var variable: String?
    /// `line:column`, or `nil` when the error has no position.
    var position: TextPosition?

    init(
        _ name: String, _ json: String, _ reason: TweakLoadError.Reason, feature: String? = nil,
        variable: String? = nil, at position: (line: Int, column: Int)?
    ) {
        self.init(name, bytes: Array(json.utf8), reason, feature: feature, variable: variable, at: position)
    }

    init(
        _ name: String, bytes: [UInt8], _ reason: TweakLoadError.Reason, feature: String? = nil,
        variable: String? = nil, at position: (line: Int, column: Int)?
    ) {
        self.name = name
        self.bytes = bytes
        self.reason = reason
        self.feature = feature
        self.variable = variable
        self.position = position.map { TextPosition(line: $0.line, column: $0.column) }
    }

    var testDescription: String { name }
}

private let anyValue = "Boolean, number, string, object or array"

/// Values nested 150 arrays deep inside a tweak; the parser gives up at depth 100.
private let deeplyNested: String = {
    let prefix = #"{"f": {"v": {"Value": "#
    return prefix + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "}}}"
}()

/// A feature with 20 variables whose last one repeats the third: duplicates in large objects are
/// found through a set rather than a linear scan.
private let largeFeatureWithDuplicate: (json: String, column: Int) = {
    let entries = (0..<20).map { #""v\#($0)": {"Value": \#($0)}"# } + [#""v2": {"Value": 0}"#]
    let prefix = #"{"f": {"# + entries.dropLast().joined(separator: ", ") + ", "
    return (prefix + entries[entries.count - 1] + "}}", prefix.count + 1)
}()

let malformedDocuments: [MalformedDocument] = [
    // Syntax
    MalformedDocument(
        "missing comma between variables", #"{"f": {"a": {"Value": 1} "b": {"Value": 2}}}"#,
        .invalidJSON(#"expected ',' or '}' in object, found '"'"#), at: (1, 26)),
    MalformedDocument(
        "trailing comma", #"{"f": {"a": {"Value": 1},}}"#,
        .invalidJSON("expected a string key in object, found '}'"), at: (1, 26)),
    MalformedDocument(
        "missing colon", #"{"f" {}}"#, .invalidJSON(#"expected ':' after key "f", found '{'"#), at: (1, 6)),
    MalformedDocument(
        "single-quoted key", #"{'f': {}}"#, .invalidJSON("expected a string key in object, found '''"),
        at: (1, 2)),
    MalformedDocument(
        "bare word value", #"{"f": {"a": {"Value": yes}}}"#,
        .invalidJSON("unexpected 'y' where a value was expected"), at: (1, 23)),
    MalformedDocument(
        "truncated document", "{\"f\": {\"a\": {\"Value\": 1}\n",
        .invalidJSON("expected ',' or '}' in object, found end of document"), at: (2, 1)),
    MalformedDocument(
        "trailing garbage", "{}\n  x", .invalidJSON("unexpected 'x' after the end of the document"), at: (2, 3)),
    MalformedDocument(
        "two documents", "{}{}", .invalidJSON("unexpected '{' after the end of the document"), at: (1, 3)),
    MalformedDocument(
        "unterminated string", #"{"f": {"a": {"Value": "abc}}}"#, .invalidJSON("unterminated string"),
        at: (1, 23)),
    MalformedDocument(
        "invalid escape", #"{"f": {"a": {"Value": "a\qb"}}}"#, .invalidJSON(#"invalid escape sequence '\q'"#),
        at: (1, 25)),
    MalformedDocument(
        "lone high surrogate", #"{"f": {"a": {"Value": "\uD800"}}}"#,
        .invalidJSON(#"unpaired UTF-16 surrogate in \u escape"#), at: (1, 24)),
    MalformedDocument(
        "lone low surrogate", #"{"f": {"a": {"Value": "x\uDC00"}}}"#,
        .invalidJSON(#"unpaired UTF-16 surrogate in \u escape"#), at: (1, 25)),
    MalformedDocument(
        "control character in string", "{\"f\": {\"a\": {\"Value\": \"a\tb\"}}}",
        .invalidJSON("unescaped control character in string"), at: (1, 25)),
    MalformedDocument(
        "leading zeros", #"{"f": {"a": {"Value": 042}}}"#, .invalidJSON("numbers must not have leading zeros"),
        at: (1, 23)),
    MalformedDocument(
        "double out of range", #"{"f": {"a": {"Value": -1e999}}}"#, .numberOutOfRange("-1e999"), at: (1, 23)),
    MalformedDocument(
        "nesting too deep", deeplyNested, .nestingTooDeep(limit: 100), at: (1, 22 + 98)),
    MalformedDocument("empty file", "", .empty, at: (1, 1)),
    MalformedDocument("white space only", "  \n\t ", .empty, at: (2, 3)),
    MalformedDocument(
        "Latin-1 bytes", bytes: Array(#"{"caf"#.utf8) + [0xE9] + Array(#"": {}}"#.utf8), .invalidUTF8,
        at: (1, 6)),
    // Duplicates
    MalformedDocument("duplicate feature", #"{"f": {}, "f": {}}"#, .duplicateKey("f"), at: (1, 11)),
    MalformedDocument(
        "duplicate variable", #"{"f": {"a": {"Value": 1}, "a": {"Value": 2}}}"#, .duplicateKey("a"),
        at: (1, 27)),
    MalformedDocument(
        "duplicate field", #"{"f": {"a": {"Value": 1, "Value": 2}}}"#, .duplicateKey("Value"), at: (1, 26)),
    MalformedDocument(
        "duplicate variable in a large feature", largeFeatureWithDuplicate.json, .duplicateKey("v2"),
        at: (1, largeFeatureWithDuplicate.column)),
    // Shape
    MalformedDocument(
        "top-level array", #"[{"f": {}}]"#, .wrongType(field: nil, expected: "object", found: "array"),
        at: (1, 1)),
    MalformedDocument(
        "top-level string", #"  "f""#, .wrongType(field: nil, expected: "object", found: "string"), at: (1, 3)),
    MalformedDocument(
        "top-level number", "42", .wrongType(field: nil, expected: "object", found: "number"), at: (1, 1)),
    MalformedDocument(
        "top-level null", "null", .wrongType(field: nil, expected: "object", found: "null"), at: (1, 1)),
    MalformedDocument(
        "feature is not an object", #"{"general": true}"#,
        .wrongType(field: nil, expected: "object", found: "Boolean"), feature: "general", at: (1, 13)),
    MalformedDocument(
        "feature is an array", #"{"general": [{"enabled": {"Value": true}}]}"#,
        .wrongType(field: nil, expected: "object", found: "array"), feature: "general", at: (1, 13)),
    MalformedDocument(
        "variable entry is a bare value", #"{"general": {"enabled": true}}"#,
        .wrongType(field: nil, expected: "object", found: "Boolean"), feature: "general", variable: "enabled",
        at: (1, 25)),
    MalformedDocument(
        "variable entry is a string", #"{"general": {"label": "text"}}"#,
        .wrongType(field: nil, expected: "object", found: "string"), feature: "general", variable: "label",
        at: (1, 23)),
    MalformedDocument(
        "missing Value", "{\"general\": {\n  \"enabled\": {\"Title\": \"On\"}}}", .missingField("Value"),
        feature: "general", variable: "enabled", at: (2, 14)),
    MalformedDocument(
        "null Value", #"{"general": {"enabled": {"Value": null}}}"#,
        .wrongType(field: "Value", expected: anyValue, found: "null"), feature: "general", variable: "enabled",
        at: (1, 35)),
    MalformedDocument(
        "lower-case value", #"{"general": {"enabled": {"value": true}}}"#, .unknownField("value"),
        feature: "general", variable: "enabled", at: (1, 26)),
    MalformedDocument(
        "unknown field (typo)", #"{"f": {"a": {"Tittle": "T", "Value": 1}}}"#, .unknownField("Tittle"),
        feature: "f", variable: "a", at: (1, 14)),
    MalformedDocument(
        "Title is a number", #"{"f": {"a": {"Value": 1, "Title": 7}}}"#,
        .wrongType(field: "Title", expected: "string", found: "number"), feature: "f", variable: "a",
        at: (1, 35)),
    MalformedDocument(
        "Description is a Boolean", #"{"f": {"a": {"Description": false, "Value": 1}}}"#,
        .wrongType(field: "Description", expected: "string", found: "Boolean"), feature: "f", variable: "a",
        at: (1, 29)),
    MalformedDocument(
        "Group is an array", #"{"f": {"a": {"Value": 1, "Group": ["G"]}}}"#,
        .wrongType(field: "Group", expected: "string", found: "array"), feature: "f", variable: "a",
        at: (1, 35)),
    MalformedDocument(
        "GeneratedPropertyName is null", #"{"f": {"a": {"Value": 1, "GeneratedPropertyName": null}}}"#,
        .wrongType(field: "GeneratedPropertyName", expected: "string", found: "null"), feature: "f",
        variable: "a", at: (1, 51)),
    MalformedDocument(
        "Encrypted is a string", #"{"f": {"a": {"Value": "x", "Encrypted": "yes"}}}"#,
        .wrongType(field: "Encrypted", expected: "Boolean", found: "string"), feature: "f", variable: "a",
        at: (1, 41)),
    MalformedDocument(
        "Encrypted is a number", #"{"f": {"a": {"Value": "x", "Encrypted": 1}}}"#,
        .wrongType(field: "Encrypted", expected: "Boolean", found: "number"), feature: "f", variable: "a",
        at: (1, 41)),
    MalformedDocument("empty feature name", #"{"": {}}"#, .emptyName("feature"), at: (1, 2)),
    MalformedDocument(
        "empty variable name", #"{"f": {"": {"Value": 1}}}"#, .emptyName("variable"), feature: "f", at: (1, 8)),
    MalformedDocument(
        "error after a multi-byte character", #"{"é": {"a": {"Value": 1, "X": 2}}}"#, .unknownField("X"),
        feature: "é", variable: "a", at: (1, 26)),
]

@Suite struct LocalTweaksDocumentErrorTests {
    private static let source = "/tmp/tweaks/bad.json"

    private func loadError(_ bytes: [UInt8], source: String = Self.source) throws -> TweakLoadError {
        let error = #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(bytes), source: source)
        }
        return try #require(error)
    }

    @Test(arguments: malformedDocuments)
    func malformedDocumentIsRejected(_ document: MalformedDocument) throws {
        let error = try loadError(document.bytes)
        #expect(error.reason == document.reason)
        #expect(error.source == Self.source)
        #expect(error.feature == document.feature)
        #expect(error.variable == document.variable)
        #expect(error.position == document.position)
        #expect(error.description.hasPrefix(Self.source))
    }

    @Test func thereAreEnoughMalformedCases() {
        #expect(malformedDocuments.count >= 25)
        #expect(Set(malformedDocuments.map(\.name)).count == malformedDocuments.count)
    }

    @Test func descriptionReadsLikeACompilerDiagnostic() throws {
        let error = try loadError(Array("{\"general\": {\n  \"meaning_of_life\": {\"Value\": null}}}".utf8))
        #expect(
            error.description
                == #"/tmp/tweaks/bad.json:2:32: general.meaning_of_life: "Value" is null; expected Boolean, number, string, object or array"#
        )
        let featureError = try loadError(Array(#"{"general": 1}"#.utf8))
        #expect(featureError.description == "/tmp/tweaks/bad.json:1:13: feature general: found number; expected object")
    }

    @Test func typoInTheExampleFileIsFoundAtItsLine() throws {
        let text = try String(contentsOf: localTweaksExampleURL, encoding: .utf8)
        let typo = text.replacingOccurrences(of: #""Title": "Label Text""#, with: #""Tittle": "Label Text""#)
        let lines = typo.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("Tittle") }) + 1
        let column = try #require(lines[line - 1].firstIndex(of: "\"")).utf16Offset(in: lines[line - 1]) + 1
        let error = try loadError(Array(typo.utf8), source: "LocalTweaks.json")
        #expect(error.reason == .unknownField("Tittle"))
        #expect(error.feature == "ui_customization")
        #expect(error.variable == "label_text")
        #expect(error.position == TextPosition(line: line, column: column))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"f": {"enabled": {"Value": true}}}"#.utf8)
        let provider = try LocalTweakProvider(data: Data(bytes))
        #expect(provider.isFeatureEnabled("f"))
    }

    @Test func nullsInsideJSONValuesAreAllowed() throws {
        let json = #"{"f": {"config": {"Value": {"a": null, "b": [null, 1, 1.0]}}}}"#
        let provider = try LocalTweakProvider(data: Data(json.utf8))
        let value = try provider.tweakIfPresent(feature: "f", variable: "config")?.value
        #expect(value == .json(["a": nil, "b": [nil, .int(1), .double(1.0)]]))
    }

    @Test func encryptedMayHoldAnyValue() throws {
        let json = #"{"f": {"n": {"Value": 3, "Encrypted": true}, "p": {"Value": "x", "Encrypted": false}}}"#
        let provider = try LocalTweakProvider(data: Data(json.utf8))
        provider.decryptionClosure = { tweak in .int((tweak.intValue ?? 0) * 2) }
        #expect(try provider.tweakIfPresent(feature: "f", variable: "n")?.value == .int(6))
        #expect(try provider.tweakIfPresent(feature: "f", variable: "p")?.isEncrypted == false)
    }

    @Test func oversizedDocumentIsRejectedBeforeParsing() throws {
        let data = Data(count: LocalTweaksDocument.maximumSize + 1)
        let error = #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: data, source: "huge.json")
        }
        #expect(error?.reason == .tooLarge(limit: LocalTweaksDocument.maximumSize))
        #expect(error?.source == "huge.json")
    }

    @Test func unreadableFileNamesItsPath() throws {
        try TemporaryDirectory.with { directory in
            let missing = directory.url.appendingPathComponent("missing.json")
            let error = #expect(throws: TweakLoadError.self) {
                try LocalTweakProvider(jsonURL: missing)
            }
            guard let reason = error?.reason, let detail = reason.detail, reason == .unreadable(detail) else {
                Issue.record("expected .unreadable, got \(String(describing: error))")
                return
            }
            #expect(!detail.isEmpty)
            #expect(error?.source == missing.path)
            #expect(error?.position == nil)
            #expect(error?.description.hasPrefix(missing.path + ": cannot be read: ") == true)
        }
    }

    @Test func directoryIsUnreadable() throws {
        try TemporaryDirectory.with { directory in
            let error = #expect(throws: TweakLoadError.self) {
                try LocalTweakProvider(jsonURL: directory.url)
            }
            #expect(error?.source == directory.url.path)
        }
    }

    @Test func malformedFileOnDiskNamesItsPath() throws {
        try TemporaryDirectory.with { directory in
            let url = try directory.write(Data(#"{"f": {"a": {"Value": 1,}}}"#.utf8), named: "broken.json")
            let error = #expect(throws: TweakLoadError.self) {
                try LocalTweakProvider(jsonURL: url)
            }
            #expect(error?.source == url.path)
            #expect(error?.position == TextPosition(line: 1, column: 25))
        }
    }
}
