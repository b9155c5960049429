import Foundation
import Testing

@testable import Tweaks

/// The adapters users hand exposures to without writing them: OpenTelemetry attributes and an
/// "Experiment Viewed" JSON line.
@Suite("Exposure adapters")
struct ExposureAdapterTests {
    let exposure = TweakExposure(
        key: TweakKey(feature: "checkout", variable: "title"), value: "Buy \"now\"", variant: "treatment",
        experiment: "checkout_copy", randomizationID: "u1", layer: "remote", reason: .split,
        date: Date(timeIntervalSince1970: 1_795_000_000.25))

    @Test func openTelemetryAttributes() {
        #expect(
            exposure.openTelemetryAttributes == [
                "feature_flag.key": "checkout.title",
                "feature_flag.result.variant": "treatment",
                "feature_flag.result.value": #""Buy \"now\"""#,
                "feature_flag.result.reason": "split",
                "feature_flag.provider.name": "remote",
                "feature_flag.context.id": "u1",
                "feature_flag.set.id": "checkout_copy",
            ])
    }

    @Test func openTelemetryAttributesOfAnEvaluation() throws {
        let manager = try ExperimentFixture.manager()
        let evaluation = manager.evaluate(feature: "checkout", variable: "limit")
        #expect(
            evaluation.openTelemetryAttributes(context: nil) == [
                "feature_flag.key": "checkout.limit", "feature_flag.result.value": "5",
                "feature_flag.result.reason": "default", "feature_flag.provider.name": "local",
            ])
    }

    @Test func openTelemetryAttributesOfAnEvaluationNameItsExperiment() throws {
        let document = """
            {
              "$conditions": [
                {"name": "control", "percent": {"seed": "ab", "operator": "BETWEEN", "microPercentRange": [0, 50000000]}},
                {"name": "treatment", "percent": {"seed": "ab", "operator": "BETWEEN", "microPercentRange": [50000000, 100000000]}}
              ],
              "$experiments": [{"name": "checkout_copy", "variants": ["control", "treatment"]}],
              "checkout": {"title": {"Value": "Checkout", "ConditionalValues": {"control": "Pay", "treatment": "Buy now"}}}
            }
            """
        let provider = try LocalTweakProvider(data: Data(document.utf8), source: "Experiment.json", name: "local")
        let user = TweakContext(randomizationID: ExperimentFixture.id(inControl: false))
        let evaluation = TweakManager(tweakProviders: [provider]).reading(for: user).evaluate(
            feature: "checkout", variable: "title")
        #expect(
            evaluation.openTelemetryAttributes(context: user) == [
                "feature_flag.key": "checkout.title", "feature_flag.result.value": #""Buy now""#,
                "feature_flag.result.variant": "treatment", "feature_flag.result.reason": "split",
                "feature_flag.provider.name": "local", "feature_flag.context.id": user.randomizationID!,
                "feature_flag.set.id": "checkout_copy",
            ])
    }

    @Test func openTelemetryAttributesOfAnEvaluationWithoutAnswerAreAnError() throws {
        let manager = try ExperimentFixture.manager()
        #expect(
            manager.evaluate(feature: "checkout", variable: "missing").openTelemetryAttributes(context: nil) == [
                "feature_flag.key": "checkout.missing", "feature_flag.result.reason": "error",
                "error.type": "flag_not_found",
            ])
        let failing = TweakManager(tweakProviders: [
            TableProvider(name: "t", failing: ["f.x": .notSupported(feature: "f", variable: "x", reason: "broken")])
        ])
        #expect(
            failing.evaluate(feature: "f", variable: "x").openTelemetryAttributes(context: nil) == [
                "feature_flag.key": "f.x", "feature_flag.result.reason": "error", "error.type": "general",
            ])
    }

    @Test func experimentViewedJSONLine() throws {
        let line = exposure.experimentViewedJSONLine
        #expect(!line.contains("\n"))
        #expect(
            line
                == #"{"event":"Experiment Viewed","properties":{"experiment_id":"checkout_copy","feature":"checkout.title","layer":"remote","reason":"SPLIT","value":"Buy \"now\"","variation_id":"treatment"},"timestamp":"2026-11-18T11:06:40.250Z","userId":"u1"}"#
        )
        // Any JSON reader takes it.
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["event"] as? String == "Experiment Viewed")
    }

    @Test func withoutExperimentOrIdTheKeyAndNullStandIn() {
        let anonymous = TweakExposure(
            key: TweakKey(feature: "f", variable: "x"), value: 1, variant: "beta", randomizationID: nil,
            layer: "local", reason: .targetingMatch, date: Date(timeIntervalSince1970: 0))
        #expect(anonymous.experimentViewedJSONLine.contains(#""experiment_id":"f.x""#))
        #expect(anonymous.experimentViewedJSONLine.contains(#""userId":null"#))
    }
}
