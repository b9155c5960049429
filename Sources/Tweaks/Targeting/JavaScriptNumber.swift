/// Numbers written as JavaScript's `Number.prototype.toString()` writes them (ECMAScript
/// Number::toString), which is how Firebase's evaluators see a number compared as text: the
/// shortest digits that read back as the same double, in positional notation for exponents from
/// -7 to 20 and `d.ddde±x` otherwise.
enum JavaScriptNumber {
    /// `value` as JavaScript writes it: `5`, `0.1`, `1000000000000000`, `1e+21`, `1e-7`,
    /// `-1.5e-10`, `Infinity`, `NaN`; `0` for negative zero.
    static func text(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value == 0 { return "0" }
        if value < 0 { return "-" + text(of: -value) }
        if value.isInfinite { return "Infinity" }
        // Swift's description has the shortest round-trip digits too; only the layout differs.
        let (digits, point) = decimalDigits(of: value.description)
        let count = digits.count
        if count <= point, point <= 21 {
            return String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: point - count)
        }
        if 0 < point, point <= 21 {
            return String(decoding: digits[..<point], as: UTF8.self) + "."
                + String(decoding: digits[point...], as: UTF8.self)
        }
        if -6 < point, point <= 0 {
            return "0." + String(repeating: "0", count: -point) + String(decoding: digits, as: UTF8.self)
        }
        let exponent = point - 1
        var text = String(decoding: digits[..<1], as: UTF8.self)
        if count > 1 { text += "." + String(decoding: digits[1...], as: UTF8.self) }
        return text + (exponent < 0 ? "e-" : "e+") + String(abs(exponent))
    }

    /// The significant digits of a positive finite number's Swift description (`12.5`, `1e-07`,
    /// `1.25e+16`) and where the decimal point falls among them: the value is 0.digits × 10^point.
    private static func decimalDigits(of description: String) -> (digits: [UInt8], point: Int) {
        let parts = description.utf8.split(separator: UInt8(ascii: "e"), maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(Substring(parts[1])) ?? 0 : 0
        var digits: [UInt8] = []
        var point: Int?
        for byte in mantissa {
            if byte == UInt8(ascii: ".") {
                point = digits.count
            } else {
                digits.append(byte)
            }
        }
        var position = (point ?? digits.count) + exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        position -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, position)
    }
}
