import Foundation
import Testing
import Tweaks

/// One malformed document of the hostile-input corpus (`Tests/HostileInputs/`, described by its
/// `manifest.json`) or generated at test time, with the error each schema form must report.
struct HostileInput: Sendable, CustomTestStringConvertible {
    /// What loading must report: the message after `source:line:column: feature.variable: `.
    struct Expectation: Decodable, Sendable {
        let message: String
        var line: Int?
        var column: Int?
        var feature: String?
        var variable: String?

        var position: TextPosition? {
            guard let line, let column else { return nil }
            return TextPosition(line: line, column: column)
        }

        /// The whole diagnostic for a document read from `source`.
        func description(source: String) -> String {
            var text = source
            if let line, let column { text += ":\(line):\(column)" }
            text += ": "
            if let feature, let variable {
                text += "\(feature).\(variable): "
            } else if let feature {
                text += "feature \(feature): "
            }
            return text + message
        }
    }

    let name: String
    let bytes: Data
    /// The error in the full form (local files, overrides files); `nil` for compact-only cases.
    let full: Expectation?
    /// The error in the compact form that remote documents may use; `nil` when the compact form
    /// accepts the document.
    let compact: Expectation?

    var testDescription: String { name }

    /// Checks that `error` is exactly `expected` for the document read from `source`.
    static func expect(
        _ error: TweakLoadError, is expected: Expectation, source: String, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error.source == source, "\(context)", sourceLocation: sourceLocation)
        #expect(error.feature == expected.feature, "\(context)", sourceLocation: sourceLocation)
        #expect(error.variable == expected.variable, "\(context)", sourceLocation: sourceLocation)
        #expect(error.position == expected.position, "\(context)", sourceLocation: sourceLocation)
        #expect(
            error.description == expected.description(source: source), "\(context)", sourceLocation: sourceLocation)
    }

    // MARK: The corpus

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HostileInputs", isDirectory: true)

    private struct ManifestEntry: Decodable {
        let file: String
        let expected: Expectation?
        let compact: Compact?

        enum Compact: Decodable {
            case accepted
            case error(Expectation)

            init(from decoder: any Decoder) throws {
                if let word = try? decoder.singleValueContainer().decode(String.self), word == "accepted" {
                    self = .accepted
                } else {
                    self = .error(try Expectation(from: decoder))
                }
            }
        }
    }

    /// The committed corpus, in the manifest's order.
    static func corpus() throws -> [HostileInput] {
        let manifest = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode([ManifestEntry].self, from: manifest).map { entry in
            let compact: Expectation? =
                switch entry.compact {
                case nil: entry.expected
                case .accepted: nil
                case .error(let expectation): expectation
                }
            return HostileInput(
                name: entry.file, bytes: try Data(contentsOf: directory.appendingPathComponent(entry.file)),
                full: entry.expected, compact: compact)
        }
    }

    /// Cases too large to commit, built at test time.
    static func generated() -> [HostileInput] {
        let prefix = #"{"f": {"v": {"Value": "#
        let hugeString = String(repeating: "x", count: 4 * 1024 * 1024)
        let typoAfterHugeString = Expectation(
            message: #"unknown field "Tittle" (a typo?)"#, line: 1, column: prefix.count + hugeString.count + 5,
            feature: "f", variable: "v")
        let unterminated = Expectation(
            message: "invalid JSON: unterminated string", line: 1, column: prefix.count + 1)
        let deep = Expectation(message: "nested deeper than 100 levels", line: 1, column: prefix.count + 98)
        let tooLarge = Expectation(message: "the document is larger than \(64 * 1024 * 1024) bytes")
        let variables = (0..<100_000).map { #""v\#($0)": {"Value": \#($0)}"# }.joined(separator: ", ")
        let duplicatePrefix = #"{"f": {"# + variables + ", "
        let duplicate = Expectation(
            message: #"duplicate key "v0""#, line: 1, column: duplicatePrefix.count + 1, feature: nil)
        func input(_ name: String, _ text: String, _ expected: Expectation) -> HostileInput {
            HostileInput(name: name, bytes: Data(text.utf8), full: expected, compact: expected)
        }
        return [
            // Beside a `Value`, a remote document's unknown field is ignored (forward compatibility).
            HostileInput(
                name: "generated: a 4 MB string, then a typo",
                bytes: Data((prefix + "\"" + hugeString + #"", "Tittle": 1}}}"#).utf8), full: typoAfterHugeString,
                compact: nil),
            input("generated: an unterminated 4 MB string", prefix + "\"" + hugeString, unterminated),
            input(
                "generated: a million nested arrays", prefix + String(repeating: "[", count: 1_000_000), deep),
            HostileInput(
                name: "generated: a 65 MB document", bytes: Data(repeating: 0x20, count: 65 * 1024 * 1024),
                full: tooLarge, compact: tooLarge),
            input(
                "generated: 100,000 variables, the last repeats the first",
                duplicatePrefix + #""v0": {"Value": 0}}}"#, duplicate),
        ]
    }
}
