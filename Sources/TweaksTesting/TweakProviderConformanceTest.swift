import Foundation
public import Tweaks

/// Checks a read-only `TweakProvider` against the protocol's documented contract, given the
/// tweaks it is known to hold: in the spirit of swift-configuration's `ProviderCompatTest`.
///
/// ```swift
/// @Test func myProviderConforms() async throws {
///     let provider = try MyProvider(contents: ["checkout": ["enabled": true, "limit": 3]])
///     try await TweakProviderConformanceTest(
///         provider: provider, expected: ["checkout": ["enabled": true, "limit": 3]]
///     ).run()
/// }
/// ```
///
/// Checked: every expected tweak reads back with its feature, variable, exact value (kind
/// included: `1` is not `1.0`) and the provider's name as source, through both `tweakWith` and
/// `tweakIfPresent`; a missing tweak is `nil` from `tweakIfPresent` and exactly
/// `TweakError.notFound` naming it from `tweakWith`; variables never collide across features;
/// `isFeatureEnabled` is the Boolean `enabled` tweak, `nil` without one, an error for another type;
/// `knownTweaks` lists every expected tweak; and all of it holds under concurrent reads.
public struct TweakProviderConformanceTest: Sendable {
    let provider: any TweakProvider
    let expected: [String: [String: TweakValue]]

    /// A test of `provider`, which must hold exactly `expected` (feature → variable → value) among
    /// its tweaks, none of them encrypted. Give at least one feature with two variables.
    public init(provider: any TweakProvider, expected: [String: [String: TweakValue]]) {
        self.provider = provider
        self.expected = expected
    }

    /// Runs every check.
    /// - Throws: ``TweakProviderConformanceFailure`` listing every violation found.
    public func run() async throws {
        let log = ViolationLog()
        let reads = ProviderReads(provider: provider, log: log)
        for (feature, variables) in expected {
            for (variable, value) in variables { reads.expect(feature, variable, value) }
            reads.expectMissing(feature, "conformance_missing_variable")
            reads.expectOpinion(on: feature, from: variables[TweakManager.featureEnabledVariable])
        }
        let absentFeature = "conformance_missing_feature"
        for variable in Set(expected.values.flatMap(\.keys)) { reads.expectMissing(absentFeature, variable) }
        reads.expectOpinion(on: absentFeature, from: nil)

        let known = Set(provider.knownTweaks.map { "\($0.feature).\($0.variable)=\($0.value)" })
        for (feature, variables) in expected {
            for (variable, value) in variables where !known.contains("\(feature).\(variable)=\(value)") {
                log.record("knownTweaks does not list \(feature).\(variable) = \(value)")
            }
        }

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        for (feature, variables) in expected {
                            for (variable, value) in variables { reads.expect(feature, variable, value, quietly: true) }
                        }
                    }
                }
            }
        }
        if reads.concurrentFailures > 0 {
            log.record("\(reads.concurrentFailures) concurrent reads (8 tasks) returned a wrong answer")
        }
        try log.throwIfAny(provider: provider.name)
    }
}
