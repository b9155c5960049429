import Foundation
import Testing
import Tweaks

@testable import TweaksRemote

/// The forward-compatibility rule: a remote document is not rejected only because it uses a field,
/// a top-level `$` key or a format version added later. They are ignored and listed in
/// `activeWarnings`, while the same document as a local file is rejected, and genuine errors still
/// keep the last good configuration.
@Suite("Remote forward compatibility against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteForwardCompatibilityTests {
    /// A document written for a later format: a newer version, a top-level `$` key and an entry
    /// field that this version does not know.
    static let laterDocument = """
        {
            "$schemaVersion": 2,
            "$segments": {"beta": ["a", "b"]},
            "checkout": {
                "enabled": {"Value": true, "Rules": [{"segment": "beta", "value": false}]},
                "max_items": 20
            }
        }
        """

    @Test func unknownPartsAreIgnoredAndReported() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cacheURL = directory.file("remote.cache")
        try await withNginx { server in
            try server.write(Self.laterDocument, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
            #expect(provider.value("checkout", "enabled") == .bool(true))
            #expect(provider.value("checkout", "max_items") == .int(20))
            #expect(Set(provider.knownTweaks.map(\.feature)) == ["checkout"], "a $ key is not a feature")
            let source = server.url("tweaks.json").absoluteString
            let warnings = provider.activeWarnings.map(\.description)
            #expect(
                warnings == [
                    "\(source):2:23: \"$schemaVersion\" is 2; this version of Tweaks reads format 1 at most"
                        + " (update Tweaks)",
                    "\(source):3:5: unknown field \"$segments\" (a typo?)",
                    "\(source):5:36: checkout.enabled: unknown field \"Rules\" (a typo?)",
                ])
            #expect(provider.activeWarnings.last?.reason == .unknownField("Rules"))
            // The cached document is read by the same rule after a restart.
            let restarted = try makeProvider(server, "tweaks.json", cacheURL: cacheURL)
            #expect(restarted.cacheError == nil)
            #expect(restarted.value("checkout", "enabled") == .bool(true))
            #expect(restarted.activeWarnings.count == 3)
        }
    }

    @Test func theSameDocumentAsALocalFileIsRejected() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let file = directory.file("LocalTweaks.json")
        try Data(Self.laterDocument.utf8).write(to: file)
        let error = #expect(throws: TweakLoadError.self) { try LocalTweakProvider(jsonURL: file) }
        #expect(error?.reason == .unsupportedFormatVersion(2))
        #expect(error?.position == TextPosition(line: 2, column: 23))
        #expect(error?.source == file.path)
        // Without the version, the first unknown part is the error, as it always was.
        try Data(Self.laterDocument.replacingOccurrences(of: #""$schemaVersion": 2,"#, with: "").utf8)
            .write(to: file)
        let unknown = #expect(throws: TweakLoadError.self) { try LocalTweakProvider(jsonURL: file) }
        #expect(unknown?.reason == .unknownField("$segments"))
    }

    @Test func genuineErrorsStillKeepTheLastGoodConfiguration() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            await provider.fetchAndActivate()
            let cases: [(String, TweakLoadError.Reason)] = [
                (#"{"checkout": {"enabled": {"Rules": []}}}"#, .unknownField("Rules")),
                (
                    #"{"checkout": {"enabled": {"Value": null, "Rules": []}}}"#,
                    .wrongType(
                        field: "Value", expected: "Boolean, number, string, object or array", found: "null")
                ),
                (
                    #"{"$schemaVersion": "2", "checkout": {"enabled": true}}"#,
                    .wrongType(
                        field: "$schemaVersion", expected: "integer", found: "string")
                ),
                (#"{"$schemaVersion": 0, "checkout": {"enabled": true}}"#, .unsupportedFormatVersion(0)),
            ]
            for (document, expected) in cases {
                try server.write(document, to: "tweaks.json")
                let status = await provider.fetch(expirationDuration: 0)
                #expect(status.failure?.documentError?.reason == expected, "\(document): \(status)")
                #expect(provider.value("checkout", "max_items") == 10, "\(document): the last good values stay")
                #expect(provider.activeWarnings.isEmpty)
            }
        }
    }
}
