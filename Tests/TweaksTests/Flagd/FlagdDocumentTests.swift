import Foundation
import Testing

@testable import Tweaks

/// flagd documents read by `LocalTweakProvider(format: .flagd)`: the mapping of flags to tweaks,
/// what a read decides and why, and the problems a person writing the file is told about.
@Suite("flagd documents")
struct FlagdDocumentTests {
    static let document = """
        {
          "$schema": "https://flagd.dev/schema/v0/flags.json",
          "flags": {
            "checkout.new_flow": {
              "state": "ENABLED",
              "variants": {"on": true, "off": false},
              "defaultVariant": "off",
              "targeting": {"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", null]}
            },
            "banner-text": {
              "state": "ENABLED",
              "variants": {"hello": "Hello", "bye": "Bye"},
              "defaultVariant": "hello"
            },
            "retired": {
              "state": "DISABLED",
              "variants": {"a": 1, "b": 2},
              "defaultVariant": "a"
            },
            "limit": {
              "state": "ENABLED",
              "variants": {"low": 1, "high": 2.5},
              "defaultVariant": "low",
              "targeting": {"if": [{">=": [{"var": "user.age"}, 18]}, "high"]}
            },
            "staff": {
              "state": "ENABLED",
              "variants": {"yes": true, "no": false},
              "defaultVariant": "no",
              "targeting": {"if": [{"$ref": "isStaff"}, "yes", "no"]}
            }
          },
          "$evaluators": {"isStaff": {"in": [{"var": "email"}, ["a@example.com", "b@example.com"]]}}
        }
        """

    static func manager(_ text: String = document) throws -> TweakManager {
        let provider = try LocalTweakProvider(data: Data(text.utf8), source: "flags.json", format: .flagd)
        return TweakManager(tweakProviders: [provider])
    }

    @Test("a flag key with a dot is that feature's variable; any other key is a variable of feature flagd")
    func keysMapToTweaks() throws {
        let manager = try Self.manager()
        #expect(try manager.tweakWith(feature: "checkout", variable: "new_flow").value == .bool(false))
        #expect(try manager.tweakWith(feature: "flagd", variable: "banner-text").value == .string("Hello"))
    }

    @Test("a flag without targeting answers its default variant, STATIC, as flagd says")
    func staticFlag() throws {
        let evaluation = try Self.manager().evaluate(feature: "flagd", variable: "banner-text")
        #expect(evaluation.tweak?.value == .string("Hello"))
        #expect(evaluation.reason == .staticValue)
        // `"targeting": null`, as flagd's evaluators read it, is no targeting.
        let nullTargeting = try Self.manager(
            #"{"flags": {"f": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": null}}}"#)
        #expect(nullTargeting.evaluate(feature: "flagd", variable: "f").reason == .staticValue)
    }

    @Test("targeting that names a variant decides it (TARGETING_MATCH); null picks the default (DEFAULT)")
    func targeting() throws {
        let manager = try Self.manager()
        let staff = manager.reading(for: TweakContext(attributes: ["email": "ann@example.com"]))
            .evaluate(feature: "checkout", variable: "new_flow")
        #expect(staff.tweak?.value == .bool(true))
        #expect(staff.reason == .targetingMatch)
        #expect(staff.condition == "on")
        let other = manager.reading(for: TweakContext(attributes: ["email": "ann@example.org"]))
            .evaluate(feature: "checkout", variable: "new_flow")
        #expect(other.tweak?.value == .bool(false))
        #expect(other.reason == .declaredDefault)
    }

    @Test("a DISABLED flag has no value: the next layer answers")
    func disabledFlag() throws {
        let evaluation = try Self.manager().evaluate(feature: "flagd", variable: "retired")
        #expect(evaluation.tweak == nil)
        #expect(evaluation.reason == .notFound)
    }

    @Test("targeting reads into structures; numbers with a fraction make every variant a Double")
    func nestedAttributes() throws {
        let adult = TweakContext(attributes: ["user": .structure(["age": 30])])
        let evaluation = try Self.manager().reading(for: adult).evaluate(feature: "flagd", variable: "limit")
        #expect(evaluation.tweak?.value == .double(2.5))
        let child = TweakContext(attributes: ["user": .structure(["age": 12])])
        #expect(
            try Self.manager().reading(for: child).evaluate(feature: "flagd", variable: "limit").tweak?.value
                == .double(1))
    }

    @Test("$ref uses a shared evaluator of $evaluators")
    func sharedEvaluator() throws {
        let manager = try Self.manager()
        let staff = manager.reading(for: TweakContext(attributes: ["email": "b@example.com"]))
        #expect(staff.evaluate(feature: "flagd", variable: "staff").tweak?.value == .bool(true))
    }

    static func problem(in flags: String) -> TweakLoadError? {
        do {
            _ = try LocalTweakProvider(
                data: Data(#"{"flags": {\#(flags)}}"#.utf8), source: "flags.json", format: .flagd)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a person's mistakes are errors naming the file, the flag and the path",
        arguments: [
            (
                #""f": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"if": [{"bogus": [1]}, "a"]}}"#,
                #"targeting.if[0]: unknown operation "bogus""#
            ),
            (
                #""f": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"$ref": "nothing"}}"#,
                #"$evaluators does not define"#
            ),
            (
                #""f": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"if": [true, "b"]}}"#,
                #"the variant "b""#
            ),
            (#""f": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "z"}"#, #""defaultVariant" is "z""#),
            (
                #""f": {"state": "ENABLED", "variants": {"a": 1, "b": "x"}, "defaultVariant": "a"}"#,
                "must all be Booleans"
            ),
            (#""f": {"state": "ON", "variants": {"a": 1}}"#, "ENABLED or DISABLED"),
        ])
    func mistakes(flag: String, expected: String) throws {
        let error = try #require(Self.problem(in: flag))
        #expect(error.source == "flags.json")
        #expect(error.variable == "f")
        #expect(error.feature == "flagd")
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test("a $ref cycle is an error naming the cycle")
    func referenceCycle() throws {
        let text = #"""
            {"flags": {"f": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"$ref": "x"}}},
             "$evaluators": {"x": {"!": {"$ref": "y"}}, "y": {"$ref": "x"}}}
            """#
        #expect(throws: TweakLoadError.self) { try Self.manager(text) }
        do { _ = try Self.manager(text) } catch { #expect("\(error)".contains(#"cycle: "x" → "y" → "x""#), "\(error)") }
    }

    @Test("a variant its targeting chose is an exposure with the variant and reason; a default is none")
    func exposures() throws {
        let manager = try Self.manager()
        let collector = ExposureTests.Collector()
        let log = TweakExposureLog(policy: .everyRead, handler: collector.handler)
        manager.exposureLog = log
        let staff = TweakContext(randomizationID: "u1", attributes: ["email": "ann@example.com"])
        #expect(try manager.reading(for: staff).value(feature: "checkout", variable: "new_flow", as: Bool.self))
        let other = TweakContext(randomizationID: "u2", attributes: ["email": "ann@example.org"])
        #expect(try !manager.reading(for: other).value(feature: "checkout", variable: "new_flow", as: Bool.self))
        log.flush()
        let exposures = collector.all
        #expect(exposures.count == 1)
        #expect(exposures.first?.variant == "on")
        #expect(exposures.first?.reason == .targetingMatch)
        #expect(exposures.first?.randomizationID == "u1")
    }

    @Test("explain shows the variant a flagd targeting chose and why, and a disabled flag as such")
    func explanation() throws {
        let manager = try Self.manager()
        let staff = manager.reading(for: TweakContext(attributes: ["email": "ann@example.com"]))
        let text = staff.explain(feature: "checkout", variable: "new_flow").description
        #expect(text.contains(#"variant "on" (TARGETING_MATCH)"#), "\(text)")
        let disabled = manager.explain(feature: "flagd", variable: "retired").description
        #expect(disabled.contains("DISABLED"), "\(disabled)")
    }

    @Test("a remote (lenient) document leaves out only a flag with a problem, with a warning naming it")
    func lenientDocument() throws {
        let text = #"""
            {"flags": {
               "good": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a"},
               "bad": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"newer_op": [1]}},
               "later": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "rollout": {"newer": "field"}}},
             "newerTopLevel": {}}
            """#
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", format: .flagd, strictness: .lenient)
        #expect(document.definition(feature: "flagd", variable: "good")?.tweak.value == .int(1))
        #expect(document.definition(feature: "flagd", variable: "bad") == nil)
        #expect(document.definition(feature: "flagd", variable: "later")?.tweak.value == .int(1))
        #expect(document.warnings.compactMap(\.reason.field).sorted() == ["bad", "newerTopLevel", "rollout"])
        // Where a person writes the file, each is an error.
        #expect(throws: TweakLoadError.self) { try Self.manager(text) }
    }

    @Test("a targeting that names a variant the flag does not have is a failure: the next layer answers")
    func runtimeFailure() throws {
        let text = #"""
            {"flags": {"f": {"state": "ENABLED", "variants": {"a": 1, "b": 2}, "defaultVariant": "a",
                              "targeting": {"var": "pick"}}}}
            """#
        let flagd = try LocalTweakProvider(data: Data(text.utf8), source: "flags.json", name: "flagd", format: .flagd)
        let defaults = EphemeralTweakProvider(name: "defaults")
        defaults.set(.int(7), feature: "flagd", variable: "f")
        let manager = TweakManager(tweakProviders: [flagd, defaults])
        let wrong = manager.reading(for: TweakContext(attributes: ["pick": "z"])).evaluate(
            feature: "flagd", variable: "f")
        #expect(wrong.tweak?.value == .int(7))
        #expect(wrong.passedOver.first?.provider == "flagd")
        let failure = String(describing: wrong.passedOver.first?.answer as Any)
        #expect(failure.contains("the variant \"z\""), "\(failure)")
        let right = manager.reading(for: TweakContext(attributes: ["pick": "b"])).evaluate(
            feature: "flagd", variable: "f")
        #expect(right.tweak?.value == .int(2))
    }

    @Test("a flagd document read as a tweaks file fails with an error that names the format to ask for")
    func readAsTweaksFile() throws {
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(Self.document.utf8), source: "flags.json")
        }
        #expect(error.reason == .otherFormat(.flagd))
        #expect(error.description.contains("format .flagd"), "\(error)")
        // A tweaks file with a feature named "flags" is still a tweaks file.
        let tweaks = try LocalTweakProvider(data: Data(#"{"flags": {"beta": {"Value": true}}}"#.utf8))
        #expect(try tweaks.tweak(for: TweakKey(feature: "flags", variable: "beta"))?.value == .bool(true))
    }
}
