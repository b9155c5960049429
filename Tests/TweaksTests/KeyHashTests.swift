import Foundation
import TestSupport
import Testing

@testable import Tweaks

@Suite("Key hash: equal names find each other, different names spread")
struct KeyHashTests {
    @Test func namesThatCompareEqualMakeEqualKeysWithEqualHashes() {
        let pairs: [(String, String)] = [
            ("Kelvin", "\u{212A}elvin"),  // Kelvin sign: canonically a capital K.
            ("a;b", "a\u{037E}b"),  // Greek question mark: canonically a semicolon.
            ("`x", "\u{1FEF}x"),  // Greek varia: canonically a grave accent.
            ("caf\u{E9}", "cafe\u{301}"),  // Precomposed and decomposed é: not ASCII either way.
            ("\u{212A}\u{301}", "K\u{301}"),  // Both compose to U+1E30, which is not ASCII.
            ("a-rather-long-feature-name-of-40-bytes..", "a-rather-long-feature-name-of-40-bytes.."),
        ]
        for (first, second) in pairs {
            #expect(first == second)
            let asFeature = (TweakKey(feature: first, variable: "v"), TweakKey(feature: second, variable: "v"))
            let asVariable = (TweakKey(feature: "f", variable: first), TweakKey(feature: "f", variable: second))
            #expect(asFeature.0 == asFeature.1 && asFeature.0.hashValue == asFeature.1.hashValue)
            #expect(asVariable.0 == asVariable.1 && asVariable.0.hashValue == asVariable.1.hashValue)
        }
    }

    @Test func asciiNamesHashTheSameWhetherStoredInTheStringOrOnTheHeap() {
        // Names of up to 15 bytes are usually stored in the string itself, and read from its words.
        for name in ["", "a", "general", "12345678", "123456789", "meaning_of_life", "sixteen-bytes-16"] {
            // The same name in a heap buffer: a longer string, shortened, keeps its storage.
            var onHeap = name + String(repeating: "-", count: 32)
            onHeap.removeLast(32)
            #expect(onHeap == name)
            #if _pointerBitWidth(_64)
                #expect(unsafeBitCast(onHeap, to: (UInt64, UInt64).self).1 &>> 61 & 1 == 0, "not small: \(name)")
            #endif
            for other in ["", "v", "meaning_of_life"] {
                #expect(
                    TweakKey(feature: name, variable: other).hashValue
                        == TweakKey(feature: onHeap, variable: other).hashValue)
                #expect(
                    TweakKey(feature: other, variable: name).hashValue
                        == TweakKey(feature: other, variable: onHeap).hashValue)
            }
        }
    }

    @Test func namesThatDifferMakeDifferentHashes() {
        // Where one name ends and the other begins, and padding with NUL bytes, change the hash.
        let keys = [
            TweakKey(feature: "ab", variable: "c"), TweakKey(feature: "a", variable: "bc"),
            TweakKey(feature: "a\0", variable: "b"), TweakKey(feature: "a", variable: "b"),
            TweakKey(feature: "a", variable: "b\0"), TweakKey(feature: "", variable: "ab"),
            TweakKey(feature: "12345678", variable: ""), TweakKey(feature: "1234567", variable: "8"),
        ]
        #expect(Set(keys.map(\.hashValue)).count == keys.count)
    }

    @Test func aReadFindsATweakByAnyNameThatEqualsItsName() throws {
        // A file's tweaks and the cache are tables keyed by `TweakKey`.
        let file = try LocalTweakProvider(
            data: Data(#"{"Kelvin": {"x": {"Value": 1}}, "menu": {"caf\u00e9": {"Value": 2}}}"#.utf8), name: "file")
        for useCache in [false, true] {
            let manager = TweakManager(tweakProviders: [file])
            manager.useCache = useCache
            for _ in 0..<2 {
                #expect(try manager.tweakWith(feature: "\u{212A}elvin", variable: "x").value == .int(1))
                #expect(try manager.tweakWith(feature: "menu", variable: "cafe\u{301}").value == .int(2))
            }
        }
    }
}
