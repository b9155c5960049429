import Foundation
import Testing
import Tweaks
import TweaksTesting

/// One manager shared by every case, with an exposure log and an A/B split on the randomization id.
private enum SharedExperiment {
    static let manager: TweakManager = {
        let document = """
            {
              "$conditions": [{"name": "everyone", "percent": {"seed": "s", "operator": "BETWEEN", "microPercentRange": [0, 100000000]}}],
              "checkout": {"title": {"Value": "plain", "ConditionalValues": {"everyone": "Buy now"}}}
            }
            """
        // The document is valid: a failure here is a broken fixture, reported by every test.
        let provider = try? LocalTweakProvider(data: Data(document.utf8), source: "shared.json", name: "local")
        let manager = TweakManager(tweakProviders: provider.map { [$0] } ?? [])
        manager.exposureLog = TweakExposureLog(policy: .oncePerVariant)
        return manager
    }()
}

/// 64 cases read the same tweak of one shared manager at the same time, each for its own users:
/// each captures exactly its own exposures, deduplicated by the policy in memory of its own.
@Suite struct CapturedExposuresTests {
    @Test(arguments: 0..<64)
    func parallelTestsCaptureOnlyTheirOwnExposures(_ number: Int) async throws {
        let manager = SharedExperiment.manager
        // Every case also reads user "common": another case's read must not hide it from this one.
        let users = ["case-\(number)-a", "common", "case-\(number)-b"]
        let exposures = try await capturingExposures { () async throws in
            for _ in 0..<3 {
                for user in users {
                    let title = try manager.reading(for: TweakContext(randomizationID: user)).tweakWith(
                        feature: "checkout", variable: "title")
                    #expect(title.value == "Buy now")
                    await Task.yield()
                }
            }
        }
        #expect(exposures.map(\.randomizationID) == users)
        #expect(exposures.allSatisfy { $0.variant == "everyone" && $0.key.description == "checkout.title" })
    }

    @Test func readsOutsideTheCaptureAreNotCaptured() throws {
        let manager = SharedExperiment.manager
        _ = try manager.reading(for: TweakContext(randomizationID: "outside")).tweakWith(
            feature: "checkout", variable: "title")
        let exposures = capturingExposures {}
        #expect(exposures.isEmpty)
    }
}
