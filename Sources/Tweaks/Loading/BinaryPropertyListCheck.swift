/// A check of a binary property list's objects before Foundation reads it.
///
/// swift-corelibs-foundation crashes the process (a null type in a cast) on some damaged binary
/// property lists that hold a set: a hostile `.plist` must never do that. A defaults property list
/// holds only dictionaries, arrays, strings, numbers, Booleans, dates and data, so this check
/// refuses every other object kind (sets, UIDs, unassigned markers) and a trailer or offset table
/// that points outside the document. It reads each object's marker once: linear in the size.
enum BinaryPropertyListCheck {
    /// Why `bytes`, a binary property list (`bplist`), must not be read; `nil` when Foundation may
    /// read it (and still refuse it) or when it is not a binary property list.
    static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        guard bytes.count >= 8 + 32 else { return "a binary property list too short for its trailer" }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let objectCount = integer(in: bytes, at: trailer + 8, size: 8)
        let tableOffset = integer(in: bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), let objectCount, let tableOffset,
            tableOffset >= 8, tableOffset <= trailer,
            objectCount <= (trailer - tableOffset) / offsetSize
        else { return "a binary property list whose trailer points outside it" }
        for index in 0..<objectCount {
            guard let offset = integer(in: bytes, at: tableOffset + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableOffset
            else { return "a binary property list whose offset table points outside it" }
            switch bytes[offset] >> 4 {
            case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD: continue
            case 0xC: return "a binary property list holding a set (not a value of a defaults property list)"
            default: return "a binary property list holding an object of unknown kind"
            }
        }
        return nil
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`; `nil` when it does not fit an
    /// `Int` or lies outside `bytes`.
    private static func integer(in bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
