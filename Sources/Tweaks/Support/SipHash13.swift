/// SipHash-1-3 (Aumasson and Bernstein), the keyed hash `Hasher` uses, fed whole 64-bit words.
///
/// A caller that already has its message in words (``TweakKey`` reads names eight bytes at a time)
/// skips `Hasher`'s byte-by-byte buffering, which is most of what hashing a short string costs.
/// With a secret random key, an attacker who does not know the key cannot make inputs collide, so
/// tables keyed by its output stay fast on names that come from hostile documents.
struct SipHash13 {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64

    /// A hash keyed by the 128-bit key `(k0, k1)`.
    @inline(__always)
    init(k0: UInt64, k1: UInt64) {
        v0 = k0 ^ 0x736f_6d65_7073_6575
        v1 = k1 ^ 0x646f_7261_6e64_6f6d
        v2 = k0 ^ 0x6c79_6765_6e65_7261
        v3 = k1 ^ 0x7465_6462_7974_6573
    }

    /// Absorbs the next eight bytes of the message, read as a little-endian word.
    @inline(__always)
    mutating func compress(_ word: UInt64) {
        v3 ^= word
        round()
        v0 ^= word
    }

    /// The hash of the message: `tail` holds the message's last `byteCount % 8` bytes
    /// (little-endian, the rest zero) and `byteCount` is the message's length in bytes.
    @inline(__always)
    mutating func finalize(tail: UInt64 = 0, byteCount: Int) -> UInt64 {
        compress(tail | UInt64(truncatingIfNeeded: byteCount) &<< 56)
        v2 ^= 0xff
        round()
        round()
        round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// One SipRound. The rotations are written out rather than called, so that a debug build
    /// (`-Onone`, which inlines nothing) does not make thirty calls per hash.
    @inline(__always)
    private mutating func round() {
        v0 &+= v1
        v1 = ((v1 &<< 13) | (v1 &>> 51)) ^ v0
        v0 = (v0 &<< 32) | (v0 &>> 32)
        v2 &+= v3
        v3 = ((v3 &<< 16) | (v3 &>> 48)) ^ v2
        v0 &+= v3
        v3 = ((v3 &<< 21) | (v3 &>> 43)) ^ v0
        v2 &+= v1
        v1 = ((v1 &<< 17) | (v1 &>> 47)) ^ v2
        v2 = (v2 &<< 32) | (v2 &>> 32)
    }
}
