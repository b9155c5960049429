import Foundation
import Testing

@testable import Tweaks

/// `"$schemaVersion"` and the strict and lenient reads of `LocalTweaksDocument`: a file a person
/// writes is strict, a remote document (lenient) ignores what a later format adds.
@Suite struct DocumentFormatVersionTests {
    private func load(_ json: String) throws(TweakLoadError) -> LocalTweakProvider {
        try LocalTweakProvider(data: Data(json.utf8), source: "LocalTweaks.json")
    }

    private func lenient(_ json: String) throws(TweakLoadError) -> LocalTweaksDocument {
        try LocalTweaksDocument(
            bytes: Array(json.utf8), source: "remote", tweakSource: nil, allowsBareValues: true, strictness: .lenient)
    }

    @Test func theCurrentVersionIsAcceptedAndIsNotAFeature() throws {
        let provider = try load(#"{"$schemaVersion": 1, "f": {"a": {"Value": 1}}}"#)
        #expect(provider.knownTweaks.map(\.feature) == ["f"])
        #expect(try provider.tweakWith(feature: "f", variable: "a").value == .int(1))
    }

    @Test func anOverridesFileMayDeclareTheVersion() throws {
        try TemporaryDirectory.with { directory in
            let file = directory.url.appendingPathComponent("overrides.json")
            try Data(#"{"$schemaVersion": 1, "f": {"a": {"Value": true}}}"#.utf8).write(to: file)
            let provider = try OverridesFileTweakProvider(fileURL: file, pollInterval: nil)
            #expect(try provider.tweakIfPresent(feature: "f", variable: "a")?.value == .bool(true))
            #expect(provider.knownTweaks.count == 1)
        }
    }

    @Test(arguments: [
        (#"{"$schemaVersion": 2}"#, TweakLoadError.Reason.unsupportedFormatVersion(2), "1:20"),
        (#"{"$schemaVersion": 0}"#, .unsupportedFormatVersion(0), "1:20"),
        (
            #"{"$schemaVersion": 1.5}"#, .wrongType(field: "$schemaVersion", expected: "integer", found: "number"),
            "1:20"
        ),
        (
            #"{"$schemaVersion": "1"}"#, .wrongType(field: "$schemaVersion", expected: "integer", found: "string"),
            "1:20"
        ),
        (#"{"$title": "x"}"#, .unknownField("$title"), "1:2"),
    ])
    func aFileIsStrictAboutTheFormat(json: String, reason: TweakLoadError.Reason, position: String) {
        let error = #expect(throws: TweakLoadError.self) { try load(json) }
        #expect(error?.reason == reason)
        #expect(error.map { "\($0.position.map { "\($0)" } ?? "")" } == position)
    }

    @Test func versionMessagesSayWhatToDo() {
        let newer = TweakLoadError(
            source: "a.json", position: TextPosition(line: 1, column: 20), reason: .unsupportedFormatVersion(3))
        #expect(
            newer.description
                == #"a.json:1:20: "$schemaVersion" is 3; this version of Tweaks reads format 1 at most (update Tweaks)"#
        )
        let older = TweakLoadError(source: "a.json", reason: .unsupportedFormatVersion(0))
        #expect(older.description == #"a.json: "$schemaVersion" is 0; format versions start at 1"#)
    }

    @Test func aLenientReadIgnoresWhatALaterFormatAddsAndListsIt() throws {
        let document = try lenient(
            #"{"$schemaVersion": 2, "$rules": [], "f": {"a": {"Value": 1, "Rules": []}, "b": 2}}"#)
        #expect(document.definition(feature: "f", variable: "a")?.tweak.value == .int(1))
        #expect(document.definition(feature: "f", variable: "b")?.tweak.value == .int(2))
        #expect(document.features.keys.sorted() == ["f"])
        #expect(
            document.warnings.map(\.reason) == [
                .unsupportedFormatVersion(2), .unknownField("$rules"), .unknownField("Rules"),
            ])
        #expect(document.warnings.last?.feature == "f" && document.warnings.last?.variable == "a")
        #expect(try lenient(#"{"f": {"a": 1}}"#).warnings.isEmpty)
    }

    @Test func aStrictReadHasNoWarnings() throws {
        let document = try LocalTweaksDocument(
            bytes: Array(#"{"$schemaVersion": 1, "f": {"a": {"Value": 1}}}"#.utf8), source: "a.json", tweakSource: nil)
        #expect(document.warnings.isEmpty)
    }

    @Test func aLenientReadStillRejectsGenuineErrors() {
        let cases: [(String, TweakLoadError.Reason)] = [
            (#"{"f": {"a": {"Valu": 1}}}"#, .unknownField("Valu")),
            (
                #"{"f": {"a": {"Value": 1, "Title": 2}}}"#,
                .wrongType(field: "Title", expected: "string", found: "number")
            ),
            (#"{"$schemaVersion": -1}"#, .unsupportedFormatVersion(-1)),
            (#"{"f": {"a": 1,}}"#, .invalidJSON("expected a string key in object, found '}'")),
        ]
        for (json, reason) in cases {
            let error = #expect(throws: TweakLoadError.self, "\(json)") { try lenient(json) }
            #expect(error?.reason == reason, "\(json): \(String(describing: error))")
        }
    }
}
