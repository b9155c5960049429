import Testing

@testable import Tweaks

/// The `STRING_CONTAINS_REGEX` engine: RE2's dialect, matched in time linear in the text.
/// Vectors marked "Go" are from Go's `regexp` tests (find_test.go, all_test.go), whose dialect
/// is RE2's; the outcome is whether the pattern matches somewhere (Firebase's "contains").
@Suite("Regular expressions (RE2)")
struct RegularExpressionTests {
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try RegularExpression(pattern).matches(text)
    }

    /// Go's find_test.go vectors, and RE2 syntax from its syntax page: (pattern, text, matches).
    static let searches: [(String, String, Bool)] = [
        ("", "", true), ("^abcdefg", "abcdefg", true), ("a+", "baaab", true), ("abcd..", "abcdef", true),
        ("a", "a", true), ("x", "y", false), ("b", "abc", true), (".", "a", true), (".*", "abcdef", true),
        ("^", "abcde", true), ("$", "abcde", true), ("^abcd$", "abcd", true), ("^bcd'", "abcdef", false),
        ("^abcd$", "abcde", false), ("a*", "baaab", true), ("[a-z]+", "abcd", true), ("[^a-z]+", "ab1234cd", true),
        ("[^a-z]+", "abcd", false), (#"[a\-\]z]+"#, "az]-bcz", true), (#"[^\n]+"#, "\n", false),
        ("[日本語]+", "日本語日本語", true), ("日本語+", "日本語語語語", true), ("()", "", true), ("(.)(.)", "日a", true),
        ("((a|b|c)*(d))", "abcd", true), (#"\a\f\n\r\t\v"#, "\u{7}\u{c}\n\r\t\u{b}", true),
        (#"[\a\f\n\r\t\v]+"#, "\u{7}", true), ("a*(|(b))c*", "aacc", true), ("[.]", ".", true), ("[.]", "a", false),
        ("/$", "/abc/", true), ("/$", "/abc", false), ("ab$", "cab", true), ("axxb$", "axxcb", false),
        ("da(.)a$", "daXY data", true), ("zx+", "zzx", true), ("(aa)*$", "a", true), ("(?:.|(?:.a))", "", false),
        ("(?:A(?:A|a))", "Aa", true), ("(?:A|(?:A|a))", "a", true), ("(a){0}", "", true),
        ("(?-s)(?:(?:^).)", "\n", false), ("(?s)(?:(?:^).)", "\n", true), ("(?:(?:^).)", "\n", false),
        (#"\b"#, "x", true), (#"\B"#, "x", false), (#"\B"#, "xx", true), (#"\B"#, "x y", false),
        ("(|a)*", "aa", true), ("0A|0[aA]", "0a", true), ("[^\u{65e5}]", "\u{65e5}", false),
        (#"[^\S\s]"#, "abcd", false), (#"[^\S[:space:]]"#, "abcd", false), (#"[^\D\d]"#, "abcd", false),
        (#"[^\D[:digit:]]"#, "abcd", false), (#"(?i)\W"#, "x", false), (#"(?i)\W"#, "k", false),
        (#"(?i)\W"#, "s", false),
        (
            ##"\!\"\#\$\%\&\'\(\)\*\+\,\-\.\/\:\;\<\=\>\?\@\[\\\]\^\_\{\|\}\~"##,
            ##"!"#$%&'()*+,-./:;<=>?@[\]^_{|}~"##, true
        ),
        ("\\`", "`", true),
        // RE2 syntax page: flags, classes, repetitions, escapes.
        ("(?i)abc", "xABCx", true), ("(?i:a)b", "AB", false), ("(?i:a)b", "Ab", true), ("a(?i)b|c", "AB", false),
        ("a(?i)b|c", "aB", true),
        ("a(?i)b|c", "C", true), ("(?i)k", "\u{212A}", true), ("(?i)[k]", "\u{212A}", true), ("(?i)ſ", "S", true),
        ("(?i)é", "É", true), ("(?i)[^k]", "K", false), ("(?m)^b$", "a\nb\nc", true), ("^b$", "a\nb\nc", false),
        ("(?m)a$", "a\n", true), (#"\Aab\z"#, "ab", true), (#"\Aab\z"#, "ab\n", false), ("a.c", "a\nc", false),
        ("(?s)a.c", "a\nc", true), ("a{2}", "ba", false), ("a{2}", "baa", true), ("^a{2,}$", "aaaa", true),
        ("^a{2,3}$", "aaaa", false), ("^a{2,3}$", "aaa", true), ("^a{0,2}b", "b", true), ("a{,2}", "a{,2}", true),
        ("a{", "a{", true), ("x*?y", "xxy", true), ("x+?", "x", true), ("x??y", "y", true),
        (#"\x41\x{263a}"#, "A☺", true),
        (#"\101"#, "A", true), (#"\0"#, "\u{0}", true), (#"\Qa.b\E"#, "a.b", true), (#"\Qa.b\E"#, "axb", false),
        (#"\Qab\E+"#, "abbb", true), ("[[:alpha:]]+[[:digit:]]", "ab1", true), ("[[:^alpha:]]", "ab", false),
        ("[a-c-]", "-", true), ("[]a]", "]", true), (#"(?P<first>a)(?<second>b)"#, "ab", true), ("(?U)a+", "aa", true),
        (#"\d"#, "5", true), (#"\D"#, "5", false), (#"\s"#, "\t", true), (#"\s"#, "\u{b}", false), (#"\S"#, " ", false),
        (#"\w+"#, "_", true), (#"\W"#, "a_1", false), (#"x\b"#, "x!", true), (#"x\b"#, "xé", true),
        (#"\bé"#, " é", false), ("()*a", "a", true), ("(a*)*b", "aab", true), ("(a*)+$", "aab", true),
        // The issue's examples: RE2 (and JavaScript) unlike ICU.
        (#"\d"#, "١٢٣", false), ("^abc$", "abc\n", false), (#"\w"#, "é", false), (#"^\w+$"#, "café", false),
    ]

    @Test("matches as RE2 does")
    func search() throws {
        for (pattern, text, expected) in Self.searches {
            #expect(try Self.matches(pattern, text) == expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    /// Go's all_test.go `invalidRegexps` and RE2's refusals, plus what this engine cannot honour.
    static let refused: [String] = [
        "(", ")", "(a", "a)", "(a))", "(a|b|", "a|b|)", "(a|b|))", "(a|b", "a|b)", "(a|b))", "[a-z", "([a-z)",
        "[a-z)", "([a-z]))", "x{1001}", "x{9876543210}", "x{2,1}", "x{1,9876543210}", "a**", "a*+", "a??*", #"\x"#,
        #"\xv"#, "(?P=name)", "(?P<name>a", "(?P<x y>a)", "(?P<>a)", "(?<x y>a)", "[a-Z]", "(?i)[a-Z]", #"\Q\E*"#,
        "a{100000}", "a{100000,}", "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})", "(((x{7}){11}){13})",
        // Backreferences, lookaround, possessive and other RE2-incompatible syntax.
        #"(a)\1"#, #"\8"#, "a(?=b)", "a(?!b)", "(?<=a)b", "(?<!a)b", "a++", "a?+", "a{2}+", #"\Z"#, #"\G"#,
        #"\k<x>"#, "(?x)a", "(?#comment)", "*a", "+", "?", "|*", "(*)", "{2}",
        // Valid RE2 that this engine refuses at load rather than answer differently.
        #"\pL"#, #"\p{Greek}"#, #"\PN"#, #"\C"#,
        // Too large or too deep.
        String(repeating: "(", count: 101) + String(repeating: ")", count: 101),
        "(" + String(repeating: "[a-z]", count: 25) + "){1000}",
    ]

    @Test("refuses what RE2 refuses or this engine cannot honour", arguments: refused)
    func refusal(_ pattern: String) {
        #expect(throws: RegularExpressionError.self) { try RegularExpression(pattern) }
    }

    @Test("accepts the largest patterns within RE2's limits")
    func largePatterns() throws {
        #expect(try Self.matches("^[a-z]{1000}$", String(repeating: "q", count: 1000)))
        #expect(try Self.matches(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), "a"))
        #expect(try !Self.matches("(x{10}){100}", String(repeating: "x", count: 999)))
    }

    /// Patterns that take a backtracking engine (ICU, PCRE, JavaScript) exponential time, on texts
    /// where it would not finish within the test run; here each is a few steps per scalar.
    @Test("pathological patterns answer (linear time)")
    func pathological() throws {
        let aaa = String(repeating: "a", count: 10_000)
        #expect(try !Self.matches("(a+)+$", aaa + "!"))
        #expect(try !Self.matches("^(a|a)*$", aaa + "!"))
        #expect(try !Self.matches("^(?:a*)*b", aaa))
        #expect(try !Self.matches("^((a?){0,100}a{0,100})*$", String(repeating: "a", count: 1_000) + "!"))
        #expect(try !Self.matches(#"^(\w+\s?)*$"#, String(repeating: "word ", count: 2_000) + "!"))
        #expect(try Self.matches("(a+)+$", aaa))
    }

    @Test("a regex condition refused at load is false, and its document says why")
    func refusedConditionIsFalse() {
        let condition = CustomSignalCondition(
            operator: .stringContainsRegex, key: "email", targets: [#"(a)\1"#, "@example\\.com$"])
        var context = TweakContext(randomizationID: "r")
        context["email"] = "aa@example.com"
        #expect(condition.evaluate(context))
        context["email"] = "aa"
        #expect(!condition.evaluate(context))
    }
}
