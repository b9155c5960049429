/// MurmurHash3's x86 32-bit variant, fed byte by byte: the hash flagd's `fractional` takes of its
/// bucket value (`mmh3.hash(bytes, signed=False)` with seed 0 in flagd's Python evaluator).
///
/// Bytes go in with ``append(_:)`` as they are produced, so no buffer is built; ``value`` is the
/// hash of everything appended so far.
struct MurmurHash3 {
    private var state: UInt32
    /// Up to three bytes of the block being filled, little-endian.
    private var pending: UInt32 = 0
    private var pendingCount: UInt32 = 0
    /// The number of bytes appended, modulo 2³² as the reference's 32-bit length.
    private var length: UInt32 = 0

    /// A hash of no bytes yet, with the given seed (flagd's is 0).
    init(seed: UInt32 = 0) { state = seed }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        pending |= UInt32(byte) << (pendingCount &* 8)
        pendingCount &+= 1
        length &+= 1
        guard pendingCount == 4 else { return }
        state ^= Self.scramble(pending)
        state = (state << 13 | state >> 19) &* 5 &+ 0xe654_6b64
        pending = 0
        pendingCount = 0
    }

    /// Appends bytes in order.
    mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        for byte in bytes { append(byte) }
    }

    /// The hash of the bytes appended so far (the tail mixed in, then the length and the final mix).
    var value: UInt32 {
        var hash = state
        if pendingCount > 0 { hash ^= Self.scramble(pending) }
        hash ^= length
        hash ^= hash >> 16
        hash &*= 0x85eb_ca6b
        hash ^= hash >> 13
        hash &*= 0xc2b2_ae35
        hash ^= hash >> 16
        return hash
    }

    /// The hash of `bytes` with seed 0.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var hasher = MurmurHash3()
        hasher.append(contentsOf: bytes)
        return hasher.value
    }

    private static func scramble(_ block: UInt32) -> UInt32 {
        let mixed = block &* 0xcc9e_2d51
        return (mixed << 15 | mixed >> 17) &* 0x1b87_3593
    }
}
