/// A 1-based line and column in a text document, the column counted in characters (Unicode
/// scalars), as editors show it.
public struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1.
    public let line: Int
    /// The column within the line, starting at 1.
    public let column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` in UTF-8 `bytes`. A leading byte-order mark is not a column:
    /// editors do not show it.
    init(offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
        for byte in bytes[start..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }

    /// `line:column`, e.g. `12:18`.
    public var description: String { "\(line):\(column)" }
}
