import Testing

@testable import Tweaks

/// Numbers in contexts are compared as text the way JavaScript writes them (Number::toString).
@Suite("Numbers as JavaScript writes them")
struct JavaScriptNumberTests {
    /// (value, what `String(value)` gives in JavaScript).
    static let vectors: [(Double, String)] = [
        (5, "5"), (0.1, "0.1"), (123.45, "123.45"), (-1.5, "-1.5"), (1e15, "1000000000000000"),
        (1e20, "100000000000000000000"), (1e21, "1e+21"), (1.2345678901234568e20, "123456789012345680000"),
        (1.25e16, "12500000000000000"), (9_007_199_254_740_992, "9007199254740992"), (1e-6, "0.000001"),
        (1.234e-6, "0.000001234"), (1e-7, "1e-7"), (-1e-7, "-1e-7"), (1.5e-10, "1.5e-10"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (.leastNonzeroMagnitude, "5e-324"), (-0.0, "0"), (0, "0"),
        (.infinity, "Infinity"), (-.infinity, "-Infinity"), (.nan, "NaN"), (100, "100"), (0.5, "0.5"),
    ]

    @Test("Number::toString")
    func text() {
        for (value, expected) in Self.vectors {
            #expect(JavaScriptNumber.text(of: value) == expected, "\(value)")
            #expect(TweakContext.Value.double(value).description == expected)
        }
    }

    @Test("A string operator sees the number as JavaScript writes it")
    func stringOperator() {
        let condition = CustomSignalCondition(
            operator: .stringExactlyMatches, key: "n", targets: ["1000000000000000", "1e-7", "Infinity"])
        for value in [1e15, 1e-7, .infinity] {
            #expect(condition.evaluate(TweakContext(attributes: ["n": .double(value)])), "\(value)")
        }
        #expect(!condition.evaluate(TweakContext(attributes: ["n": .double(1e16)])))
    }

    @Test("Only decimal numbers are numbers: inf, Infinity, nan and hexadecimal are not")
    func decimalOnly() {
        for text in ["12", " -1.5 ", ".5", "5.", "2e-3", "+7", "1E5"] {
            #expect(TargetingText.number(text) != nil, "\(text)")
        }
        for text in [
            "inf", "Infinity", "-infinity", "nan", "NaN", "0x10", "0x1p4", "1e999", "", ".", "e5", "1e", "1_000",
        ] {
            #expect(TargetingText.number(text) == nil, "\(text)")
        }
    }
}
