public import Foundation

/// A calendar day without a time or a time zone, written `YYYY-MM-DD` (ISO 8601): the `Expires`
/// and `Created` dates of a tweak's ``TweakLifecycle``.
public struct TweakDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    package let year: Int
    /// The month, 1 to 12.
    package let month: Int
    /// The day of the month, 1 to 31 (as the month has).
    package let day: Int

    /// The day `YYYY-MM-DD`, or `nil` when the text is not exactly that form or names no real day
    /// (`2026-02-30`, `0000-01-01`).
    public init?(_ text: String) {
        guard case .success(let day) = Self.read(text) else { return nil }
        self = day
    }

    /// What `text` should be to be a day, completing "expected …" in an error message: `a date
    /// written YYYY-MM-DD`, `a year from 0001 to 9999`, `a month from 01 to 12` or `a day from 01
    /// to 28 (February 2100 has 28 days)`; `nil` when it is one.
    static func expectation(for text: String) -> String? {
        guard case .failure(let expectation) = read(text) else { return nil }
        return expectation.text
    }

    /// What a text that is no day should be instead.
    private struct Expectation: Error {
        let text: String
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `text` as a day, or what it should be instead.
    private static func read(_ text: String) -> Result<TweakDay, Expectation> {
        let bytes = Array(text.utf8)
        let form = Expectation(text: "a date written YYYY-MM-DD")
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return .failure(form)
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return .failure(form)
        }
        guard year >= 1 else { return .failure(Expectation(text: "a year from 0001 to 9999")) }
        guard (1...12).contains(month) else { return .failure(Expectation(text: "a month from 01 to 12")) }
        guard let result = TweakDay(year: year, month: month, day: day) else {
            let days = length(ofMonth: month, year: year)
            return .failure(
                Expectation(text: "a day from 01 to \(days) (\(monthNames[month - 1]) \(year) has \(days) days)"))
        }
        return .success(result)
    }

    /// The day, or `nil` when it does not exist.
    init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day that `date` falls on in `timeZone` (by its offset from UTC at that moment).
    public init(_ date: Date, timeZone: TimeZone = .current) {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        // Clamped before the conversion, which would trap on an infinite or NaN date; years stay 1...9999.
        let days = (seconds / 86_400).rounded(.down)
        self.init(ordinal: days.isNaN ? 0 : Int(min(max(days, -1e7), 1e7)))
    }

    /// The day `days` later (earlier when negative), or `nil` when it is not between 0001-01-01
    /// and 9999-12-31, the days a `TweakDay` can be (`adding(days: .max)` is `nil`, never a trap).
    package func adding(days: Int) -> TweakDay? {
        let (sum, overflow) = ordinal.addingReportingOverflow(days)
        guard !overflow, (Self.firstOrdinal...Self.lastOrdinal).contains(sum) else { return nil }
        return TweakDay(ordinal: sum)
    }

    /// The number of days from `other` to this day: positive when this day is later.
    package func days(since other: TweakDay) -> Int {
        ordinal - other.ordinal
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: TweakDay, rhs: TweakDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: Day numbers

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    private var ordinal: Int { Self.ordinal(year: year, month: month, day: day) }

    private static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day numbers of 0001-01-01 and 9999-12-31.
    private static let firstOrdinal = -719_162
    private static let lastOrdinal = 2_932_896

    /// The day `ordinal` days after 1970-01-01 (`civil_from_days`), clamped to years 1...9999.
    private init(ordinal: Int) {
        let shifted = min(max(ordinal, Self.firstOrdinal), Self.lastOrdinal) + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
