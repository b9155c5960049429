/// The integers that Swift's `Int` holds on this platform: 64 bits, but 32 on watchOS's arm64_32.
///
/// Whatever reads integers from outside (documents, `UserDefaults`) checks them against a range,
/// so that a number that does not fit is never a trap, and never rejects a whole document. The
/// range is a parameter of those readers, so that the 32-bit behaviour is tested on 64-bit systems.
package enum PlatformInt {
    /// This platform's `Int` range.
    package static let range = Int64(Int.min)...Int64(Int.max)
    /// The range of a 32-bit `Int` (watchOS), for tests.
    package static let thirtyTwoBitRange = Int64(Int32.min)...Int64(Int32.max)

    /// `value` as an `Int`, when it is within `range` (a subrange of this platform's `Int`).
    static func exactly(_ value: Int64, within range: ClosedRange<Int64> = PlatformInt.range) -> Int? {
        range.contains(value) ? Int(truncatingIfNeeded: value) : nil
    }
}
