import Tweaks

/// Reads a value typed on the command line as the type of the declared value: never a guess.
enum DeclaredValue {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String, like declared: TweakValue) throws -> TweakValue {
        switch declared {
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw Mismatch(description: "\"\(text)\" is not a Bool (expected true or false)")
            }
        case .int:
            guard let int = Int(text) else { throw Mismatch(description: "\"\(text)\" is not an Int") }
            return .int(int)
        case .double:
            guard let double = Double(text), double.isFinite else {
                throw Mismatch(description: "\"\(text)\" is not a finite Double")
            }
            return .double(double)
        case .string:
            return .string(text)
        case .json(let json):
            let value = try TweakValue(jsonText: text, source: "VALUE")
            switch (json, value) {
            case (.object, .json(.object)), (.array, .json(.array)): return value
            default:
                let expected = json.objectValue != nil ? "a JSON object" : "a JSON array"
                throw Mismatch(description: "\"\(text)\" is not \(expected)")
            }
        }
    }
}
