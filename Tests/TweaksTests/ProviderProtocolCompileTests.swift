import Foundation
import TestSupport
import Testing

// Runs the compiler: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// What the compiler tells someone who writes a provider: a provider written for JustTweak, or
    /// one that implements no read, does not compile, and the message says what to write.
    @Suite(.blocking) struct ProviderProtocolCompileTests {
        /// Type-checks `source` against the `Tweaks` module of this test build; `nil` where the
        /// build's layout is not SwiftPM's on Linux (the module map of `CTweaksAtomics` is needed).
        static func typeCheck(_ source: String) throws -> (status: Int32, output: String)? {
            let products = BuildProducts.directory()
            let moduleMap = products.appendingPathComponent("CTweaksAtomics.build/module.modulemap")
            guard FileManager.default.fileExists(atPath: moduleMap.path) else { return nil }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID()).swift")
            try Data(source.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            return try Subprocess.run(
                "swiftc",
                [
                    "-typecheck", "-swift-version", "6", "-I", products.appendingPathComponent("Modules").path,
                    "-Xcc", "-fmodule-map-file=\(moduleMap.path)", file.path,
                ])
        }

        static let advice = "a TweakProvider reads through 'func tweak(for key: TweakKey) throws -> Tweak?'"

        @Test func aJustTweakProviderFailsToCompileWithAdvice() throws {
            let result = try Self.typeCheck(
                """
                import Tweaks
                final class FirebaseProvider: TweakProvider {
                    func tweakWith(feature: String, variable: String) throws -> Tweak {
                        throw TweakError.notFound(feature: feature, variable: variable)
                    }
                    func isFeatureEnabled(_ feature: String) -> Bool { false }
                }
                """)
            try #require(result != nil, "the build layout is not SwiftPM's on Linux: nothing checked")
            #expect(result?.status != 0)
            #expect(result?.output.contains(Self.advice) == true, "\(result?.output ?? "")")
        }

        @Test func aProviderWithoutAReadFailsToCompile() throws {
            let result = try Self.typeCheck(
                """
                import Tweaks
                final class Empty: TweakProvider {}
                """)
            try #require(result != nil, "the build layout is not SwiftPM's on Linux: nothing checked")
            #expect(result?.status != 0)
            #expect(result?.output.contains(Self.advice) == true, "\(result?.output ?? "")")
        }

        @Test func theSmallestProviderCompiles() throws {
            let result = try Self.typeCheck(
                """
                import Foundation
                import Tweaks
                final class Smallest: TweakProvider {
                    func tweak(for key: TweakKey) -> Tweak? { nil }
                }
                final class Overrides: MutableTweakProvider, @unchecked Sendable {
                    // `@unchecked Sendable` is safe: `values` is only touched while `lock` is held.
                    private let lock = NSLock()
                    private var values: [TweakKey: Tweak] = [:]
                    func tweak(for key: TweakKey) -> Tweak? {
                        lock.lock()
                        defer { lock.unlock() }
                        return values[key]
                    }
                    func set(_ value: TweakValue, feature: String, variable: String) {
                        let tweak = Tweak(feature: feature, variable: variable, value: value)
                        lock.lock()
                        values[TweakKey(feature: feature, variable: variable)] = tweak
                        lock.unlock()
                        postDidChange(.tweaks([tweak]))
                    }
                    func deleteValue(feature: String, variable: String) {
                        lock.lock()
                        values[TweakKey(feature: feature, variable: variable)] = nil
                        lock.unlock()
                    }
                }
                """)
            try #require(result != nil, "the build layout is not SwiftPM's on Linux: nothing checked")
            #expect(result?.status == 0, "\(result?.output ?? "")")
        }
    }

#endif
