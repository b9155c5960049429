/// "Did you mean …?": the known word closest to a mistyped one.
enum Suggestion {
    /// The word of `candidates` closest to `word`, when it is close enough to be a typo of it (at
    /// most two edits, and fewer edits than the word has letters).
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = min(2, word.count - 1)
        guard limit > 0 else { return nil }
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The number of insertions, deletions, substitutions and swaps of two neighbours that turn
    /// `a` into `b` (optimal string alignment distance), so `lsit` is one edit from `list`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
