import Foundation

extension TweakExposure {
    /// The exposure as one line of JSON in the shape of Segment's "Experiment Viewed" track call,
    /// which GrowthBook's and most warehouses' analyses read: `event`, `userId` (the
    /// randomization id, or `null`), `timestamp` (ISO 8601, UTC, milliseconds) and `properties` with
    /// `experiment_id` (the experiment, else the tweak's key), `variation_id` (the variant),
    /// `feature`, `value` (the JSON value), `layer` and `reason`. Keys are sorted.
    ///
    /// The line is one line for every common JSON-lines reader, whatever the names and values hold:
    /// besides JSON's own escapes, every character that some reader splits lines on (U+0085,
    /// U+2028, U+2029, and Python's `splitlines()` set U+000B, U+000C, U+001C–U+001E), C1 controls
    /// and bidirectional controls (U+202E…) are written as `\uXXXX`. Years outside 0–9999 are
    /// written in ISO 8601's expanded form with a sign and six digits, as JavaScript's
    /// `toISOString()` does (`-000044-03-15T12:00:00.000Z`); dates beyond its range (years
    /// −271821 to 275760) are clamped to it, and a date that is not a number is written `null`.
    ///
    /// ```json
    /// {"event":"Experiment Viewed","properties":{"experiment_id":"checkout_copy","feature":"checkout.title","layer":"remote","reason":"SPLIT","value":"Buy now","variation_id":"treatment"},"timestamp":"2026-11-26T10:00:00.000Z","userId":"u1"}
    /// ```
    public var experimentViewedJSONLine: String {
        let properties: [String: TweakJSON] = [
            "experiment_id": .string(experiment ?? "\(key)"),
            "variation_id": .string(variant),
            "feature": .string("\(key)"),
            "value": value.asJSON,
            "layer": .string(layer),
            "reason": .string(reason.name),
        ]
        let line: TweakJSON = [
            "event": "Experiment Viewed",
            "userId": randomizationID.map(TweakJSON.string) ?? .null,
            "timestamp": ExposureLineText.timestamp(date).map(TweakJSON.string) ?? .null,
            "properties": .object(properties),
        ]
        var text = ""
        JSONWriter.write(line, to: &text)
        return ExposureLineText.escapingLineBreakers(text)
    }
}

extension TweakValue {
    /// The value as JSON.
    package var asJSON: TweakJSON {
        switch self {
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string(let string): .string(string)
        case .json(let json): json
        }
    }
}
