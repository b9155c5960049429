import Foundation
import Testing

@testable import Tweaks

/// An "Experiment Viewed" line stays one line for every JSON-lines reader (Python's
/// `splitlines()` splits on the most characters), reads back as the exposure it was made from, and
/// keeps the sign and digits of any year.
@Suite("Exposure lines")
struct ExposureLineTests {
    /// Every separator Python's `str.splitlines()` splits on (its documented set).
    static let pythonLineBoundaries: Set<Unicode.Scalar> = [
        "\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2028}", "\u{2029}",
    ]

    /// `text` split as Python's `splitlines()` does (`\r\n` counts once).
    static func pythonSplitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if pythonLineBoundaries.contains(scalar) {
                if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    static let hostileNames = [
        "a\nb", "a\r\nb", "line\u{2028}separator", "paragraph\u{2029}separator", "next\u{85}line",
        "vertical\u{0B}tab", "form\u{0C}feed", "file\u{1C}group\u{1D}record\u{1E}", "c1\u{80}\u{9F}",
        "right-to-left\u{202E}override\u{2066}", "::error file=x::forged", "\u{FEFF}bom", "quote\"back\\slash",
        "", "emoji 🧪 and é",
    ]

    @Test(arguments: hostileNames)
    func aLineWithHostileNamesIsOneLineAndReadsBack(name: String) throws {
        let exposure = TweakExposure(
            key: TweakKey(feature: "checkout", variable: "title"), value: .string("value \(name)"),
            variant: "variant \(name)", experiment: "experiment \(name)", randomizationID: "user \(name)",
            layer: "layer \(name)", reason: .split, date: Date(timeIntervalSince1970: 1_795_000_000.25))
        let line = exposure.experimentViewedJSONLine
        #expect(Self.pythonSplitLines(line) == [line])
        #expect(!line.unicodeScalars.contains { ExposureLineText.needsEscape($0) })

        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let properties = try #require(object["properties"] as? [String: Any])
        #expect(object["userId"] as? String == "user \(name)")
        #expect(properties["variation_id"] as? String == "variant \(name)")
        #expect(properties["experiment_id"] as? String == "experiment \(name)")
        #expect(properties["layer"] as? String == "layer \(name)")
        #expect(properties["value"] as? String == "value \(name)")
        #expect(object["timestamp"] as? String == "2026-11-18T11:06:40.250Z")
    }

    @Test func aNameWithEveryBoundaryAtOnceIsOneLine() {
        let name = String(String.UnicodeScalarView(Self.pythonLineBoundaries.sorted { $0.value < $1.value }))
        let exposure = TweakExposure(
            key: TweakKey(feature: "f", variable: "v"), value: 1, variant: name, experiment: name,
            randomizationID: name, layer: "remote", reason: .split, date: Date(timeIntervalSince1970: 0))
        #expect(Self.pythonSplitLines(exposure.experimentViewedJSONLine).count == 1)
    }

    static let knownTimestamps: [(milliseconds: Int64, text: String)] = [
        (0, "1970-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
        (-62_198_755_200_000, "-000001-01-01T00:00:00.000Z"),
        (253_402_300_800_000, "+010000-01-01T00:00:00.000Z"),
        (8_640_000_000_000_000, "+275760-09-13T00:00:00.000Z"),
        (-8_640_000_000_000_000, "-271821-04-20T00:00:00.000Z"),
    ]

    @Test func yearsOutsideFourDigitsKeepTheirSignInExpandedForm() {
        for (milliseconds, text) in Self.knownTimestamps {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            #expect(ExposureLineText.timestamp(date) == text, "\(milliseconds) ms")
        }
    }

    @Test func datesBeyondTheRangeAreClampedAndNotANumberIsNull() {
        #expect(ExposureLineText.timestamp(Date(timeIntervalSince1970: 1e19)) == "+275760-09-13T00:00:00.000Z")
        #expect(ExposureLineText.timestamp(.distantPast.addingTimeInterval(-1e300)) == "-271821-04-20T00:00:00.000Z")
        #expect(ExposureLineText.timestamp(Date(timeIntervalSince1970: .infinity)) == "+275760-09-13T00:00:00.000Z")
        #expect(ExposureLineText.timestamp(Date(timeIntervalSince1970: .nan)) == nil)
    }

    /// Any millisecond in the range reads back as itself (a parser of the test's own, with the
    /// inverse calendar algorithm), exactly where `Date` resolves milliseconds (some 3,000 years
    /// around 2001), within its resolution beyond.
    @Test func everyDateInTheRangeRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        let limit = ExposureLineText.millisecondLimit
        var samples: [Int64] = [limit, -limit, 0, -62_135_596_800_000, -62_135_596_800_001]
        for _ in 0..<2000 { samples.append(Int64.random(in: -limit...limit, using: &generator)) }
        for _ in 0..<2000 { samples.append(Int64.random(in: -100_000_000_000_000...300_000_000_000_000)) }
        for milliseconds in samples {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let exposure = TweakExposure(
                key: TweakKey(feature: "f", variable: "v"), value: 1, variant: "v", randomizationID: nil,
                layer: "l", reason: .split, date: date)
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(exposure.experimentViewedJSONLine.utf8)) as? [String: Any])
            let text = try #require(object["timestamp"] as? String)
            let read = try #require(Self.parse(text), "\(text)")
            let resolution: Int64 = abs(milliseconds) <= 100_000_000_000_000 ? 0 : 2
            #expect(abs(read - milliseconds) <= resolution, "\(text) for \(milliseconds) ms")
        }
    }

    /// ISO 8601 (`YYYY-` or `±YYYYYY-`) to milliseconds since 1970 (Hinnant's `days_from_civil`).
    static func parse(_ text: String) -> Int64? {
        var rest = Substring(text)
        var sign: Int64 = 1
        if rest.first == "-" || rest.first == "+" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
            guard rest.prefix(while: \.isNumber).count == 6 else { return nil }
        } else if rest.prefix(while: \.isNumber).count != 4 {
            return nil
        }
        let parts = rest.split(whereSeparator: { "-T:.Z".contains($0) }).compactMap { Int64($0) }
        guard parts.count == 7, text.hasSuffix("Z") else { return nil }
        let (month, day) = (parts[1], parts[2])
        let year = sign * parts[0] - (month <= 2 ? 1 : 0)
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days * 24 + parts[3]) * 60 + parts[4]) * 60_000 + parts[5] * 1000 + parts[6]
    }
}
