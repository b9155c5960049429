/// Durations in seconds that come from outside — a server's `retry:`, a file, a command-line
/// argument, a caller's interval or timeout — made safe to wait for: the one place where seconds
/// become nanoseconds, so that no value (`.infinity`, `.nan`, `1e12`, a negative number) can trap
/// the conversion.
package enum Seconds {
    /// The longest wait: 365 days. A `UInt64` of nanoseconds holds about 584 years, a `Date` and a
    /// `URLSession` timeout hold a year without overflow, and no client needs to wait longer.
    package static let longest: Double = 365 * 24 * 3600

    /// `seconds` within `minimum...longest`; NaN and anything below `minimum` become `minimum`.
    package static func clamped(_ seconds: Double, minimum: Double = 0) -> Double {
        // `>=` is false for NaN, so NaN takes the minimum too.
        guard seconds >= minimum else { return max(minimum, 0) }
        return min(seconds, longest)
    }

    /// `seconds`, clamped to `0...longest`, in nanoseconds.
    package static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(clamped(seconds) * 1_000_000_000)
    }

    /// Waits for `seconds` (clamped to `0...longest`); returns early when the task is cancelled.
    package static func sleep(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: nanoseconds(seconds))
    }
}
