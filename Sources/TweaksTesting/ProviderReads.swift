import Foundation
import Tweaks

/// The read rules of the ``TweakProvider`` contract, checked one tweak at a time: what both
/// conformance tests share.
final class ProviderReads: Sendable {
    let provider: any TweakProvider
    let log: ViolationLog
    private let failures = Locked(0)

    init(provider: any TweakProvider, log: ViolationLog) {
        self.provider = provider
        self.log = log
    }

    /// Reads that failed while checked `quietly` (from concurrent tasks).
    var concurrentFailures: Int {
        failures.withLock { $0 }
    }

    /// `feature.variable` reads as `value`, through `tweakWith` and `tweakIfPresent`.
    func expect(_ feature: String, _ variable: String, _ value: TweakValue, quietly: Bool = false) {
        let name = "\(feature).\(variable)"
        var problems: [String] = []
        do {
            let tweak = try provider.tweakWith(feature: feature, variable: variable)
            let present = try provider.tweakIfPresent(feature: feature, variable: variable)
            if tweak.feature != feature || tweak.variable != variable {
                problems.append("tweakWith(\(name)) returned \(tweak.feature).\(tweak.variable)")
            }
            if !Self.same(tweak.value, value) {
                problems.append("\(name) reads \(tweak.value.kind) \(tweak.value), expected \(value.kind) \(value)")
            }
            if tweak.source != provider.name {
                problems.append(
                    "\(name) names its source \(tweak.source.map { "'\($0)'" } ?? "nil"), expected '\(provider.name)'")
            }
            if present.map({ Self.same($0.value, tweak.value) }) != true {
                problems.append(
                    "tweakIfPresent(\(name)) answers \(present.map { "\($0.value)" } ?? "nil"), tweakWith \(tweak.value)"
                )
            }
        } catch {
            problems.append("\(name) could not be read: \(error)")
        }
        guard !problems.isEmpty else { return }
        if quietly {
            failures.withLock { $0 += 1 }
        } else {
            for problem in problems { log.record(problem) }
        }
    }

    /// `feature.variable` is missing: `nil` and `TweakError.notFound` naming it.
    func expectMissing(_ feature: String, _ variable: String) {
        let name = "\(feature).\(variable)"
        do {
            if let tweak = try provider.tweakIfPresent(feature: feature, variable: variable) {
                log.record("tweakIfPresent(\(name)) of a missing tweak returned \(tweak.value)")
            }
        } catch {
            log.record("tweakIfPresent(\(name)) of a missing tweak threw \(error), expected nil")
        }
        do {
            let tweak = try provider.tweakWith(feature: feature, variable: variable)
            log.record("tweakWith(\(name)) of a missing tweak returned \(tweak.value)")
        } catch TweakError.notFound(let errorFeature, let errorVariable) {
            if errorFeature != feature || errorVariable != variable {
                log.record("tweakWith(\(name)) threw notFound naming \(errorFeature).\(errorVariable)")
            }
        } catch {
            log.record("tweakWith(\(name)) of a missing tweak threw \(error), expected TweakError.notFound")
        }
    }

    /// `isFeatureEnabled(feature)` follows its `enabled` value: the Bool, else `false`.
    func expectOpinion(on feature: String, from enabled: TweakValue?) {
        let verdict = provider.isFeatureEnabled(feature)
        let expected = enabled?.boolValue ?? false
        if verdict != expected {
            log.record(
                "isFeatureEnabled(\(feature)) with \(enabled.map { "enabled = \($0)" } ?? "no enabled tweak") is \(verdict), expected \(expected)"
            )
        }
    }

    /// Equal values of the same kind: `1` and `1.0` differ.
    static func same(_ lhs: TweakValue, _ rhs: TweakValue) -> Bool {
        lhs.kind == rhs.kind && lhs == rhs
    }
}
