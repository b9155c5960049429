import Foundation
import Testing

@testable import Tweaks

/// `LocalTweaksDocument.problems(in:source:)`: what `tweak validate` reports.
@Suite struct LocalTweaksDocumentProblemsTests {
    @Test(arguments: malformedDocuments)
    func theErrorThatLoadingThrowsIsAmongTheProblems(_ document: MalformedDocument) throws {
        let thrown = #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(document.bytes), source: "bad.json")
        }
        let problems = LocalTweaksDocument.problems(in: document.bytes, source: "bad.json")
        #expect(try problems.contains(#require(thrown)))
    }

    @Test func everySchemaProblemAndDuplicateKeyIsListedInDocumentOrder() {
        let text = """
            {
              "f": {
                "a": {"Value": 1, "Tittle": "x"},
                "b": {"Title": 2},
                "c": {"Value": null, "Encrypted": "yes"},
                "a": {"Value": 3},
                "d": {"Value": 4}
              },
              "g": 5,
              "": {}
            }
            """
        let problems = LocalTweaksDocument.problems(in: Array(text.utf8), source: "t.json")
        #expect(
            problems.map(\.description) == [
                #"t.json:3:23: f.a: unknown field "Tittle" (a typo?)"#,
                #"t.json:4:10: f.b: missing "Value""#,
                #"t.json:4:20: f.b: "Title" is number; expected string"#,
                #"t.json:5:20: f.c: "Value" is null; expected Boolean, number, string, object or array"#,
                #"t.json:5:39: f.c: "Encrypted" is string; expected Boolean"#,
                #"t.json:6:5: duplicate key "a""#,
                #"t.json:9:8: feature g: found number; expected object"#,
                "t.json:10:3: a feature name must not be empty",
            ])
    }

    @Test func aSyntaxErrorEndsTheListAndACleanDocumentHasNone() throws {
        let broken = #"{"f": {"a": {"Value": 1}, "a": {"Value": 2}, "b": {"Value": }}}"#
        #expect(
            LocalTweaksDocument.problems(in: Array(broken.utf8), source: "t.json").map(\.description) == [
                #"t.json:1:27: duplicate key "a""#,
                "t.json:1:61: invalid JSON: unexpected '}' where a value was expected",
            ])
        let example = try Data(contentsOf: localTweaksExampleURL)
        #expect(LocalTweaksDocument.problems(in: Array(example), source: "example").isEmpty)
    }
}
