import Foundation

/// The text rules of custom-signal conditions, shared by the operators and the document checks.
enum TargetingText {
    /// `text` without leading and trailing white space and line breaks (JavaScript's `trim()`),
    /// decided per Unicode scalar, with a fast path for ASCII.
    static func trimmed(_ text: Substring) -> Substring {
        // Fast path: nothing to trim when both ends are ASCII and not white space.
        if let first = text.utf8.first, let last = text.utf8.last, first < 0x80, last < 0x80,
            !isWhitespace(Unicode.Scalar(first)), !isWhitespace(Unicode.Scalar(last))
        {
            return text
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while start < end {
            let before = scalars.index(before: end)
            guard isWhitespace(scalars[before]) else { break }
            end = before
        }
        return Substring(scalars[start..<end])
    }

    @inline(__always)
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// `text` trimmed as ``trimmed(_:)`` does; `text` itself (no copy) when there is nothing to trim.
    static func trimmed(_ text: String) -> String {
        let whole = text[...]
        let trimmed = trimmed(whole)
        return trimmed.utf8.count == text.utf8.count ? text : String(trimmed)
    }

    /// Whether `lhs` and `rhs` are the same UTF-8 bytes (not Swift's canonical equivalence).
    static func bytesEqual(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }

    /// `text`, trimmed, as a number; `nil` when it is not a finite decimal number: `12`, `-1.5`,
    /// `.5`, `2e-3` are numbers, `inf`, `Infinity`, `nan`, `0x10` and `1e999` are not (Swift's
    /// `Double(_:)` alone would take all of them).
    static func number(_ text: String) -> Double? {
        let trimmed = trimmed(text[...])
        guard isDecimal(trimmed.utf8), let number = Double(trimmed), number.isFinite else { return nil }
        return number
    }

    /// Whether `bytes` are `[+-]digits[.digits][(e|E)[+-]digits]`, with a digit before or after the point.
    private static func isDecimal(_ bytes: Substring.UTF8View) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func skip(_ options: UInt8...) -> Bool {
            guard index < bytes.endIndex, options.contains(bytes[index]) else { return false }
            index = bytes.index(after: index)
            return true
        }
        _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
        var mantissaDigits = digits()
        if skip(UInt8(ascii: ".")) { mantissaDigits += digits() }
        guard mantissaDigits > 0 else { return false }
        if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
