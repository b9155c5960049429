import Foundation
import TestSupport
import Testing
import Tweaks

/// JustTweak's README and demo-app code, compiled against Tweaks: it compiles with only the
/// changes Docs/MigratingFromJustTweak.md names, and every JustTweak name that would now behave
/// differently fails to compile with a message that says what to write.
@Suite(.blocking) struct JustTweakMigrationTests {
    #if os(macOS) || os(Linux)
        /// JustTweak's README stack and its demo app's `TweakAccessor`, with the three changes the
        /// migration guide lists: `try!` on the bundled file, `try?` on `tweakWith`, and `.string(…)`
        /// around a decryption closure's text.
        static let readmeWithDocumentedChanges = """
            import Foundation
            import Tweaks

            final class TweakAccessor {
                static let tweakManager: TweakManager = {
                    var tweakProviders: [TweakProvider] = []

                    // Mutable TweakProvider (to override tweaks from other TweakProviders)
                    let userDefaultsTweakProvider = UserDefaultsTweakProvider(userDefaults: UserDefaults.standard)
                    tweakProviders.append(userDefaultsTweakProvider)

                    // Local JSON-based TweakProvider (default TweakProvider)
                    let jsonFileURL = Bundle.main.url(forResource: "LocalTweaks_example", withExtension: "json")!
                    let localTweakProvider = try! LocalTweakProvider(jsonURL: jsonFileURL)
                    tweakProviders.append(localTweakProvider)

                    return TweakManager(tweakProviders: tweakProviders)
                }()

                private var tweakManager: TweakManager {
                    return Self.tweakManager
                }

                @FallbackTweakProperty(fallbackValue: false,
                                       feature: "general",
                                       variable: "greet_on_app_did_become_active",
                                       tweakManager: tweakManager)
                var shouldShowAlert: Bool

                @OptionalTweakProperty(fallbackValue: nil,
                                       feature: "ui_customization",
                                       variable: "answer_to_the_universe",
                                       tweakManager: tweakManager)
                var optionalMeaningOfLife: Int?

                @TweakProperty(feature: "ui_customization", variable: "label_text", tweakManager: tweakManager)
                var labelText: String

                var redViewAlpha: Float {
                    return (try? tweakManager.tweakWith(feature: "ui_customization",
                                                        variable: "red_view_alpha"))?.floatValue ?? 0.0
                }

                func readme() {
                    let enabled = tweakManager.isFeatureEnabled("some_feature")
                    if enabled { print("enabled") }
                    let tweak = try? tweakManager.tweakWith(feature: "some_feature", variable: "some_flag")
                    if let tweak = tweak { print(tweak.value) }
                    tweakManager.decryptionClosure = { tweak in
                        return .string(String((tweak.value.stringValue ?? "").reversed()))
                    }
                }
            }
            """

        @Test func justTweaksReadmeCompilesWithTheDocumentedChanges() throws {
            let result = try ProviderProtocolCompileTests.typeCheck(Self.readmeWithDocumentedChanges)
            try #require(result != nil, "the build layout is not SwiftPM's on Linux: nothing checked")
            #expect(result?.status == 0, "\(result?.output ?? "")")
        }

        /// Without the changes, each line fails to compile, saying why; none compiles into
        /// something that behaves differently.
        @Test(arguments: [
            ("try! LocalTweakProvider", "try LocalTweakProvider", "errors cannot be thrown out of"),
            ("return .string(String(", "return (String(", "closure result type 'TweakValue'"),
        ])
        func eachUndocumentedLineFailsToCompile(change: (documented: String, justTweak: String, message: String)) throws
        {
            let source = Self.readmeWithDocumentedChanges.replacingOccurrences(
                of: change.documented, with: change.justTweak)
            #expect(source != Self.readmeWithDocumentedChanges)
            let result = try ProviderProtocolCompileTests.typeCheck(source)
            try #require(result != nil, "the build layout is not SwiftPM's on Linux: nothing checked")
            #expect(result?.status != 0)
            #expect(result?.output.contains(change.message) == true, "\(result?.output ?? "")")
        }

        /// JustTweak's implicit conversions would silently give other values: they do not compile.
        @Test(arguments: [
            ("let value = \"true\".tweakValue", "JustTweak's String.tweakValue guessed a type"),
            ("let value = NSNumber(value: 1).tweakValue", "JustTweak's NSNumber.tweakValue guessed"),
            ("let value = NSNumber(tweakValue: .int(1))", "JustTweak's NSNumber(tweakValue:) compared"),
        ])
        func justTweaksImplicitConversionsFailToCompileWithTheReplacement(line: String, message: String) throws {
            let result = try ProviderProtocolCompileTests.typeCheck(
                "import Foundation\nimport Tweaks\nfunc f() { \(line); _ = value }\n")
            try #require(result != nil, "the build layout is not SwiftPM's on Linux: nothing checked")
            #expect(result?.status != 0)
            #expect(result?.output.contains(message) == true, "\(result?.output ?? "")")
        }
    #endif

    @Test func aStringTweakValueWritesTheTextNotAGuess() throws {
        let overrides = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [overrides])
        try manager.set("true", feature: "f", variable: "v")
        #expect(try manager.tweakWith(feature: "f", variable: "v").value == .string("true"))
    }

    @Test(arguments: ["1", "true", "TRUE", "t", "yes", "Y", "on", " On\n"])
    func firebaseTrueStrings(text: String) throws {
        #expect(try TweakValue(remoteString: text, as: .bool) == .bool(true))
    }

    @Test(arguments: ["0", "false", "False", "f", "no", "N", "off"])
    func firebaseFalseStrings(text: String) throws {
        #expect(try TweakValue(remoteString: text, as: .bool) == .bool(false))
    }

    @Test func remoteStringsAreReadAsTheDeclaredKind() throws {
        #expect(try TweakValue(remoteString: "42", as: .int) == .int(42))
        #expect(try TweakValue(remoteString: " 42.0 ", as: .int) == .int(42))
        #expect(try TweakValue(remoteString: "4.2e1", as: .int) == .int(42))
        #expect(try TweakValue(remoteString: "0.25", as: .double) == .double(0.25))
        #expect(try TweakValue(remoteString: "7", as: .double) == .double(7))
        #expect(try TweakValue(remoteString: " true ", as: .string) == .string(" true "))
        #expect(try TweakValue(remoteString: "{\"a\": [1]}", as: .json) == .json(["a": [1]]))
    }

    @Test(arguments: [
        ("maybe", TweakValue.Kind.bool, "a Bool"), ("", .bool, "a Bool"), ("4.5", .int, "an Int"),
        ("1e400", .double, "a finite Double"), ("nan", .double, "a finite Double"), ("12abc", .int, "an Int"),
        ("\"text\"", .json, "a JSON object or array"), ("{", .json, "a JSON object or array"),
    ])
    func aRemoteStringOfAnotherKindThrowsInsteadOfGuessing(text: String, kind: TweakValue.Kind, expected: String) {
        #expect {
            try TweakValue(remoteString: text, as: kind)
        } throws: { error in
            (error as? TweakValueParseError)?.expected.hasPrefix(expected) == true
        }
    }
}
