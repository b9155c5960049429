import Foundation

/// Reads an HTTP `Retry-After` header: delay seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`).
enum RetryAfter {
    /// The wait in seconds from `now`, never negative; `nil` when the header cannot be read.
    static func seconds(from header: String, now: Date = Date()) -> Double? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return seconds >= 0 ? Double(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
