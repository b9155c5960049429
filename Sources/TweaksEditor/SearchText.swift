/// Case-insensitive substring search over UTF-8 bytes: what one search keystroke runs over every
/// row. Works on lowercased text, so it needs no Foundation (and no `String.contains`, which needs
/// macOS 13 for a `String` argument).
enum SearchText {
    /// The lowercased UTF-8 bytes of `parts`, separated by a newline (no part of a query spans two).
    /// ASCII text is lowercased byte by byte, in one pass (no `String` is made); other text by
    /// `lowercased()`, as queries are.
    static func haystack(_ parts: [String?]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + ($1?.utf8.count ?? 0) + 1 })
        for case let part? in parts {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
            let start = bytes.count
            var isASCII = true
            for byte in part.utf8 {
                guard byte < 0x80 else {
                    isASCII = false
                    break
                }
                // A–Z (0x41–0x5A) become a–z.
                bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            }
            if !isASCII {
                bytes.removeSubrange(start...)
                bytes.append(contentsOf: part.lowercased().utf8)
            }
        }
        return bytes
    }

    /// The lowercased UTF-8 bytes of a query, trimmed of spaces at both ends.
    static func needle(_ query: String) -> [UInt8] {
        var bytes = Array(query.lowercased().utf8)
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        let leading = bytes.prefix { $0 == UInt8(ascii: " ") }.count
        return Array(bytes.dropFirst(leading))
    }

    /// Whether `haystack` contains `needle` (an empty needle is everywhere).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
