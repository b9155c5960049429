import Foundation
import TestSupport
import Testing

@testable import Tweaks

@Suite struct LaunchArgumentOverridesTests {
    @Test func overridesAreReadFromTheArgumentsAndOtherArgumentsIgnored() throws {
        let arguments = [
            "/path/to/App", "-AppleLanguages", "(en)", "-tweak", "checkout.enabled=false", "-tweak", "checkout.limit=3",
            "-tweak", "ui.title=Hello, world", "-tweak", #"ui.code="42""#, "-tweak", "ui.ratio=0.5",
            "-tweak", #"ui.banner={"text": "Sale"}"#, "-tweak", "ui.equation=a=b",
        ]
        let values = try LaunchArgumentOverrides.values(from: arguments)
        #expect(values["checkout"] == ["enabled": false, "limit": 3])
        #expect(values["ui"]?["title"] == "Hello, world", "text that is not JSON stays text")
        #expect(values["ui"]?["code"] == .string("42"), "a quoted number is a string")
        #expect(values["ui"]?["ratio"] == .double(0.5))
        #expect(values["ui"]?["banner"] == .json(["text": "Sale"]))
        #expect(values["ui"]?["equation"] == "a=b", "the value starts after the first '='")
    }

    @Test func argumentsReadBackExactly() throws {
        let values: [String: [String: TweakValue]] = [
            "checkout": ["enabled": true, "limit": .int(.max), "whole": .double(2.0), "code": "42", "flag": "true"],
            "ui": ["banner": .json(["list": [1, "two"]]), "title": "Grüße \"quoted\""],
        ]
        let arguments = LaunchArgumentOverrides.arguments(for: values)
        #expect(arguments.first == "-tweak")
        #expect(try LaunchArgumentOverrides.values(from: arguments) == values)
    }

    @Test func namesWithDotsEqualsAndQuotesReadBackExactly() throws {
        let values: [String: [String: TweakValue]] = [
            "a.b": ["c": 1], "a": ["b.c": 2, "x=y": 3, #""quoted""#: 4], "api.v2=": ["time.out=": 5], "plain": ["v": 6],
        ]
        let arguments = LaunchArgumentOverrides.arguments(for: values)
        #expect(try LaunchArgumentOverrides.values(from: arguments) == values)
        #expect(arguments.contains(#""a.b".c=1"#))
        #expect(arguments.contains("plain.v=6"), "a plain name is written as before")
    }

    @Test func todaysArgumentsReadAsBefore() throws {
        let values = try LaunchArgumentOverrides.values(from: [
            "-tweak", "a.b.c=1", "-tweak", "ui.equation=a=b", "-tweak", #"ui."x=y"=2"#, "-tweak", #""api.v2".t=3"#,
        ])
        #expect(values == ["a": ["b.c": 1], "ui": ["equation": "a=b", "x=y": 2], "api.v2": ["t": 3]])
    }

    @Test(arguments: [
        (["-tweak", "flag=a.b=c"], "flag=a.b=c", "expected a feature and a variable separated by '.'"),
        (["-tweak", #""a.b=1"#], #""a.b=1"#, #"a name that starts with '"' must be a JSON string"#),
        (["-tweak", #""".b=1"#], #""".b=1"#, "expected a feature and a variable separated by '.'"),
        (["-tweak", #""\q".b=1"#], #""\q".b=1"#, #""\q" is not a JSON string"#),
        (["-tweak"], "-tweak", "expected feature.variable=value after it"),
        (["-tweak", "checkout.enabled"], "checkout.enabled", "expected feature.variable=value"),
        (["-tweak", "checkout=true"], "checkout=true", "expected a feature and a variable separated by '.'"),
        (["-tweak", ".enabled=true"], ".enabled=true", "expected a feature and a variable separated by '.'"),
    ])
    func malformedOverridesAreNamed(_ arguments: [String], _ argument: String, _ reason: String) {
        #expect(throws: LaunchArgumentOverrides.ParseError(argument: argument, reason: reason)) {
            try LaunchArgumentOverrides.values(from: arguments)
        }
    }

    @Test func theProviderSitsOnTopOfAStack() throws {
        let defaults = try LocalTweakProvider(data: Data(#"{"checkout": {"enabled": {"Value": true}}}"#.utf8))
        let launch = try LaunchArgumentOverrides.provider(from: ["-tweak", "checkout.enabled=false"])
        let manager = TweakManager(tweakProviders: [launch, defaults])
        #expect(!manager.isFeatureEnabled("checkout"))
        #expect(try manager.tweakWith(feature: "checkout", variable: "enabled").source == "launch arguments")
    }

    /// Defaults declaring `ui.title` a String, `ui.ratio` a Double, `ui.limit` an Int.
    private static let declaringDefaults =
        #"{"ui": {"title": {"Value": "Shop"}, "ratio": {"Value": 0.5}, "limit": {"Value": 3}}}"#

    @Test func valuesAreReadAsTheTypeTheAskingManagerDeclares() throws {
        let launch = try LaunchArgumentOverrides.provider(from: [
            "-tweak", "ui.title=42", "-tweak", "ui.ratio=1", "-tweak", #"ui.limit="7""#, "-tweak", "ui.other=42",
        ])
        let manager = TweakManager(tweakProviders: [
            launch, try LocalTweakProvider(data: Data(Self.declaringDefaults.utf8), name: "defaults"),
        ])
        #expect(try manager.tweakWith(feature: "ui", variable: "title").value == .string("42"))
        #expect(try manager.tweakWith(feature: "ui", variable: "ratio").value == .double(1))
        #expect(try manager.tweakWith(feature: "ui", variable: "limit").value == .int(7), "quotes are only quoting")
        #expect(try manager.tweakWith(feature: "ui", variable: "other").value == .int(42), "undeclared: JSON")
        #expect(manager.typeMismatches().isEmpty, "\(manager.typeMismatches())")
    }

    @Test func eachManagerReadsTheSameArgumentsAsItsOwnType() throws {
        let launch = try LaunchArgumentOverrides.provider(from: ["-tweak", "f.x=1"])
        let asInt = TweakManager(tweakProviders: [
            launch, try LocalTweakProvider(data: Data(#"{"f": {"x": {"Value": 0}}}"#.utf8)),
        ])
        let asString = TweakManager(tweakProviders: [
            launch, try LocalTweakProvider(data: Data(#"{"f": {"x": {"Value": "a"}}}"#.utf8)),
        ])
        #expect(try asInt.value(feature: "f", variable: "x", as: Int.self) == 1)
        #expect(try asString.value(feature: "f", variable: "x", as: String.self) == "1")
    }

    @Test func aValueOfAnotherTypeIsPassedOverWithTheArgumentNamed() throws {
        let launch = try LaunchArgumentOverrides.provider(from: ["-tweak", "ui.limit=many"])
        let manager = TweakManager(tweakProviders: [
            launch, try LocalTweakProvider(data: Data(Self.declaringDefaults.utf8), name: "defaults"),
        ])
        #expect(try manager.tweakWith(feature: "ui", variable: "limit").value == .int(3), "the next layer answers")
        let evaluation = manager.evaluate(feature: "ui", variable: "limit")
        let passedOver = try #require(evaluation.passedOver.first)
        #expect(passedOver.provider == "launch arguments")
        #expect("\(passedOver.answer)".contains("launch argument -tweak ui.limit=many"), "\(passedOver.answer)")
    }

    @Test func writesGoToTheMutableLayerBelowNotIntoTheLaunchArguments() throws {
        let launch = try LaunchArgumentOverrides.provider(from: ["-tweak", "ui.title=Launch"])
        let session = EphemeralTweakProvider(name: "session")
        let manager = TweakManager(tweakProviders: [launch, session])
        try manager.set("Edited", feature: "ui", variable: "banner")
        #expect(session.knownTweaks.map(\.value) == ["Edited"])
        #expect(launch.knownTweaks.map(\.variable) == ["title"])
    }
}

@Suite struct LaunchArgumentMistakeTests {
    @Test(arguments: [
        (
            ["--tweak", "checkout.enabled=false"],
            "launch argument --tweak: use -tweak (one dash), then feature.variable=value"
        ),
        (
            ["-tweak=checkout.enabled=false"],
            "launch argument -tweak=checkout.enabled=false: write -tweak and feature.variable=value as two arguments: -tweak checkout.enabled=false"
        ),
        (["-tweak"], "launch argument -tweak: expected feature.variable=value after it"),
        (
            ["-tweak", "-AppleLanguages"],
            "launch argument -tweak: expected feature.variable=value after it, found -AppleLanguages"
        ),
    ])
    func misspeltOrIncompleteFlagsAreErrorsNotIgnored(_ arguments: [String], _ message: String) {
        #expect(throws: LaunchArgumentOverrides.ParseError.self) { try LaunchArgumentOverrides.values(from: arguments) }
        do {
            _ = try LaunchArgumentOverrides.values(from: arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func malformedJSONIsAnErrorNotAString() {
        do {
            _ = try LaunchArgumentOverrides.values(from: ["-tweak", #"ui.banner={"text": "Sale""#])
            Issue.record("no error")
        } catch {
            #expect(error.argument == #"ui.banner={"text": "Sale""#)
            #expect(
                error.description.hasPrefix(
                    #"launch argument -tweak ui.banner={"text": "Sale": "{"text": "Sale"" is not valid JSON"#),
                "\(error)")
        }
        #expect(throws: Never.self) { try LaunchArgumentOverrides.values(from: ["-tweak", "ui.version=1.2.3"]) }
    }
}

/// Every valid name round-trips: what ``LaunchArgumentOverrides/arguments(for:)`` writes,
/// ``LaunchArgumentOverrides/values(from:)`` reads back, whatever scalars the names hold.
@Suite struct LaunchArgumentNameRoundTripTests {
    /// Names that used to be written so that they were refused or read otherwise (issue 39 I):
    /// a feature `-f` (read as another flag), a variable starting with a combining mark (joined to
    /// the `.` before it), a feature ending with U+0600 (a prepended mark, joined to the `.` after it).
    @Test(arguments: [
        ("-f", "v"), ("f", "\u{301}v"), ("f\u{600}", "v"), ("-", "-"), ("\u{600}", "\u{301}"),
        ("a\u{600}", "\u{301}=\u{301}"), ("\"\u{301}", "x"), ("f", "v\u{600}"),
    ])
    func knownTroubleRoundTrips(_ feature: String, _ variable: String) throws {
        try Self.checkRoundTrip([feature: [variable: .string("x\u{301}")]])
    }

    @Test func generatedNamesRoundTrip() throws {
        // Scalars that separate, quote, escape, combine, prepend or join, and ordinary ones.
        let pool: [Unicode.Scalar] = [
            ".", "=", "\"", "\\", "-", " ", "a", "Z", "0", "é", "\u{301}", "\u{308}", "\u{600}", "\u{605}",
            "\u{200D}", "\u{1F1E6}", "\u{1F1E8}", "\u{1F600}", "\n", "\r", "\t", "\u{85}", "\u{2028}", "_", "{",
            "[", "'",
        ]
        var generator = SplitMix64(seed: 39)
        func name() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                scalars.append(pool.randomElement(using: &generator)!)
            }
            return String(scalars)
        }
        for _ in 0..<2_000 {
            try Self.checkRoundTrip([name(): [name(): .int(1)]])
        }
    }

    static func checkRoundTrip(_ values: [String: [String: TweakValue]]) throws {
        let arguments = LaunchArgumentOverrides.arguments(for: values)
        let read: [String: [String: TweakValue]]
        do {
            read = try LaunchArgumentOverrides.values(from: arguments)
        } catch {
            Issue.record("\(arguments.debugDescription) refused: \(error)")
            return
        }
        // Compared scalar by scalar: Swift's `==` on strings would take canonically equivalent names as one.
        func flattened(_ values: [String: [String: TweakValue]]) -> [[UInt32]] {
            values.flatMap { feature, variables in
                variables.map { variable, value -> [UInt32] in
                    var flat: [UInt32] = feature.unicodeScalars.map(\.value)
                    flat.append(0x110000)
                    flat += variable.unicodeScalars.map(\.value)
                    flat.append(0x110000)
                    flat += value.description.unicodeScalars.map(\.value)
                    return flat
                }
            }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        #expect(flattened(read) == flattened(values), "\(arguments.debugDescription)")
    }
}
