import Foundation
import Testing

@testable import Tweaks

/// Feature and variable names with control characters: a line break or an escape sequence in a
/// name would forge a line or drive a terminal wherever the name is printed (logs, `tweak`).
@Suite struct ControlCharacterNameTests {
    @Test(
        arguments: [
            (#"{"f\n::error::forged": {"a": {"Value": 1}}}"#, "feature", "f\n::error::forged", nil, (1, 2)),
            (#"{"f": {"a\u001b[2J": {"Value": 1}}}"#, "variable", "a\u{1B}[2J", "f", (1, 8)),
            (#"{"f": {"a\u0085": {"Value": 1}}}"#, "variable", "a\u{85}", "f", (1, 8)),
            (#"{"f": {"a\u007f": {"Value": 1}}}"#, "variable", "a\u{7F}", "f", (1, 8)),
        ] as [(String, String, String, String?, (Int, Int))])
    func aStrictFileRejectsTheName(json: String, kind: String, name: String, feature: String?, position: (Int, Int)) {
        #expect {
            try LocalTweakProvider(data: Data(json.utf8), source: "LocalTweaks.json")
        } throws: { error in
            guard let error = error as? TweakLoadError, error.reason == .controlCharacterInName(kind, name: name)
            else { return false }
            return error.feature == feature && error.position?.line == position.0
                && error.position?.column == position.1 && !error.description.contains("\n")
                && !error.description.contains("\u{1B}")
        }
    }

    @Test func aRemoteDocumentSkipsTheTweakWithAWarning() throws {
        let document = try LocalTweaksDocument(
            bytes: Array(#"{"f": {"a\nb": 1, "ok": 2}, "g\u001b": {"c": 3}}"#.utf8), source: "remote",
            tweakSource: nil, allowsBareValues: true, strictness: .lenient)
        #expect(document.definitions.keys.map(\.description).sorted() == ["f.ok"])
        #expect(document.features == ["f": ["ok"]])
        #expect(
            document.warnings.map(\.reason) == [
                .controlCharacterInName("variable", name: "a\nb"), .controlCharacterInName("feature", name: "g\u{1B}"),
            ])
    }

    @Test func namesWithoutControlCharactersStillLoad() throws {
        let provider = try LocalTweakProvider(
            data: Data(#"{"fé 😊": {"a b\u00a0c": {"Value": 1}}}"#.utf8), source: "LocalTweaks.json")
        #expect(try provider.tweakWith(feature: "fé 😊", variable: "a b\u{A0}c").value == .int(1))
    }
}
