/// A strict JSON parser (RFC 8259) written for tweak files.
///
/// Foundation's `JSONSerialization` cannot be used for the job: it reads `true` as a number on
/// Linux, loses the difference between `1` and `1.0`, keeps the last of two duplicate keys without
/// a word, and gives no position for errors. This parser keeps integers and doubles apart, rejects
/// duplicate keys, numbers that do not fit, invalid UTF-8 and nesting deeper than
/// ``maximumDepth``, and reports every error with its line and column.
struct JSONParser {
    /// Deeper documents are rejected rather than risking the stack.
    static let maximumDepth = 100

    /// Objects with up to this many members are checked for duplicate keys without a set.
    private static let linearKeyScanLimit = 12

    private let bytes: [UInt8]
    private let source: String
    private var index = 0
    /// When set, duplicate keys are recorded here (and the later member dropped) instead of thrown.
    private var duplicateKeys: [TweakLoadError]?
    /// The members of the objects being parsed, innermost last. Each object collects its members
    /// here and copies them out once, at its end, into an array of exactly their number: one
    /// allocation per object instead of one per doubling.
    private var openMembers: [JSONNode.Member] = []
    /// The same for the elements of the arrays being parsed.
    private var openElements: [JSONNode] = []
    /// Keys expected many times (a schema's field names), with their bytes: a key equal to one is
    /// that string, not a new one, which saves an allocation for each key longer than 15 bytes.
    private let commonKeys: [(bytes: [UInt8], key: String)]

    /// The integers read as `int`; others are read as `double` (see ``PlatformInt``).
    private let integerRange: ClosedRange<Int64>

    private init(bytes: [UInt8], source: String, commonKeys: [String], integerRange: ClosedRange<Int64>) {
        self.bytes = bytes
        self.source = source
        self.commonKeys = commonKeys.map { (Array($0.utf8), $0) }
        self.integerRange = integerRange
    }

    /// Parses one JSON document. A UTF-8 byte-order mark at the start is skipped. Object keys
    /// equal to one of `commonKeys` share its storage. An integer outside `integerRange` (this
    /// platform's `Int`) is read as a `double`, as JavaScript would: the document still loads, and
    /// a read of that tweak as `Int` fails with an error that shows the number.
    static func parse(
        _ bytes: [UInt8], source: String, commonKeys: [String] = [],
        integerRange: ClosedRange<Int64> = PlatformInt.range
    ) throws(TweakLoadError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, source: source, commonKeys: commonKeys, integerRange: integerRange)
        return try parser.parseDocument()
    }

    /// Parses one JSON document, recording every duplicate key in `duplicateKeys` instead of
    /// stopping at the first (the later member is dropped); other errors are thrown.
    static func parse(
        _ bytes: [UInt8], source: String, commonKeys: [String] = [], duplicateKeys: inout [TweakLoadError]
    ) throws(TweakLoadError) -> JSONNode {
        var parser = JSONParser(
            bytes: bytes, source: source, commonKeys: commonKeys, integerRange: PlatformInt.range)
        parser.duplicateKeys = []
        defer { duplicateKeys = parser.duplicateKeys ?? [] }
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(TweakLoadError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if let encoding = Self.otherUnicodeEncoding(of: bytes) { throw failure(.unsupportedEncoding(encoding), at: 0) }
        if let invalidOffset = UTF8Validation.firstInvalidOffset(in: bytes, from: index) {
            throw failure(.invalidUTF8, at: invalidOffset)
        }
        skipWhitespace()
        guard index < bytes.count else { throw failure(.empty, at: index) }
        let root = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else {
            throw failure(
                .invalidJSON("unexpected \(describeByte(at: index)) after the end of the document"), at: index)
        }
        return root
    }

    /// The UTF-16 or UTF-32 encoding `bytes` are in, told by a byte-order mark or by the zero
    /// bytes around the first (ASCII) character of a JSON text (RFC 4627, section 3); `nil` otherwise.
    static func otherUnicodeEncoding(of bytes: [UInt8]) -> String? {
        func starts(_ pattern: [UInt8?]) -> Bool {
            bytes.count >= pattern.count
                && zip(bytes, pattern).allSatisfy { byte, expected in expected.map { $0 == byte } ?? (byte != 0) }
        }
        // `nil` in a pattern: any byte but zero.
        if starts([0xFF, 0xFE, 0, 0]) { return "UTF-32 (little-endian, with a byte-order mark)" }
        if starts([0, 0, 0xFE, 0xFF]) { return "UTF-32 (big-endian, with a byte-order mark)" }
        if starts([0xFF, 0xFE]) { return "UTF-16 (little-endian, with a byte-order mark)" }
        if starts([0xFE, 0xFF]) { return "UTF-16 (big-endian, with a byte-order mark)" }
        if starts([0, 0, 0, nil]) { return "UTF-32 (big-endian)" }
        if starts([nil, 0, 0, 0]) { return "UTF-32 (little-endian)" }
        if starts([0, nil]) { return "UTF-16 (big-endian)" }
        if starts([nil, 0]) { return "UTF-16 (little-endian)" }
        return nil
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(TweakLoadError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw failure(.nestingTooDeep(limit: Self.maximumDepth), at: index) }
        guard index < bytes.count else { throw failure(.invalidJSON("unexpected end of document"), at: index) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(content: try parseObject(depth: depth), offset: start)
        case UInt8(ascii: "["): return JSONNode(content: try parseArray(depth: depth), offset: start)
        case UInt8(ascii: "\""): return JSONNode(content: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(content: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(content: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(content: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(content: try parseNumber(), offset: start)
        default:
            throw failure(.invalidJSON("unexpected \(describeByte(at: index)) where a value was expected"), at: index)
        }
    }

    private mutating func parseObject(depth: Int) throws(TweakLoadError) -> JSONNode.Content {
        index += 1  // {
        let first = openMembers.count
        defer { openMembers.removeSubrange(first...) }
        // Small objects (most of a tweaks file) are checked for duplicates by a linear scan, which
        // costs no hashing and no allocation; larger ones switch to a set.
        var seenKeys: Set<String> = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure(
                    .invalidJSON("expected a string key in object, found \(describeByte(at: index))"), at: index)
            }
            let keyOffset = index
            let key: String
            if let common = commonKey() { key = common } else { key = try parseString() }
            let isDuplicate: Bool
            if openMembers.count - first < Self.linearKeyScanLimit {
                isDuplicate = openMembers[first...].contains { $0.key == key }
            } else {
                if seenKeys.isEmpty {
                    seenKeys.reserveCapacity(4 * Self.linearKeyScanLimit)
                    seenKeys.formUnion(openMembers[first...].lazy.map(\.key))
                }
                isDuplicate = !seenKeys.insert(key).inserted
            }
            if isDuplicate {
                guard duplicateKeys != nil else { throw failure(.duplicateKey(key), at: keyOffset) }
                let duplicate = failure(.duplicateKey(key), at: keyOffset)
                duplicateKeys?.append(duplicate)
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw failure(
                    .invalidJSON("expected ':' after key \"\(key)\", found \(describeByte(at: index))"), at: index)
            }
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if !isDuplicate { openMembers.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: value)) }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return .object(Array(openMembers[first...])) }
            throw failure(.invalidJSON("expected ',' or '}' in object, found \(describeByte(at: index))"), at: index)
        }
    }

    private mutating func parseArray(depth: Int) throws(TweakLoadError) -> JSONNode.Content {
        index += 1  // [
        let first = openElements.count
        defer { openElements.removeSubrange(first...) }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array([]) }
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth + 1)
            openElements.append(element)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return .array(Array(openElements[first...])) }
            throw failure(.invalidJSON("expected ',' or ']' in array, found \(describeByte(at: index))"), at: index)
        }
    }

    private mutating func parseString() throws(TweakLoadError) -> String {
        let start = index
        index += 1  // opening quote
        let contentStart = index
        // Fast path: no escapes. The bytes were validated as UTF-8 up front.
        let (end, stop) = Self.endOfPlainText(in: bytes, from: contentStart)
        index = end
        if end < bytes.count {
            if stop == UInt8(ascii: "\"") {
                index += 1
                return bytes.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[contentStart..<end]), as: UTF8.self)
                }
            }
            if stop < 0x20 { throw failure(.invalidJSON("unescaped control character in string"), at: index) }
        }
        var scalars = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try appendEscape(to: &scalars)
            case ..<0x20:
                throw failure(.invalidJSON("unescaped control character in string"), at: index)
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw failure(.invalidJSON("unterminated string"), at: start)
    }

    /// The common key the string at `index` spells exactly (no escapes), moving past it; `nil`
    /// (without moving) when there is none.
    private mutating func commonKey() -> String? {
        let start = index + 1  // after the opening quote
        for common in commonKeys {
            let end = start + common.bytes.count
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\""),
                bytes[start..<end].elementsEqual(common.bytes)
            else { continue }
            index = end + 1
            return common.key
        }
        return nil
    }

    /// The offset of the first quote, backslash or control character at or after `start` and that
    /// byte (or the end and 0), checking eight bytes at a time: most strings have no escapes.
    private static func endOfPlainText(in bytes: [UInt8], from start: Int) -> (Int, UInt8) {
        bytes.withUnsafeBytes { buffer in
            var end = start
            // A byte of a word is 0x80 in `mask` when it is a quote, a backslash or below 0x20
            // (the classic "has a zero byte" test, applied to the word xor each sought byte).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while end + 8 <= buffer.count {
                let word = buffer.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let mask =
                    ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                    | ((word &- ones &* 0x20) & ~word)
                if mask & highBits != 0 { break }
                end += 8
            }
            while end < buffer.count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return (end, byte) }
                end += 1
            }
            return (end, 0)
        }
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(TweakLoadError) {
        guard index < bytes.count else { throw failure(.invalidJSON("unterminated escape sequence"), at: index) }
        let escapeStart = index - 1
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try parseHex4()
            if (0xD800...0xDBFF).contains(scalarValue) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw failure(.invalidJSON("unpaired UTF-16 surrogate in \\u escape"), at: escapeStart)
                }
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(.invalidJSON("unpaired UTF-16 surrogate in \\u escape"), at: escapeStart)
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw failure(.invalidJSON("unpaired UTF-16 surrogate in \\u escape"), at: escapeStart)
            }
            buffer.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
        default:
            throw failure(
                .invalidJSON("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'"), at: escapeStart)
        }
    }

    private mutating func parseHex4() throws(TweakLoadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                throw failure(.invalidJSON("expected four hexadecimal digits after \\u"), at: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(TweakLoadError) -> JSONNode.Content {
        let start = index
        var isInteger = true
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if index < bytes.count, isDigit(bytes[index]) {
                throw failure(.invalidJSON("numbers must not have leading zeros"), at: start)
            }
        } else if !consumeDigits() {
            throw failure(.invalidJSON("expected a digit in number"), at: index)
        }
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard consumeDigits() else {
                throw failure(.invalidJSON("expected a digit after '.' in number"), at: index)
            }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            isInteger = false
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard consumeDigits() else { throw failure(.invalidJSON("expected a digit in exponent"), at: index) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text).flatMap({ PlatformInt.exactly($0, within: integerRange) }) {
            return .int(value)
        }
        guard let value = Double(text), value.isFinite else { throw failure(.numberOutOfRange(text), at: start) }
        return .double(value)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(TweakLoadError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw failure(.invalidJSON("unexpected \(describeByte(at: start)) where a value was expected"), at: start)
        }
        index += expected.count
    }

    // MARK: Scanning helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func consumeDigits() -> Bool {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index > start
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of document" }
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        // The bytes were validated as UTF-8: name the character, as editors show it (U+00A0).
        let scalar = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self).unicodeScalars.first
        let hex = String(scalar?.value ?? UInt32(byte), radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func failure(_ reason: TweakLoadError.Reason, at offset: Int) -> TweakLoadError {
        TweakLoadError(source: source, position: TextPosition(offset: offset, in: bytes), reason: reason)
    }
}
