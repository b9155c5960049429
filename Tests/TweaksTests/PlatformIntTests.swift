import Foundation
import Testing

@testable import Tweaks

/// Integers that do not fit the platform's `Int` (32 bits on watchOS): never a trap, never a
/// whole document rejected. The 32-bit range is passed in, so these run on 64-bit machines too.
@Suite struct PlatformIntTests {
    static let document = Array(
        #"{"limits": {"max_bytes": {"Value": 5000000000}, "retries": {"Value": 3}, "low": {"Value": -2147483648}}}"#
            .utf8)

    @Test func aDocumentWithAnIntegerBeyond32BitsLoadsWholeOnA32BitPlatform() throws {
        let document = try LocalTweaksDocument(
            bytes: Self.document, source: "limits.json", tweakSource: "limits.json",
            integerRange: PlatformInt.thirtyTwoBitRange)
        let value = { (variable: String) in document.definition(feature: "limits", variable: variable)?.tweak.value }
        #expect(value("retries") == .int(3))
        #expect(value("low") == .int(-2_147_483_648))
        #expect(value("max_bytes") == .double(5_000_000_000))
    }

    @Test func theOtherTweaksReadAsIntAndTheWideOneAsDouble() throws {
        let document = try LocalTweaksDocument(
            bytes: Self.document, source: "limits.json", tweakSource: "limits.json",
            integerRange: PlatformInt.thirtyTwoBitRange)
        let manager = TweakManager(tweakProviders: [
            EphemeralTweakProvider(
                values: document.definitions.values.reduce(into: [:]) {
                    $0[$1.tweak.feature, default: [:]][$1.tweak.variable] = $1.tweak.value
                })
        ])
        // (On a 32-bit system, reading `max_bytes` as `Int` then fails: `Int(exactly: 5e9)` is nil.)
        #expect(try manager.value(feature: "limits", variable: "retries", as: Int.self) == 3)
        #expect(try manager.value(feature: "limits", variable: "max_bytes", as: Double.self) == 5_000_000_000)
    }

    @Test func on64BitPlatformsTheSameDocumentKeepsItsInteger() throws {
        let provider = try LocalTweakProvider(data: Data(Self.document), source: "limits.json")
        #expect(try provider.tweakWith(feature: "limits", variable: "max_bytes").value == .int(5_000_000_000))
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809"])
    func justBeyond64BitsIsADouble(_ number: String) throws {
        let text = #"{"f": {"v": {"Value": \#(number)}}}"#
        let provider = try LocalTweakProvider(data: Data(text.utf8), source: "edge.json")
        #expect(try provider.tweakWith(feature: "f", variable: "v").value == .double(Double(number)!))
    }

    @Test func anIntegerBeyond64BitsIsReadAsADoubleInsteadOfRejectingTheFile() throws {
        let text = #"{"f": {"huge": {"Value": 123456789012345678901234}, "small": {"Value": 1}}}"#
        let provider = try LocalTweakProvider(data: Data(text.utf8), source: "huge.json")
        #expect(
            try provider.tweakWith(feature: "f", variable: "huge").value == .double(Double("123456789012345678901234")!)
        )
        #expect(try provider.tweakWith(feature: "f", variable: "small").value == .int(1))
    }

    @Test func aStoredOverrideBeyond32BitsIsUnreadableNotATrap() {
        let stored: [String: Any] = ["int": NSNumber(value: Int64(5_000_000_000))]
        #expect(UserDefaultsTweakProvider.decodeValue(stored, integerRange: PlatformInt.thirtyTwoBitRange) == nil)
        #expect(UserDefaultsTweakProvider.decodeValue(stored) == .int(5_000_000_000))
        let small: [String: Any] = ["int": NSNumber(value: Int64(Int32.max))]
        #expect(
            UserDefaultsTweakProvider.decodeValue(small, integerRange: PlatformInt.thirtyTwoBitRange)
                == .int(Int(Int32.max)))
    }
}
