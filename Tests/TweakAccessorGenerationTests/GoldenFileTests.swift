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

    @Test func everyKindOfValuePublic() throws {
        let json = #"""
            {
                "checkout": {
                    "retry-count": {"Value": 3, "Title": "Retries", "Description": "How often\nto retry"},
                    "ratio": {"Value": 0.25},
                    "banner_text": {"Value": "Say \"hi\" \\ \u0001 to $(me)"},
                    "api_key": {"Value": "yek", "Encrypted": true, "GeneratedPropertyName": "apiKey"},
                    "weights": {"Value": [1, 2.5, 3]},
                    "tags": {"Value": ["a", "b"]},
                    "layout": {"Value": {
                        "columns": 2,
                        "is-compact": false,
                        "margins": {"top": 1.5, "bottom": 0.0},
                        "items": [{"id": 1, "name": "x"}, {"id": 2, "name": "y"}]
                    }},
                    "matrix": {"Value": [[1, 2], [3]]}
                }
            }
            """#
        let sources = try AccessorGenerator.sources(
            tweaksJSON: Data(json.utf8), source: "/somewhere/Checkout.tweaks.json",
            configuration: AccessorConfiguration(accessorName: "CheckoutTweaks", accessLevel: .public))
        try Self.expectGolden(sources)
    }
}
