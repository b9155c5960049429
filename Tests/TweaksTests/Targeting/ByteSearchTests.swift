import TestSupport
import Testing

@testable import Tweaks

/// `STRING_CONTAINS` compares UTF-8 bytes: the search agrees with a plain search at every
/// position, whatever the text, including the repetitive texts a hostile document chooses.
@Suite("STRING_CONTAINS's byte search")
struct ByteSearchTests {
    /// Whether `part`'s bytes occur in `text`'s, tried at every position.
    static func reference(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(part.utf8)
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test func agreesWithASearchAtEveryPositionOnRandomTexts() {
        // A small alphabet makes partial matches, overlaps and repeats common; seeded, so a
        // failure repeats.
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet: [String] = ["a", "b", "é", "e\u{301}", "🚩", " "]
        func text(_ maximum: Int) -> String {
            (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                .joined()
        }
        for _ in 0..<5_000 {
            let haystack = text(40)
            let needle = Bool.random(using: &generator) ? text(6) : String(haystack.dropFirst(3).prefix(5))
            #expect(
                ByteSearch(needle).occurs(in: haystack) == Self.reference(haystack, needle),
                "\(haystack.debugDescription) contains \(needle.debugDescription)")
        }
    }

    @Test func repetitiveTextsAnswerAsAPlainSearchDoes() {
        let text = String(repeating: "a", count: 1_000)
        #expect(!ByteSearch(String(repeating: "a", count: 499) + "b").occurs(in: text))
        #expect(ByteSearch(String(repeating: "a", count: 499) + "b").occurs(in: text + "b"))
        #expect(ByteSearch(String(repeating: "a", count: 1_000)).occurs(in: text))
        #expect(!ByteSearch(String(repeating: "a", count: 1_001)).occurs(in: text))
        #expect(ByteSearch("").occurs(in: text))
        #expect(ByteSearch("").occurs(in: ""))
        #expect(!ByteSearch("a").occurs(in: ""))
    }
}
