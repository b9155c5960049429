import Foundation

/// The text of a date that a provider gave (an event's time, its next retry, a last success),
/// whatever the date: a provider may pass any `Date`, including an infinite one, NaN or one
/// billions of years away, and describing it must never trap.
enum EventDate {
    /// The dates an ISO 8601 text describes faithfully: the years 1 to 9999.
    static let describable: ClosedRange<TimeInterval> = -63_113_904_000...252_423_993_599

    /// `2026-05-01T10:00:02Z`, or `an invalid date (<seconds> s from 2001-01-01T00:00:00Z)` for a
    /// date outside the years 1 to 9999 (infinite, NaN, or too far away).
    static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        guard describable.contains(seconds) else {
            return "an invalid date (\(seconds) s from 2001-01-01T00:00:00Z)"
        }
        return ISO8601DateFormatter().string(from: date)
    }

    /// `next try at <time> (in N s)`, or `no automatic retry`; the wait is left out when either
    /// date is invalid, and a time already past waits 0 s.
    static func nextRetry(_ nextRetry: Date?, from now: Date) -> String {
        guard let nextRetry else { return "no automatic retry" }
        let time = text(nextRetry)
        let (retry, start) = (nextRetry.timeIntervalSinceReferenceDate, now.timeIntervalSinceReferenceDate)
        guard describable.contains(retry), describable.contains(start) else { return "next try at \(time)" }
        // Both in the years 1 to 9999: the difference is finite and well within `Int`'s range.
        let seconds = max(0, retry - start)
        let wait = seconds < 10 ? String(format: "%.1f s", seconds) : "\(Int(seconds.rounded())) s"
        return "next try at \(time) (in \(wait))"
    }
}
