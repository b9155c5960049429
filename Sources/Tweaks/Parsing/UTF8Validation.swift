/// Strict UTF-8 validation that reports where the first bad byte is.
enum UTF8Validation {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or `nil`.
    /// Overlong forms, surrogates and code points above U+10FFFF are invalid.
    static func firstInvalidOffset(in bytes: [UInt8], from start: Int = 0) -> Int? {
        var index = start
        while index < bytes.count {
            index = endOfASCIIRun(in: bytes, from: index)
            guard index < bytes.count else { return nil }
            let lead = bytes[index]
            let length: Int
            let secondByteRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, secondByteRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondByteRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, secondByteRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondByteRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondByteRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondByteRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondByteRange) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= bytes.count, secondByteRange.contains(bytes[index + 1]) else { return index }
            for continuation in bytes[(index + 2)..<(index + length)] where continuation & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    /// The offset of the first non-ASCII byte at or after `start` (or the end), checking eight
    /// bytes at a time: tweak files are mostly ASCII.
    private static func endOfASCIIRun(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBytes { buffer in
            var index = start
            while index + 8 <= buffer.count,
                buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            while index < buffer.count, buffer[index] < 0x80 { index += 1 }
            return index
        }
    }
}
