/// A 1-based line and column in a text document, the column counted in characters (Unicode
/// scalars), as editors show it.
public struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1.
    public let line: Int
    /// The column within the line, starting at 1.
    public let column: Int

    /// Creates a position from a 1-based line and column.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` in UTF-8 `bytes`. A leading byte-order mark is not a column:
    /// editors do not show it.
    init(offset: Int, in bytes: [UInt8]) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
        self = TextPosition(line: 1, column: 1).advanced(over: bytes[start..<min(max(offset, start), bytes.count)])
    }

    /// The position after `bytes`, starting here.
    fileprivate func advanced(over bytes: ArraySlice<UInt8>) -> TextPosition {
        var line = line
        var column = column
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TextPosition(line: line, column: column)
    }

    /// `line:column`, e.g. `12:18`.
    public var description: String { "\(line):\(column)" }
}

/// The positions of many offsets in one document, for a reader that reports many problems: each is
/// counted from the nearest checkpoint (one every ``stride`` bytes, made as far as asked), so that
/// reporting a problem in each of 20,000 entries stays linear in the document's size, in any order
/// and on a single line.
struct TextPositionIndex {
    private let bytes: [UInt8]
    /// The position of byte `(index + 1) * stride`, for the checkpoints made so far.
    private var checkpoints: [TextPosition] = []
    private static let stride = 1024

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The position of byte `offset` (see ``TextPosition/init(offset:in:)``).
    mutating func position(of offset: Int) -> TextPosition {
        let offset = min(max(offset, 0), bytes.count)
        let checkpoint = offset / Self.stride
        guard checkpoint > 0 else { return TextPosition(offset: offset, in: bytes) }
        while checkpoints.count < checkpoint {
            let end = (checkpoints.count + 1) * Self.stride
            checkpoints.append(
                checkpoints.last.map { $0.advanced(over: bytes[(end - Self.stride)..<end]) }
                    ?? TextPosition(offset: end, in: bytes))
        }
        return checkpoints[checkpoint - 1].advanced(over: bytes[(checkpoint * Self.stride)..<offset])
    }
}
