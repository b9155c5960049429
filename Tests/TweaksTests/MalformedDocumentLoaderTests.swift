import Foundation
import Testing

@testable import Tweaks

/// The inline malformed documents (`LocalTweaksDocumentErrorTests`) through the file loaders: a
/// local file and an overrides file report the same error, naming the file; an overrides file
/// that was good keeps its values when it turns bad. (`Tests/HostileInputs/` has the corpus that
/// runs through every loader, remote ones included.)
@Suite struct MalformedDocumentLoaderTests {
    @Test(arguments: malformedDocuments)
    func fileLoadersReportTheSameError(_ document: MalformedDocument) throws {
        try TemporaryDirectory.with { directory in
            let file = try directory.write(Data(document.bytes), named: "tweaks.json")
            let errors: [(String, TweakLoadError?)] = [
                ("jsonURL", #expect(throws: TweakLoadError.self) { try LocalTweakProvider(jsonURL: file) }),
                (
                    "overrides",
                    #expect(throws: TweakLoadError.self) {
                        try OverridesFileTweakProvider(fileURL: file, pollInterval: nil)
                    }
                ),
            ]
            for (loader, error) in errors {
                #expect(error?.reason == document.reason, "\(loader)")
                #expect(error?.source == file.path, "\(loader)")
                #expect(error?.feature == document.feature && error?.variable == document.variable, "\(loader)")
                #expect(error?.position == document.position, "\(loader)")
            }
        }
    }

    @Test(arguments: malformedDocuments)
    func anOverridesFileThatTurnsBadKeepsItsValues(_ document: MalformedDocument) throws {
        try TemporaryDirectory.with { directory in
            let file = try directory.write(Data(#"{"f": {"v": {"Value": 1}}}"#.utf8), named: "overrides.json")
            let overrides = try OverridesFileTweakProvider(fileURL: file, pollInterval: nil)
            try Data(document.bytes).write(to: file, options: .atomic)
            let error = #expect(throws: TweakLoadError.self) { try overrides.reload() }
            #expect(error?.reason == document.reason && error?.position == document.position)
            #expect((overrides.lastError as? TweakLoadError) == error)
            #expect(try overrides.tweakIfPresent(feature: "f", variable: "v")?.value == .int(1))
        }
    }
}
