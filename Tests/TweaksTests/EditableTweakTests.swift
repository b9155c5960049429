import Foundation
import Testing

@testable import Tweaks

@Suite("Editing model")
struct EditableTweakTests {
    @Test func theDeclarationIsTheLowestLayerAndTheOverrideIsNamed() throws {
        let overrides = EphemeralTweakProvider(name: "overrides", values: ["checkout": ["limit": 9]])
        let remote = TableProvider(name: "remote", ["checkout.limit": 7])
        let defaults = TableProvider(name: "defaults", ["checkout.limit": 5, "checkout.title": "Pay"])
        let manager = TweakManager(tweakProviders: [overrides, remote, defaults])

        let limit = try #require(manager.editableTweak(feature: "checkout", variable: "limit"))
        #expect(limit.declaration.value == 5 && limit.declaration.source == "defaults")
        #expect(limit.declaredKind == .int)
        #expect(limit.current?.value == 9)
        #expect(limit.overriddenBy == "overrides")
        #expect(try limit.value(parsing: "12") == 12)
        #expect(throws: TweakValueParseError.self) { try limit.value(parsing: "twelve") }

        let title = try #require(manager.editableTweak(feature: "checkout", variable: "title"))
        #expect(title.overriddenBy == nil)
        #expect(manager.editableTweak(feature: "checkout", variable: "nope") == nil)
    }

    @Test func aWrongTypedOverrideIsNotTheAnswer() throws {
        let manager = TweakManager(tweakProviders: [
            TableProvider(name: "overrides", ["f.flag": "yes"]), TableProvider(name: "defaults", ["f.flag": true]),
        ])
        let flag = try #require(manager.editableTweak(feature: "f", variable: "flag"))
        // The untyped lookup takes the override; the declared type says it cannot be read.
        #expect(flag.overriddenBy == "overrides")
        #expect(flag.declaredKind == .bool)
        #expect(throws: TweakValueParseError(text: "yes", expected: "a Bool (expected true or false)")) {
            try flag.value(parsing: "yes")
        }
    }

    @Test func anEncryptedTweakIsDeclaredAsStored() throws {
        let data = Data(#"{"f": {"secret": {"Value": "terces", "Encrypted": true}}}"#.utf8)
        let manager = TweakManager(tweakProviders: [try LocalTweakProvider(data: data, name: "defaults")])
        let secret = try #require(manager.editableTweak(feature: "f", variable: "secret"))
        #expect(secret.declaration.isEncrypted && secret.declaredKind == .string)
        #expect(secret.current == nil, "no decryption closure: no usable value")
    }

    @Test(arguments: [
        ("true", TweakValue.bool(false), TweakValue.bool(true)),
        ("-3", .int(0), .int(-3)),
        ("2.5", .double(0), .double(2.5)),
        ("any text", .string(""), .string("any text")),
        (#"{"a": [1, 2.0]}"#, .json(["a": []]), .json(["a": [1, 2.0]])),
        ("[true]", .json([1]), .json([true])),
    ])
    func textIsReadAsTheDeclaredType(text: String, declared: TweakValue, expected: TweakValue) throws {
        #expect(try TweakValue(parsing: text, like: declared) == expected)
    }

    @Test(arguments: [
        ("1", TweakValue.bool(true), #""1" is not a Bool (expected true or false)"#),
        ("1.5", .int(0), #""1.5" is not an Int"#),
        ("inf", .double(0), #""inf" is not a finite Double"#),
        ("[1]", .json(["x": 1]), #""[1]" is not a JSON object"#),
        ("{", .json([1]), #""{" is not a JSON array: the value:1:2:"#),
        (
            #"{"y": 1}"#, .json(["x": 1]),
            #""{"y": 1}" is not like the declared object: unknown key "y" (declared: "x")"#
        ),
        (
            #"{"x": "1"}"#, .json(["x": 1]),
            #""{"x": "1"}" is not like the declared object: "x" is string, declared as number"#
        ),
        (
            #"{"o": {"n": true}}"#, .json(["o": ["n": 1]]),
            #""{"o": {"n": true}}" is not like the declared object: "o"."n" is bool, declared as number"#
        ),
    ])
    func textOfAnotherTypeIsRefused(text: String, declared: TweakValue, message: String) {
        #expect {
            try TweakValue(parsing: text, like: declared)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
