/// "Did you mean …?": the known word closest to a mistyped one, for mistyped commands and options
/// and for `tweak audit`'s undeclared names.
enum Suggestion {
    /// The word of `candidates` closest to `word` within `limit` edits, if any; the alphabetically
    /// first of equally close words.
    static func closest(to word: String, in candidates: some Sequence<String>, limit: Int) -> String? {
        guard limit > 0 else { return nil }
        var best: (distance: Int, word: String)?
        for candidate in candidates {
            let distance = editDistance(word, candidate, limit: limit)
            guard distance <= limit else { continue }
            if let best, (best.distance, best.word) <= (distance, candidate) { continue }
            best = (distance, candidate)
        }
        return best?.word
    }

    /// The word of `candidates` closest to `word` when it is close enough to be a typo of it: at
    /// most two edits, and fewer edits than the word has letters.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates, limit: min(2, word.count - 1))
    }

    /// The Levenshtein distance between `lhs` and `rhs` (insertions, deletions and substitutions of
    /// Unicode scalars), or some number above `limit` as soon as it is known to be larger.
    static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        guard abs(lhs.utf8.count - rhs.utf8.count) <= limit * 4 else { return limit + 1 }
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        guard abs(left.count - right.count) <= limit else { return limit + 1 }
        guard !left.isEmpty, !right.isEmpty else { return max(left.count, right.count) }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
