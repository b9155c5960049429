/// Writes compact JSON text with sorted object keys, so that equal values print equally.
enum JSONWriter {
    static func write(_ value: TweakValue, to output: inout String) {
        switch value {
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): writeNumber(double, to: &output)
        case .string(let string): writeString(string, to: &output)
        case .json(let json): write(json, to: &output)
        }
    }

    static func write(_ json: TweakJSON, to output: inout String) {
        switch json {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): writeNumber(double, to: &output)
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                write(members[key]!, to: &output)
            }
            output += "}"
        }
    }

    /// A finite `Double` always keeps a fraction or exponent (`1.0`, `1e+300`) so that it reads
    /// back as a `Double`. JSON has no NaN or infinity: those are written as `null`.
    private static func writeNumber(_ double: Double, to output: inout String) {
        guard double.isFinite else {
            output += "null"
            return
        }
        output += String(describing: double)
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
