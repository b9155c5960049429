import Foundation
import Testing

@testable import TweakAccessorGeneration

/// `Int` has 32 bits on watchOS: a default that does not fit would be an overflowing literal in
/// the generated code. It is guarded by an `#error` that names the tweak and the way out, and
/// compiled only on 32-bit platforms.
@Suite struct ThirtyTwoBitIntegerTests {
    static func accessorSource(_ json: String) throws -> String {
        let sources = try AccessorGenerator.sources(
            tweaksJSON: Data(json.utf8), source: "limits.tweaks.json",
            configuration: AccessorConfiguration(accessorName: "Limits"))
        return try #require(sources.files.first { $0.name == "Limits.swift" }).contents
    }

    @Test func aDefaultBeyond32BitsIsGuardedOn32BitPlatformsOnly() throws {
        let source = try Self.accessorSource(
            #"{"limits": {"max_bytes": {"Value": 5000000000}, "retries": {"Value": 2147483647}}}"#)
        #expect(
            source.contains(
                """
                    #if arch(arm64_32) || arch(arm) || arch(i386) || arch(wasm32)
                        #error("limits.max_bytes in limits.tweaks.json: 5000000000 does not fit in Int on 32-bit platforms (watchOS); write it as 5000000000.0 to make it a Double")
                    #endif
                    /// `limits.max_bytes`
                """))
        #expect(source.components(separatedBy: "#error").count == 2, "retries fits: no guard")
    }

    @Test func integersInsideArraysAndObjectsAreGuardedToo() throws {
        let source = try Self.accessorSource(
            #"{"limits": {"sizes": {"Value": [1, -3000000000]}, "nested": {"Value": {"a": {"b": 4294967296}}}}}"#)
        #expect(source.contains("limits.sizes in limits.tweaks.json: -3000000000 does not fit"))
        #expect(source.contains("limits.nested in limits.tweaks.json: 4294967296 does not fit"))
    }

    @Test func doublesAndEncryptedTweaksNeedNoGuard() throws {
        let source = try Self.accessorSource(
            #"{"limits": {"ratio": {"Value": 5000000000.0}, "secret": {"Value": 5000000000, "Encrypted": true}}}"#)
        #expect(!source.contains("#error"))
    }
}
