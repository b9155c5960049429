/// File names derived from a key (a URL, a folder path) that stay the same across runs and
/// machines: `<readable part>-<16 hex digits of the key's FNV-1a hash>`.
package enum StableFileName {
    /// `<readable>-<hash of key>` with `extension`; characters of `readable` other than letters,
    /// digits, `.`, `-` and `_` become `_`.
    package static func make(readable: String, key: String, extension fileExtension: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: a stable file name, not a security measure
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let safe = String(readable.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" })
        let hex = String(hash, radix: 16)
        return "\(safe)-\(String(repeating: "0", count: 16 - hex.count))\(hex).\(fileExtension)"
    }
}
