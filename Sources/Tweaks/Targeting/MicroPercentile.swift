/// Where a randomization id falls for a percent condition, in millionths of a percent: a number in
/// `0..<100_000_000`, the same as Firebase Remote Config computes.
///
/// The string `seed + "." + randomizationID` (the id alone when the seed is empty) is hashed with
/// SHA-256; the digest, read as a big-endian 256-bit unsigned integer, is taken modulo 100,000,000.
enum MicroPercentile {
    /// The number of micro-percentiles: 100 % is 100,000,000.
    static let count: UInt32 = 100_000_000

    /// The micro-percentile of `randomizationID` for `seed`.
    static func of(seed: String, randomizationID: String) -> UInt32 {
        var input = Array(seed.utf8)
        if !input.isEmpty { input.append(UInt8(ascii: ".")) }
        input.append(contentsOf: randomizationID.utf8)
        // Horner's rule over the digest's bytes, reduced at each step: the remainder of the
        // 256-bit number without big-integer arithmetic.
        var remainder: UInt64 = 0
        for byte in SHA256.digest(input) {
            remainder = (remainder << 8 | UInt64(byte)) % UInt64(count)
        }
        return UInt32(remainder)
    }
}
