import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// Every document of the hostile-input corpus through every loader that reads its schema: each
/// fails with the exact typed error (file, tweak, line:column, reason), nothing crashes, and
/// nothing good before is lost.
///
/// The time limit is a hang guard: it counts the time a case waits for the CPU-heavy gate behind
/// every other heavy case, which with both cores busy was the whole heavy workload (5.5 minutes).
@Suite("Hostile input through every loader", .cpuHeavy, .timeLimit(.minutes(30)))
struct HostileInputTests {
    static let fullFormCases: [HostileInput] = ((try? HostileInput.corpus()) ?? []).filter { $0.full != nil }
    static let allCases: [HostileInput] = (try? HostileInput.corpus()) ?? []

    @Test func theCorpusIsCompleteAndLargeEnough() throws {
        let corpus = try HostileInput.corpus()
        #expect(corpus.count >= 40)
        let files = try FileManager.default.contentsOfDirectory(atPath: HostileInput.directory.path)
        #expect(Set(files) == Set(corpus.map(\.name) + ["manifest.json"]), "every file has an expectation")
        #expect(corpus.filter { $0.full == nil }.count >= 3, "the compact form has its own cases")
    }

    @Test(arguments: fullFormCases + HostileInput.generated())
    func localAndOverridesFilesRejectItWithTheExpectedError(_ input: HostileInput) throws {
        let expected = try #require(input.full)
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)

        let label = "corpus/\(input.name)"
        let fromData = #expect(throws: TweakLoadError.self) { try LocalTweakProvider(data: input.bytes, source: label) }
        if let fromData { HostileInput.expect(fromData, is: expected, source: label, "data") }

        let file = directory.file("tweaks.json")
        try input.bytes.write(to: file)
        let fromFile = #expect(throws: TweakLoadError.self) { try LocalTweakProvider(jsonURL: file) }
        if let fromFile { HostileInput.expect(fromFile, is: expected, source: file.path, "jsonURL") }

        let overridesError = #expect(throws: TweakLoadError.self) {
            try OverridesFileTweakProvider(fileURL: file, pollInterval: nil)
        }
        if let overridesError { HostileInput.expect(overridesError, is: expected, source: file.path, "overrides") }

        // A good overrides file replaced by a bad one: the values stay, the error is reported.
        let overridesURL = directory.file("overrides.json")
        try Data(#"{"f": {"v": {"Value": 1}}}"#.utf8).write(to: overridesURL)
        let overrides = try OverridesFileTweakProvider(fileURL: overridesURL, pollInterval: nil)
        try input.bytes.write(to: overridesURL, options: .atomic)
        let reloadError = #expect(throws: TweakLoadError.self) { try overrides.reload() }
        if let reloadError { HostileInput.expect(reloadError, is: expected, source: overridesURL.path, "reload") }
        #expect(try overrides.tweakIfPresent(feature: "f", variable: "v")?.value == .int(1), "the old value stays")
        let lastError = try #require(overrides.lastError as? TweakLoadError)
        HostileInput.expect(lastError, is: expected, source: overridesURL.path, "lastError")
        #expect(throws: (any Error).self, "a write must not destroy the bad file") {
            try overrides.set(.int(2), feature: "f", variable: "v")
        }
        #expect(try Data(contentsOf: overridesURL) == input.bytes)
    }

    @Test(arguments: allCases + HostileInput.generated())
    func aCacheFileHoldingItIsIgnoredWithAReportedError(_ input: HostileInput) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let cacheURL = directory.file("remote.cache")
        let url = URL(string: "https://config.example.com/tweaks.json")!
        try Self.cacheFile(holding: input.bytes, location: url.absoluteString).write(to: cacheURL)
        let provider = RemoteTweakProvider(
            source: try HTTPRemoteTweakSource(url: url), cacheURL: cacheURL, name: "remote",
            configuration: testConfiguration())
        guard let expected = input.compact else {
            #expect(provider.cacheError == nil && !provider.knownTweaks.isEmpty, "the compact form accepts it")
            return
        }
        guard let error = provider.cacheError?.reason.documentError else {
            Issue.record("expected an invalid cached document, got \(String(describing: provider.cacheError))")
            return
        }
        HostileInput.expect(error, is: expected, source: cacheURL.path, "cache")
        #expect(provider.knownTweaks.isEmpty && provider.lastFetchTime == nil && provider.activeETag == nil)
    }

    @Test(requiresNginx) func aServedDocumentFailsTheFetchAndChangesNothing() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try await withNginx { server in
            for (index, input) in try HostileInput.corpus().enumerated() {
                let path = "hostile/\(index).json"
                let cacheURL = directory.file("\(index).cache")
                try server.write(documentV1, to: path)
                let provider = try makeProvider(server, path, cacheURL: cacheURL)
                #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
                let persisted = try Data(contentsOf: cacheURL)
                try server.write(input.bytes, to: path)
                let status = await provider.fetch(expirationDuration: 0)
                guard let expected = input.compact else {
                    #expect(status == .fetchedFromRemote, "\(input.name): the compact form accepts it")
                    continue
                }
                guard let error = status.failure?.documentError else {
                    Issue.record("\(input.name): expected an invalid document, got \(status)")
                    continue
                }
                HostileInput.expect(error, is: expected, source: server.url(path).absoluteString, input.name)
                #expect(!provider.hasPendingConfiguration && provider.value("checkout", "max_items") == 10)
                #expect(try Data(contentsOf: cacheURL) == persisted, "\(input.name): the cache file is unchanged")
            }
        }
    }

    /// A well-formed cache file for `location` whose document is `document`.
    static func cacheFile(holding document: Data, location: String) throws -> Data {
        let header: [String: Any] = [
            "format": "TweaksRemote.cache", "version": 1, "location": location, "fetchTime": 1_700_000_000.0,
            "length": document.count, "checksum": RemoteConfigurationCache.checksum(of: document),
        ]
        return try JSONSerialization.data(withJSONObject: header) + Data("\n".utf8) + document
    }
}
