import Foundation
import Testing

@testable import Tweaks

/// Issue 39 J and C: what a document says twice or in a way no one meant is refused where a person
/// writes it, and costs a remote document only the part that is wrong.
@Suite("Document quirks: duplicate plist keys, control characters, odd conditions")
struct DocumentQuirksTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    static func loadPlist(_ body: String) throws -> LocalTweakProvider {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let url = try directory.write(Data(plist(body).utf8), named: "RemoteConfigDefaults.plist")
        return try LocalTweakProvider(jsonURL: url)
    }

    @Test(
        "A key written twice in an XML defaults plist is refused, naming the key and the file",
        arguments: [
            (
                "<key>max_cart_items</key><string>25</string><key>max_cart_items</key><string>30</string>",
                "max_cart_items"
            ),
            ("<key>a&amp;b</key><string>1</string><key>a&#38;b</key><string>2</string>", "a&b"),
            (
                "<key>x</key><string>1</string><!-- <key>y</key> --><key>y</key><string>2</string><key>x</key><true/>",
                "x"
            ),
        ])
    func duplicatePlistKey(body: String, key: String) throws {
        let error = try #require(throws: TweakLoadError.self) { try Self.loadPlist(body) }
        #expect(error.reason == .duplicateKey(key))
        #expect(error.source.hasSuffix("RemoteConfigDefaults.plist"))
        #expect(error.description.contains("duplicate key \"\(key)\""))
    }

    @Test("Keys inside a comment are not keys: a plist without a repeated key loads")
    func commentedKeys() throws {
        let provider = try Self.loadPlist(
            "<!-- <key>x</key><string>0</string> --><key>x</key><string>1</string><key>y</key><string>2</string>")
        #expect(provider.knownTweaks.count == 2)
    }

    @Test(
        "A defaults-plist name with a control character is refused, naming the file and the key",
        arguments: [
            ("a&#10;b", "a\nb"), ("::error&#13;x", "::error\rx"), ("a\u{85}b", "a\u{85}b"), ("tab&#9;", "tab\t"),
        ])
    func controlCharacterInPlistName(written: String, name: String) throws {
        let error = try #require(throws: TweakLoadError.self) {
            try Self.loadPlist("<key>ok</key><string>1</string><key>\(written)</key><string>2</string>")
        }
        #expect(error.reason == .controlCharacterInName("parameter", name: name))
        #expect(error.source.hasSuffix("RemoteConfigDefaults.plist"))
    }

    @Test("EnvironmentTweakProvider.knownTweaks lists each tweak once")
    func environmentKnownTweaksOnce() {
        let environment = EnvironmentTweakProvider(environment: [
            "TWEAK_CHECKOUT__ENABLED": "true", "TWEAK_CHECKOUT__enabled": "false", "TWEAK_Checkout__ENABLED": "1",
        ])
        let keys = environment.knownTweaks.map { TweakKey(feature: $0.feature, variable: $0.variable) }
        #expect(keys == [TweakKey(feature: "checkout", variable: "enabled")])
    }

    static let constantWithFields = #"""
        {"$conditions": [{"name": "everyone", "true": {"x": 1}}, {"name": "nobody", "false": {}}],
         "f": {"v": {"Value": 1, "ConditionalValues": {"everyone": 2, "nobody": 3}}}}
        """#

    @Test("A condition {\"true\": {\"x\": 1}} is an error naming it in a file a person writes")
    func constantWithFieldsStrict() throws {
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(Self.constantWithFields.utf8), source: "Flags.json")
        }
        #expect(error.reason.field == "everyone")
        #expect(error.description.contains(#""true" takes an empty object {}"#))
    }

    @Test("In a remote document it is a warning and the condition is dropped")
    func constantWithFieldsLenient() throws {
        let document = try LocalTweaksDocument(
            bytes: Array(Self.constantWithFields.utf8), source: "remote", tweakSource: "remote", strictness: .lenient)
        #expect(document.warnings.map(\.reason.field) == ["everyone"])
        let tweak = try #require(document.definition(feature: "f", variable: "v")?.tweak)
        #expect(tweak.targeting?.decide(for: TweakContext(randomizationID: "x")).value == 1)
    }

    @Test("A condition with an empty name costs a remote template that condition only")
    func emptyConditionNameInRemoteTemplate() throws {
        let template = #"""
            {"conditions": [{"name": "", "condition": {"true": {}}},
                            {"name": "beta", "condition": {"customSignal": {"customSignalKey": "tier", "customSignalOperator": "STRING_EXACTLY_MATCHES", "targetCustomSignalValues": ["beta"]}}}],
             "parameters": {"checkout.limit": {"defaultValue": {"value": "5"}, "valueType": "NUMBER",
                                              "conditionalValues": {"beta": {"value": "9"}}}},
             "version": {"versionNumber": "7"}}
            """#
        let document = try LocalTweaksDocument(
            bytes: Array(template.utf8), source: "remote", tweakSource: "remote", format: .firebaseTemplate,
            strictness: .lenient)
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.reason == .emptyName("condition"))
        let tweak = try #require(document.definition(feature: "checkout", variable: "limit")?.tweak)
        #expect(
            tweak.targeting?.decide(for: TweakContext(randomizationID: "x", attributes: ["tier": "beta"])).value == 9)
        #expect(tweak.targeting?.decide(for: TweakContext(randomizationID: "x")).value == 5)
        // Where a person writes the template, it is still an error.
        #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(template.utf8), source: "template.json", format: .firebaseTemplate)
        }
    }
}
