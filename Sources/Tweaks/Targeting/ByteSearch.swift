/// A `STRING_CONTAINS` target, prepared once so that finding it in a text takes time linear in the
/// text's length (Knuth–Morris–Pratt): a document's targets such as `"aaa…ab"` against a text of
/// `a`s cannot make a read quadratic, as trying the target at every position would.
///
/// Texts are compared as UTF-8 bytes, like Go and JavaScript (Swift's own comparison would treat
/// canonically equivalent characters as equal); the empty target occurs in every text.
struct ByteSearch: Sendable {
    /// The target's bytes.
    private let pattern: [UInt8]
    /// For each prefix `pattern[0...i]`, the length of its longest proper prefix that is also its
    /// suffix: where the search resumes after a mismatch, without going back in the text.
    private let fallback: [Int]

    /// The search for `target`.
    init(_ target: String) {
        let pattern = Array(target.utf8)
        var fallback = [Int](repeating: 0, count: pattern.count)
        var matched = 0
        for index in pattern.indices.dropFirst() {
            while matched > 0, pattern[index] != pattern[matched] { matched = fallback[matched - 1] }
            if pattern[index] == pattern[matched] { matched += 1 }
            fallback[index] = matched
        }
        self.pattern = pattern
        self.fallback = fallback
    }

    /// Whether the target occurs in `text`.
    func occurs(in text: String) -> Bool {
        guard !pattern.isEmpty else { return true }
        var matched = 0
        for byte in text.utf8 {
            while matched > 0, byte != pattern[matched] { matched = fallback[matched - 1] }
            if byte == pattern[matched] {
                matched += 1
                if matched == pattern.count { return true }
            }
        }
        return false
    }
}
