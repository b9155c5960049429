import Foundation
import Testing

@testable import Tweaks

/// `"$experiments"`: documents name experiments whose variants are conditions; strict files
/// reject mistakes naming the file and the experiment, remote documents read them as warnings.
@Suite("Experiments in documents")
struct ExperimentDocumentTests {
    static func document(experiments: String) -> String {
        ExperimentFixture.document.replacingOccurrences(
            of: #"  "checkout": {"#, with: #"  "$experiments": \#(experiments),"# + "\n" + #"  "checkout": {"#)
    }

    static let named = document(
        experiments:
            #"[{"name": "checkout_copy", "variants": ["control", "treatment"], "description": "Which title sells more"}]"#
    )

    @Test("An exposure and an evaluation name the experiment the document names")
    func experimentIsNamed() throws {
        let provider = try LocalTweakProvider(data: Data(Self.named.utf8), source: "Experiment.json", name: "local")
        let manager = TweakManager(tweakProviders: [provider])
        let log = TweakExposureLog()
        manager.exposureLog = log
        let user = manager.reading(for: TweakContext(randomizationID: ExperimentFixture.id(inControl: true)))
        #expect(user.evaluate(feature: "checkout", variable: "title").experiment == "checkout_copy")
        #expect(user.recordExposure(feature: "checkout", variable: "title")?.experiment == "checkout_copy")
        // A condition no experiment names: no experiment.
        let beta = manager.reading(for: TweakContext(attributes: ["email": "a@beta.example.com"]))
        #expect(beta.evaluate(feature: "checkout", variable: "enabled").experiment == nil)
    }

    @Test(
        "A strict file rejects a wrong experiment, naming the file and the experiment",
        arguments: [
            (
                #"[{"name": "x", "variants": ["control", "nope"]}]"#,
                #"experiment "x": variant "nope" is not a condition"#
            ),
            (
                #"[{"name": "x", "variants": ["control"]}, {"name": "y", "variants": ["control"]}]"#,
                #"experiment "y": condition "control" is already a variant of "x""#
            ),
            (#"[{"name": "x", "variants": []}]"#, #"experiment "x": "variants" must be a non-empty array"#),
            (#"[{"name": "x"}]"#, #"experiment "x": missing "variants""#),
            (#"[{"name": "x", "variants": ["control"], "Owner": "me"}]"#, #"unknown field "Owner""#),
            (#"{"name": "x"}"#, #""$experiments" is object; expected array of experiments"#),
        ])
    func strictErrors(experiments: String, message: String) throws {
        let text = Self.document(experiments: experiments)
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Data(text.utf8), source: "Experiment.json", name: "local")
        }
        #expect(error.description.contains("Experiment.json"), "\(error)")
        #expect(error.description.contains(message), "\(error)")
    }

    @Test("A remote (lenient) document with a wrong experiment keeps its values and warns")
    func lenientWarns() throws {
        let text = Self.document(
            experiments:
                #"[{"name": "x", "variants": ["control", "nope"], "Owner": "me"}, {"name": "ok", "variants": ["treatment"]}]"#
        )
        let document = try LocalTweaksDocument(
            bytes: Array(text.utf8), source: "remote", tweakSource: "remote", strictness: .lenient)
        #expect(document.warnings.map(\.reason.description).contains { $0.contains(#"variant "nope""#) })
        #expect(document.warnings.map(\.reason.description).contains { $0.contains(#"unknown field "Owner""#) })
        let title = try #require(document.definition(feature: "checkout", variable: "title"))
        let branches = try #require(title.tweak.targeting?.branches)
        // The wrong experiment names none of its variants; the right one names its own.
        #expect(branches.map(\.condition.experiment) == [nil, "ok"])
    }

    @Test("A Firebase template's condition names serve as variant ids")
    func firebaseConditionNamesAreVariants() throws {
        let manager = try FirebaseTemplateTests.manager()
        let log = TweakExposureLog()
        manager.exposureLog = log
        let beta = manager.reading(for: TweakContext(randomizationID: "123", attributes: ["plan": "beta"]))
        let exposure = try #require(beta.recordExposure(feature: "checkout", variable: "enabled"))
        #expect(exposure.variant == "beta" && exposure.experiment == nil && exposure.layer == "firebase")
    }
}
