import Foundation
import Testing

@testable import Tweaks

/// Firebase's console writes every value of its defaults plist as `<string>`; Firebase reads them
/// with `numberValue`, `boolValue` and `JSONValue`, and so do typed reads.
@Suite("Firebase defaults plist: typed reads of the console's strings")
struct FirebaseDefaultsTypedReadTests {
    /// What Firebase's console downloads (Remote Config → Download default config file → plist):
    /// every value a `<string>`.
    static let consolePlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>max_cart_items</key>
        \t<string>25</string>
        \t<key>new_checkout</key>
        \t<string>true</string>
        \t<key>express</key>
        \t<string>yes</string>
        \t<key>discount</key>
        \t<string>0.15</string>
        \t<key>banner</key>
        \t<string>{"title":"Sale","days":3}</string>
        \t<key>welcome</key>
        \t<string>Hello</string>
        \t<key>retries</key>
        \t<string>many</string>
        \t<key>checkout.enabled</key>
        \t<string>true</string>
        \t<key>legacy.enabled</key>
        \t<string>NO</string>
        </dict>
        </plist>

        """

    struct Banner: Codable, Equatable {
        let title: String
        let days: Int
    }

    /// The console's plist, written as a real file named as Firebase names it, loaded by its name.
    static func withConsolePlist(_ body: (LocalTweakProvider) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let url = try directory.write(Data(consolePlist.utf8), named: "RemoteConfigDefaults.plist")
        try body(try LocalTweakProvider(jsonURL: url, name: "firebase-defaults"))
    }

    @Test("With only the console's plist, its strings read as the asked Int, Bool, Double and Codable")
    func onlyThePlist() throws {
        try Self.withConsolePlist { (plist: LocalTweakProvider) throws in
            let manager = TweakManager(tweakProviders: [plist])
            #expect(try manager.value(feature: "firebase", variable: "max_cart_items", as: Int.self) == 25)
            #expect(try manager.value(feature: "firebase", variable: "max_cart_items", as: Double.self) == 25)
            #expect(try manager.value(feature: "firebase", variable: "max_cart_items", as: String.self) == "25")
            #expect(try manager.value(feature: "firebase", variable: "new_checkout", as: Bool.self) == true)
            #expect(try manager.value(feature: "firebase", variable: "express", as: Bool.self) == true)
            #expect(try manager.value(feature: "firebase", variable: "discount", as: Double.self) == 0.15)
            #expect(
                try manager.value(feature: "firebase", variable: "banner", as: Banner.self)
                    == Banner(title: "Sale", days: 3))
            #expect(try manager.value(feature: "firebase", variable: "welcome", as: String.self) == "Hello")
            // Read twice: the cached answer reads the same.
            #expect(try manager.value(feature: "firebase", variable: "max_cart_items", as: Int.self) == 25)
            // The plist declares no type for its text, so it types no other layer.
            #expect(manager.schema.declaration(feature: "firebase", variable: "max_cart_items")?.type == nil)
        }
    }

    @Test("A feature's `enabled` text switches it as Firebase's boolValue would")
    func featureFlags() throws {
        try Self.withConsolePlist { (plist: LocalTweakProvider) throws in
            let manager = TweakManager(tweakProviders: [plist])
            #expect(manager.isFeatureEnabled("checkout"))
            #expect(manager.isFeatureEnabled("checkout"), "cached")
            let below = EphemeralTweakProvider(values: ["legacy": ["enabled": .bool(true)]])
            // "NO" is an answer (false), not text passed over to the layer below.
            #expect(!TweakManager(tweakProviders: [plist, below]).isFeatureEnabled("legacy"))
        }
    }

    @Test("Text that cannot be read as the asked type is passed over with one log line")
    func unreadableTextIsPassedOver() throws {
        try Self.withConsolePlist { (plist: LocalTweakProvider) throws in
            let log = LogRecorder()
            let manager = TweakManager(tweakProviders: [plist])
            manager.logClosure = log.closure
            #expect(throws: TweakError.self) {
                try manager.value(feature: "firebase", variable: "retries", as: Int.self)
            }
            #expect(throws: TweakError.self) {
                try manager.value(feature: "firebase", variable: "welcome", as: Bool.self)
            }
            let mismatches = log.all.filter { $0.text.contains("firebase.retries") && $0.level >= .warning }
            #expect(mismatches.count == 1, "\(log.all.map(\.text))")
        }
    }

    @Test("A type declared by a tweaks file below the plist is the type its text is read as")
    func typeDeclaredBelow() throws {
        let typed = #"""
            {"firebase": {
              "max_cart_items": {"Value": 10},
              "express": {"Value": false},
              "retries": {"Value": 3},
              "welcome": {"Value": "Hi"}
            }}
            """#
        try Self.withConsolePlist { (plist: LocalTweakProvider) throws in
            let defaults = try LocalTweakProvider(data: Data(typed.utf8), source: "Tweaks.json", name: "typed")
            let log = LogRecorder()
            let manager = TweakManager(tweakProviders: [plist, defaults])
            manager.logClosure = log.closure
            // The plist answers, its text read as the declared type: whatever the read asks.
            #expect(try manager.value(feature: "firebase", variable: "max_cart_items", as: Int.self) == 25)
            #expect(try manager.value(feature: "firebase", variable: "max_cart_items", as: TweakValue.self) == .int(25))
            #expect(try manager.value(feature: "firebase", variable: "express", as: TweakValue.self) == .bool(true))
            #expect(
                try manager.tweakWith(feature: "firebase", variable: "max_cart_items").source == "firebase-defaults")
            // Text that is not the declared type: passed over, logged once, the next layer answers.
            #expect(try manager.value(feature: "firebase", variable: "retries", as: Int.self) == 3)
            #expect(try manager.value(feature: "firebase", variable: "retries", as: Int.self) == 3)
            let passedOver = log.all.filter {
                $0.text.contains("firebase.retries: firebase-defaults is passed over") && $0.level >= .warning
            }
            #expect(passedOver.count == 1, "\(log.all.map(\.text))")
            #expect(passedOver.first?.text.contains("many") == true)
        }
    }
}
