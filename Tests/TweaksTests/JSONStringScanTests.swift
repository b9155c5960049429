import Foundation
import Testing

@testable import Tweaks

/// Strings are scanned eight bytes at a time for their end, escapes and control characters; these
/// put each of them at every position of a word, next to multi-byte characters.
@Suite("String scanning at every position of a word")
struct JSONStringScanTests {
    /// A document whose only value is the JSON string literal `literal` (quotes included).
    private func value(ofLiteral literal: String) throws -> TweakValue {
        let document = #"{"f": {"v": {"Value": "# + literal + "}}}"
        return try LocalTweakProvider(data: Data(document.utf8), source: "scan.json").tweakWith(
            feature: "f", variable: "v"
        )
        .value
    }

    @Test("the closing quote ends the string wherever it falls", arguments: 0..<20)
    func closingQuote(length: Int) throws {
        let text = String(repeating: "x", count: length)
        #expect(try value(ofLiteral: "\"\(text)\"") == .string(text))
    }

    @Test("an escape is decoded wherever it falls", arguments: 0..<20)
    func escape(position: Int) throws {
        let prefix = String(repeating: "a", count: position)
        #expect(try value(ofLiteral: "\"\(prefix)\\\"b\\\\c\"") == .string(prefix + "\"b\\c"))
    }

    @Test("non-ASCII characters around the scan's words are kept", arguments: 0..<20)
    func multiByteCharacters(position: Int) throws {
        let text = String(repeating: "a", count: position) + "é€😀" + String(repeating: "b", count: 19 - position)
        #expect(try value(ofLiteral: "\"\(text)\"") == .string(text))
    }

    @Test("a raw control character is reported at its own column wherever it falls", arguments: 0..<20)
    func controlCharacter(position: Int) throws {
        let literal = "\"" + String(repeating: "a", count: position) + "\u{1}bcdefghijkl\""
        let column = #"{"f": {"v": {"Value": "#.utf8.count + 2 + position
        let error = #expect(throws: TweakLoadError.self) { try value(ofLiteral: literal) }
        #expect(error?.reason == .invalidJSON("unescaped control character in string"))
        #expect(error?.position == TextPosition(line: 1, column: column))
    }
}
