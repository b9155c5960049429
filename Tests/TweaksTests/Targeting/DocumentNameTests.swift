import Foundation
import Testing

@testable import Tweaks

/// Names a document gives conditions, experiments and percent seeds are printed by `explain`, in
/// logs and in exposure lines: one with a line break or another control character is refused where
/// a person writes the file, and costs a remote document only that condition or experiment.
@Suite("Condition, experiment and seed names with control characters")
struct DocumentNameTests {
    static let hostileNames = ["a\nb", "a\rb", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "a\u{1B}[31mb", "a\u{7F}b"]

    /// A tweaks document with condition `condition` (percent seed `seed`) deciding `f.v`, and an
    /// experiment named `experiment` whose variant it is.
    static func document(condition: String = "beta", seed: String = "s", experiment: String = "exp") -> Data {
        func quoted(_ text: String) -> String { TweakValue.string(text).jsonText }
        return Data(
            """
            {"$conditions": [{"name": \(quoted(condition)), "percent": {"seed": \(quoted(seed)), "operator": "LESS_OR_EQUAL", "microPercent": 100000000}},
                             {"name": "other", "true": {}}],
             "$experiments": [{"name": \(quoted(experiment)), "variants": [\(quoted(condition))]}],
             "f": {"v": {"Value": 1, "ConditionalValues": {\(quoted(condition)): 2}},
                   "w": {"Value": 1, "ConditionalValues": {"other": 3}}}}
            """.utf8)
    }

    @Test(arguments: hostileNames)
    func aLocalFileRefusesSuchAConditionName(_ name: String) {
        #expect(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Self.document(condition: name), source: "t.json", name: "t")
        }
    }

    @Test(arguments: hostileNames)
    func aLocalFileRefusesSuchASeedOrExperimentName(_ name: String) {
        for document in [Self.document(seed: name), Self.document(experiment: name)] {
            #expect(throws: TweakLoadError.self) {
                try LocalTweakProvider(data: document, source: "t.json", name: "t")
            }
        }
    }

    @Test func theMessageNamesTheFileAndTheNameEscaped() throws {
        let error = try #require(throws: TweakLoadError.self) {
            try LocalTweakProvider(data: Self.document(condition: "a\nb"), source: "t.json", name: "t")
        }
        #expect(error.source == "t.json")
        #expect(error.reason == .controlCharacterInName("condition", name: "a\nb"))
        #expect(!error.description.contains("\n"), "\(error.description)")
    }

    @Test(arguments: hostileNames)
    func aRemoteDocumentKeepsTheRestWithTheConditionFalse(_ name: String) throws {
        let document = try LocalTweaksDocument(
            bytes: Array(Self.document(condition: name)), source: "remote", tweakSource: "remote",
            strictness: .lenient)
        #expect(document.warnings.contains { $0.reason == .controlCharacterInName("condition", name: name) })
        let context = TweakContext(randomizationID: "u")
        #expect(document.definition(feature: "f", variable: "v")?.tweak.targeting?.decide(for: context).value == 1)
        #expect(document.definition(feature: "f", variable: "w")?.tweak.targeting?.decide(for: context).value == 3)
    }

    @Test func ordinaryNamesAreKept() throws {
        let provider = try LocalTweakProvider(
            data: Self.document(condition: "beta-2 ü", seed: "seed.1", experiment: "exp 🚩"), source: "t.json",
            name: "t")
        let manager = TweakManager(tweakProviders: [provider]).reading(for: TweakContext(randomizationID: "u"))
        #expect(try manager.value(feature: "f", variable: "v", as: Int.self) == 2)
    }
}
