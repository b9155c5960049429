import Foundation

extension TweakExposure {
    /// The exposure as one line of JSON in the shape of Segment's "Experiment Viewed" track call,
    /// which GrowthBook's and most warehouses' analyses read: `event`, `userId` (the
    /// randomization id, or `null`), `timestamp` (ISO 8601, UTC, milliseconds) and `properties` with
    /// `experiment_id` (the experiment, else the tweak's key), `variation_id` (the variant),
    /// `feature`, `value` (the JSON value), `layer` and `reason`. Keys are sorted; no line break.
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
            "timestamp": .string(Self.timestamp(date)),
            "properties": .object(properties),
        ]
        var text = ""
        JSONWriter.write(line, to: &text)
        return text
    }

    /// `date` in ISO 8601 with milliseconds, UTC.
    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
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
