/// A version such as `5.12.1`, compared segment by segment as Firebase's `SEMANTIC_VERSION_*`
/// operators do: white space around it and leading or trailing dots are ignored, each segment is a
/// non-negative decimal integer, at most five segments, missing segments are 0 (`5.12` = `5.12.0`).
struct SemanticVersion: Sendable, Hashable, Comparable {
    /// The largest number of segments a version may have.
    static let maximumSegments = 5

    /// Always ``maximumSegments`` long, padded with zeros.
    let segments: [Int]

    /// Parses `text`; `nil` when it is not a version by the rules above.
    init?(_ text: String) {
        var body = TargetingText.trimmed(text[...])
        while body.first == "." { body = body.dropFirst() }
        while body.last == "." { body = body.dropLast() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= Self.maximumSegments else { return nil }
        var segments: [Int] = []
        segments.reserveCapacity(Self.maximumSegments)
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let segment = Int(part)
            else { return nil }
            segments.append(segment)
        }
        while segments.count < Self.maximumSegments { segments.append(0) }
        self.segments = segments
    }

    static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        lhs.segments.lexicographicallyPrecedes(rhs.segments)
    }
}
