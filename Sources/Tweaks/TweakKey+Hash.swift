extension TweakKey {
    /// The hash of a key's two names: SipHash-1-3 under a secret per-process key, the same for
    /// every two pairs of names that compare equal.
    ///
    /// Names are almost always ASCII. Their UTF-8 bytes are then hashed eight at a time, in about
    /// two thirds of the instructions `Hasher` takes to combine two strings byte by byte. Swift
    /// compares strings by canonical equivalence, so a name that is not ASCII is hashed by its
    /// ASCII equivalent when it has one (the Kelvin sign `"\u{212A}"` equals `"K"`), and by
    /// `Hasher` when it has none.
    static func hashOfNames(feature: String, variable: String) -> Int {
        if let hash = hashOfSmallASCII(feature, variable) { return Int(truncatingIfNeeded: hash) }
        let hash =
            feature.utf8.withContiguousStorageIfAvailable { featureBytes in
                variable.utf8.withContiguousStorageIfAvailable { variableBytes in
                    hashOfASCII(featureBytes, variableBytes)
                } ?? nil
            } ?? nil
        if let hash { return Int(truncatingIfNeeded: hash) }
        return hashOfCanonicalNames(feature: feature, variable: variable)
    }

    /// `hashOfASCII(_:_:)` of two names that are both small ASCII strings (at most 15 bytes,
    /// the usual case), read from the strings' own words; `nil` for any other names.
    ///
    /// On a 64-bit little-endian platform a small string holds its UTF-8 bytes in its two words, in
    /// order and padded with zeros, with a tag in the last byte: exactly the words
    /// `hashOfASCII(_:_:)` reads from its bytes, so the hash is the same without copying the
    /// bytes out and reading them back piece by piece. That layout is Swift's ABI on Apple
    /// platforms, and the same elsewhere; `keyHashing` checks it once, and when it does not hold
    /// no name is read this way.
    @inline(__always)
    private static func hashOfSmallASCII(_ feature: String, _ variable: String) -> UInt64? {
        #if _pointerBitWidth(_64) && _endian(little)
            let hashing = keyHashing
            let feature = unsafeBitCast(feature, to: (UInt64, UInt64).self)
            let variable = unsafeBitCast(variable, to: (UInt64, UInt64).self)
            guard hashing.readsSmallStrings, feature.1 &>> 60 == smallASCIITag, variable.1 &>> 60 == smallASCIITag
            else { return nil }
            var sip = SipHash13(k0: hashing.key.0, k1: hashing.key.1)
            var words = 0
            let featureCount = absorbSmall(feature, into: &sip, words: &words)
            let variableCount = absorbSmall(variable, into: &sip, words: &words)
            return finalize(&sip, words: words, featureCount: featureCount, variableCount: variableCount)
        #else
            return nil
        #endif
    }

    /// Feeds the bytes of the small string whose words are `string` to `sip`, as
    /// `absorb(_:into:words:allBytes:)` feeds them from a buffer, and returns its length.
    @inline(__always)
    private static func absorbSmall(
        _ string: (UInt64, UInt64), into sip: inout SipHash13, words: inout Int
    ) -> UInt64 {
        let count = string.1 &>> 56 & 0xF
        if count > 0 {
            sip.compress(string.0)
            words &+= 1
        }
        if count > 8 {
            sip.compress(string.1 & 0x00FF_FFFF_FFFF_FFFF)
            words &+= 1
        }
        return count
    }

    /// SipHash-1-3 of both names' bytes, each padded with zeros to whole words, then seven bytes
    /// that hold both lengths; `nil` when a byte is not ASCII.
    ///
    /// The lengths make the message tell the names apart (`"ab"` and `"c"` from `"a"` and `"bc"`,
    /// `"a\0"` from `"a"`) for names up to 256 MiB, far beyond any document's limit.
    @inline(__always)
    private static func hashOfASCII(
        _ feature: UnsafeBufferPointer<UInt8>, _ variable: UnsafeBufferPointer<UInt8>
    ) -> UInt64? {
        var sip = SipHash13(k0: keyHashing.key.0, k1: keyHashing.key.1)
        var allBytes: UInt64 = 0
        var words = 0
        absorb(feature, into: &sip, words: &words, allBytes: &allBytes)
        absorb(variable, into: &sip, words: &words, allBytes: &allBytes)
        guard allBytes & 0x8080_8080_8080_8080 == 0 else { return nil }
        return finalize(
            &sip, words: words, featureCount: UInt64(truncatingIfNeeded: feature.count),
            variableCount: UInt64(truncatingIfNeeded: variable.count))
    }

    /// The hash of a message of `words` words of names, closed by seven bytes that hold both
    /// names' lengths: the one end of `hashOfASCII(_:_:)` and `hashOfSmallASCII(_:_:)`, which
    /// must hash equal names alike.
    @inline(__always)
    private static func finalize(
        _ sip: inout SipHash13, words: Int, featureCount: UInt64, variableCount: UInt64
    ) -> UInt64 {
        let lengthMask: UInt64 = (1 &<< 28) &- 1
        let lengths = (featureCount & lengthMask) | ((variableCount & lengthMask) &<< 28)
        return sip.finalize(tail: lengths, byteCount: 8 &* words &+ 7)
    }

    /// Feeds `bytes` to `sip` in little-endian words, the last one padded with zeros, and ORs
    /// every word into `allBytes`.
    @inline(__always)
    private static func absorb(
        _ bytes: UnsafeBufferPointer<UInt8>, into sip: inout SipHash13, words: inout Int, allBytes: inout UInt64
    ) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            allBytes |= word
            sip.compress(word)
            words &+= 1
            index &+= 8
        }
        let remaining = bytes.count &- index
        guard remaining > 0 else { return }
        // The last one to seven bytes, read as at most three loads instead of one at a time.
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        if remaining & 4 != 0 {
            tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
            shift = 32
            index &+= 4
        }
        if remaining & 2 != 0 {
            tail |= UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt16.self))) &<< shift
            shift &+= 16
            index &+= 2
        }
        if remaining & 1 != 0 {
            tail |= UInt64(base[index]) &<< shift
        }
        allBytes |= tail
        sip.compress(tail)
        words &+= 1
    }

    /// The hash of names that are not both ASCII, or not stored as contiguous UTF-8 (a bridged
    /// `NSString`): the hash of their ASCII equivalents when both have one, so that they hash as the
    /// ASCII names they equal; otherwise `Hasher`'s, which hashes a string's canonical form.
    private static func hashOfCanonicalNames(feature: String, variable: String) -> Int {
        if let feature = asciiEquivalent(of: feature), let variable = asciiEquivalent(of: variable) {
            let hash = feature.withUnsafeBufferPointer { featureBytes in
                variable.withUnsafeBufferPointer { variableBytes in hashOfASCII(featureBytes, variableBytes) }
            }
            if let hash { return Int(truncatingIfNeeded: hash) }
        }
        var hasher = Hasher()
        hasher.combine(feature)
        hasher.combine(variable)
        return hasher.finalize()
    }

    /// The ASCII string that `name` is canonically equivalent to, as bytes, or `nil` when there is
    /// none.
    ///
    /// A string's canonical form is ASCII only when each of its scalars decomposes to ASCII: ASCII
    /// scalars, and the three whose canonical decomposition is a single ASCII scalar (Unicode's
    /// singletons; `KeyHashTests` checks every scalar against Swift's own `==`).
    static func asciiEquivalent(of name: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: bytes.append(UInt8(scalar.value))
            case 0x037E: bytes.append(0x3B)  // GREEK QUESTION MARK is a semicolon.
            case 0x1FEF: bytes.append(0x60)  // GREEK VARIA is a grave accent.
            case 0x212A: bytes.append(0x4B)  // KELVIN SIGN is a capital K.
            default: return nil
            }
        }
        return bytes
    }
}

/// The top four bits of a small ASCII string's second word on 64-bit platforms: immortal, ASCII,
/// small, not foreign.
private let smallASCIITag: UInt64 = 0xE

/// How ``TweakKey``'s hash is made in this process.
private struct KeyHashing {
    /// The secret key: two outputs of `Hasher`, whose seed is random per process (fixed when
    /// `SWIFT_DETERMINISTIC_HASHING` is set, as for every `Hasher`).
    let key: (UInt64, UInt64)
    /// Whether small strings are laid out as `TweakKey.hashOfSmallASCII(_:_:)` reads them,
    /// checked on two strings whose words are known.
    let readsSmallStrings: Bool
}

private let keyHashing: KeyHashing = {
    var first = Hasher()
    first.combine(UInt8(1))
    var second = Hasher()
    second.combine(UInt8(2))
    let key = (UInt64(truncatingIfNeeded: first.finalize()), UInt64(truncatingIfNeeded: second.finalize()))
    #if _pointerBitWidth(_64) && _endian(little)
        let empty = unsafeBitCast("", to: (UInt64, UInt64).self)
        let nine = unsafeBitCast(String(decoding: Array("abcdefghi".utf8), as: UTF8.self), to: (UInt64, UInt64).self)
        let readsSmallStrings =
            MemoryLayout<String>.size == 16 && empty == (0, smallASCIITag &<< 60)
            && nine == (0x6867_6665_6463_6261, smallASCIITag &<< 60 | 9 &<< 56 | 0x69)
    #else
        let readsSmallStrings = false
    #endif
    return KeyHashing(key: key, readsSmallStrings: readsSmallStrings)
}()
