/// The text rules of custom-signal conditions, shared by the operators and the document checks.
enum TargetingText {
    /// `text` without leading and trailing white space and line breaks (JavaScript's `trim()`).
    static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return text[text.endIndex...] }
        let last = text.lastIndex(where: { !$0.isWhitespace })!
        return text[first...last]
    }

    /// `text`, trimmed, as a number; `nil` when it is empty, not a number, or NaN.
    static func number(_ text: String) -> Double? {
        let trimmed = trimmed(text[...])
        guard !trimmed.isEmpty, let number = Double(trimmed), !number.isNaN else { return nil }
        return number
    }

    /// Whether `part` occurs in `text`, compared as UTF-8 bytes like Go and JavaScript (Swift's
    /// own comparison would treat canonically equivalent characters as equal); the empty string
    /// occurs in every text.
    static func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(part.utf8)
        guard needle.count <= haystack.count else { return false }
        guard let first = needle.first else { return true }
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
