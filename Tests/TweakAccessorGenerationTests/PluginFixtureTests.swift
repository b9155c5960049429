import Foundation
import TestSupport
import Testing

// Builds and runs processes: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// Builds `Tests/Fixtures/AccessorPluginFixture` (a package that depends on this one by path and
    /// generates its accessors with `TweakAccessorGeneratorPlugin`) and runs its executable.
    ///
    /// The build goes to a scratch folder in the temporary directory, named after this package's path,
    /// so that later runs build incrementally and nothing is written inside the package.
    @Suite struct PluginFixtureTests {
        static let fixture = GoldenFileTests.packageRoot.appendingPathComponent("Tests/Fixtures/AccessorPluginFixture")

        static var scratchPath: URL {
            // FNV-1a: a stable name (Swift's `Hasher` is seeded per process).
            let hash = GoldenFileTests.packageRoot.path.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
                ($0 ^ UInt64($1)) &* 0x100_0000_01b3
            }
            return FileManager.default.temporaryDirectory.appendingPathComponent(
                "TweaksAccessorPluginFixture-\(String(hash, radix: 16))")
        }

        @Test(.timeLimit(.minutes(10)))
        func theFixtureBuildsWithThePluginAndReadsThroughTheGeneratedAccessorsAndWrappers() async throws {
            // Without build-manifest caching, files added to or removed from this package since the
            // last fixture build are seen (the cached plan only notices changes of the fixture's own).
            let build = try await onOwnThread {
                try Subprocess.run(
                    "swift",
                    [
                        "build", "--package-path", Self.fixture.path, "--scratch-path", Self.scratchPath.path,
                        "--disable-build-manifest-caching",
                    ])
            }
            try #require(build.status == 0, "\(build.output)")
            #expect(!build.output.contains("warning:"), "\(build.output)")
            let executable = Self.scratchPath.appendingPathComponent("debug/AccessorPluginFixture").path
            let run = try await onOwnThread { try Subprocess.run(executable, []) }
            #expect(run.status == 0)
            #expect(
                run.output == #"""
                    meaningOfLife = 42
                    labelText = Set through the accessor
                    displayRedView = false
                    redViewAlpha = 1.0
                    definitiveAnswerEncrypted = Definitely not 42
                    maintenanceMode = true Under maintenance
                    meaningOfLife with a String override = 42
                    log: overrides: type check failed: general.meaning_of_life: declared as int by LocalTweakProvider, found string "forty-two"; reads pass it over | general.meaning_of_life: overrides's value is passed over: declared as int by LocalTweakProvider, found string "forty-two"
                    after reset: labelText = Test value, displayRedView = true
                    checkout = 3 0.25 ["a", "b"] [1.0, 2.5, 3.0] [[1, 2], [3]]
                    checkout.layout = 2 false ["x", "y"]
                    checkout.bannerText = "Say \"hi\" \\ \u{01} to $(me)"
                    checkout.apiKey = nil
                    checkout.layout after set = 3 2.0
                    flags.isNewFlowEnabled = true (new_flow)

                    """#)

            // Built as a new Xcode 26 app target is (default isolation `MainActor`): wrappers,
            // typed reads and a generated accessor on types whose conformances are main-actor-isolated.
            let mainActorApp = try await onOwnThread {
                try Subprocess.run(Self.scratchPath.appendingPathComponent("debug/MainActorApp").path, [])
            }
            #expect(mainActorApp.status == 0)
            #expect(
                mainActorApp.output == """
                    promotion = WINTER 10
                    theme = dark, currency = EUR, enabled = true
                    limits = 5, discount = nil
                    after writes: SPRING USD 5
                    typed read = 20, theme = dark
                    reflected ok
                    home = Welcome true 2 Hello
                    home.columns after set = 3

                    """)
        }
    }

#endif
