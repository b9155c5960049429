import Foundation

/// The text rules of an exposure line: characters that some JSON-lines reader takes as a line
/// break (or that reorder what a person sees) are escaped, and dates are written so that they read
/// back exactly.
enum ExposureLineText {
    /// `text` (compact JSON) with every scalar that a common JSON-lines reader splits on, or that
    /// changes how the line displays, written as `\uXXXX`. JSON's structure is ASCII, so such
    /// scalars can only be inside strings, where the escape means the same scalar.
    ///
    /// Escaped: C0 controls (already by the writer) and DEL, C1 controls (U+0080–U+009F, with
    /// U+0085 NEXT LINE), U+2028 and U+2029 (JavaScript and Python line separators), the
    /// bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and U+FEFF.
    static func escapingLineBreakers(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `scalar` is one that ``escapingLineBreakers(_:)`` escapes.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// The latest and earliest instants a timestamp names: ECMAScript's range of dates,
    /// ±8.64 × 10¹⁵ ms from 1970 (years −271821 to 275760). Later or earlier dates are clamped.
    static let millisecondLimit: Int64 = 8_640_000_000_000_000

    /// `date` in ISO 8601, UTC, with milliseconds (rounded down): `2026-11-26T10:00:00.000Z` for
    /// years 0 to 9999, and the expanded form with a sign and six year digits outside them
    /// (`-000001-12-31T00:00:00.000Z` is the year 2 BC, `+010000-01-01T00:00:00.000Z`), as ECMAScript's
    /// `toISOString` writes and `Date.parse` reads. Years are astronomical (year 0 is 1 BC) in the
    /// proleptic Gregorian calendar. Dates beyond ``millisecondLimit`` are clamped to it; `nil` for
    /// a date that is not a number.
    static func timestamp(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return nil }
        let limit = Double(millisecondLimit)
        let scaled = min(max(seconds * 1000, -limit), limit)
        // A date made from whole milliseconds comes back a little off (`Date` counts from 2001,
        // and `1.123` s is not exact): within a few units of the last place, it is that millisecond;
        // any other date is rounded down.
        let nearest = scaled.rounded()
        let tolerance = max(date.timeIntervalSinceReferenceDate.ulp, seconds.ulp) * 4000
        let isWhole = abs(scaled - nearest) <= tolerance
        let milliseconds = Int64(isWhole ? nearest : scaled.rounded(.down))
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDaysSince1970: days)
        var text = ""
        if (0...9999).contains(year) {
            text += padded(year, 4)
        } else {
            text += (year < 0 ? "-" : "+") + padded(abs(year), 6)
        }
        text += "-" + padded(month, 2) + "-" + padded(day, 2)
        text += "T" + padded(millisecondOfDay / 3_600_000, 2)
        text += ":" + padded(millisecondOfDay / 60_000 % 60, 2)
        text += ":" + padded(millisecondOfDay / 1000 % 60, 2)
        text += "." + padded(millisecondOfDay % 1000, 3) + "Z"
        return text
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    /// Year, month and day of the proleptic Gregorian calendar for a count of days since
    /// 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
