import Foundation
import Testing

@testable import TweakAccessorGeneration

/// The generated sources, compared with the files in `Golden/`. After a deliberate change of the
/// generator, rewrite them with `TWEAKS_UPDATE_GOLDEN=1 swift test --filter GoldenFileTests` and
/// review the diff.
@Suite struct GoldenFileTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let golden = testsFolder.appendingPathComponent("Golden")

    /// Compares `sources` with `Golden/<prefix><file name>.golden`.
    static func expectGolden(_ sources: AccessorGenerator.Sources, prefix: String = "") throws {
        for file in sources.files {
            let url = golden.appendingPathComponent("\(prefix)\(file.name).golden")
            if ProcessInfo.processInfo.environment["TWEAKS_UPDATE_GOLDEN"] != nil {
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: url, encoding: .utf8)
            #expect(file.contents == expected, "\(file.name) differs from \(url.path)")
        }
    }

    @Test func theExampleFile() throws {
        let data = try Data(contentsOf: Self.packageRoot.appendingPathComponent("LocalTweaks_example.json"))
        let sources = try AccessorGenerator.sources(
            tweaksJSON: data, source: "LocalTweaks_example.json",
            configuration: AccessorConfiguration(accessorName: "GeneratedTweakAccessor"))
        #expect(
            sources.files.map(\.name) == ["GeneratedTweakAccessor.swift", "GeneratedTweakAccessor+Constants.swift"])
        try Self.expectGolden(sources)
    }

    /// The public accessor that the plugin fixture compiles, so the golden files are known to compile.
    @Test func everyKindOfValuePublic() throws {
        let folder = Self.packageRoot.appendingPathComponent(
            "Tests/Fixtures/AccessorPluginFixture/Sources/AccessorPluginFixture/Checkout")
        let data = try Data(contentsOf: folder.appendingPathComponent("Checkout.tweaks.json"))
        let configuration = try AccessorConfiguration(contentsOf: folder)
        #expect(configuration == AccessorConfiguration(accessorName: "CheckoutTweaks", accessLevel: .public))
        let sources = try AccessorGenerator.sources(
            tweaksJSON: data, source: "Checkout.tweaks.json", configuration: configuration)
        try Self.expectGolden(sources)
    }
}
