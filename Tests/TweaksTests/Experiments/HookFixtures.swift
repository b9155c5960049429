import Foundation

@testable import Tweaks

/// A hook failure for tests.
struct HookFailure: Error, Equatable {
    let stage: String
}

/// Writes each stage it runs to a shared journal as `name.stage`, keeps its hook data, and can add
/// to the context or throw in chosen stages.
struct JournalingHook: TweakHook {
    let name: String
    let journal: Locked<[String]>
    var failing: Set<String> = []
    var addition: TweakContext?
    /// What each stage saw, for the assertions.
    var seen: Locked<[String: [String]]>? = nil

    private func note(_ stage: String, _ context: TweakHookContext, data: inout TweakHookData) throws {
        journal.withLock { $0.append("\(name).\(stage)") }
        let stages = (data["stages"] as? [String] ?? []) + [stage]
        data["stages"] = stages
        seen?.withLock { $0["\(stage).data"] = stages }
        seen?.withLock { $0["\(stage).hints"] = context.hints.keys.sorted() }
        seen?.withLock { $0["\(stage).context"] = [context.context?.description ?? "nil"] }
        if failing.contains(stage) { throw HookFailure(stage: "\(name).\(stage)") }
    }

    func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
        try note("before", context, data: &data)
        return addition
    }

    func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        seen?.withLock { $0["after.evaluation"] = [evaluation.description] }
        try note("after", context, data: &data)
    }

    func error(_ context: TweakHookContext, error: any Error, data: inout TweakHookData) throws {
        seen?.withLock { $0["error.error"] = [String(describing: error)] }
        try note("error", context, data: &data)
    }

    func finally(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        try note("finally", context, data: &data)
    }
}

/// Counts the `after` stages it runs, by key.
struct CountingHook: TweakHook {
    let counts = Locked<[String: Int]>([:])

    func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        counts.withLock { $0["\(context.key)", default: 0] += 1 }
    }

    func count(_ key: String) -> Int { counts.withLock { $0[key] ?? 0 } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}

/// Notes each key it is asked for in a journal: shows when resolution happens between hook stages.
final class JournalingProvider: TweakProvider {
    let journal: Locked<[String]>
    let values: [TweakKey: TweakValue]

    init(journal: Locked<[String]>, values: [String: TweakValue]) {
        self.journal = journal
        self.values = Dictionary(
            uniqueKeysWithValues: values.map { path, value in
                let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
                return (TweakKey(feature: parts[0], variable: parts[1]), value)
            })
    }

    func tweak(for key: TweakKey) throws -> Tweak? {
        journal.withLock { $0.append("resolve \(key)") }
        return values[key].map { Tweak(feature: key.feature, variable: key.variable, value: $0) }
    }
}

/// A document with an A/B split on seed `ab`, a condition on an attribute and plain tweaks.
enum ExperimentFixture {
    static let document = """
        {
          "$conditions": [
            {"name": "beta_testers", "customSignal": {"key": "email", "operator": "STRING_CONTAINS", "values": ["@beta.example.com"]}},
            {"name": "control", "percent": {"seed": "ab", "operator": "BETWEEN", "microPercentRange": [0, 50000000]}},
            {"name": "treatment", "percent": {"seed": "ab", "operator": "BETWEEN", "microPercentRange": [50000000, 100000000]}}
          ],
          "checkout": {
            "enabled": {"Value": false, "ConditionalValues": {"beta_testers": true}},
            "title": {"Value": "Checkout", "ConditionalValues": {"control": "Pay", "treatment": "Buy now"}},
            "limit": {"Value": 5}
          }
        }
        """

    static func manager(cache: Bool = false) throws -> TweakManager {
        let provider = try LocalTweakProvider(data: Data(document.utf8), source: "Experiment.json", name: "local")
        let manager = TweakManager(tweakProviders: [provider])
        manager.useCache = cache
        return manager
    }

    /// An id in the control half (`control`) or the treatment half of seed `ab`, found by the real hash.
    static func id(inControl: Bool, skipping: Int = 0) -> String {
        let matching = (0...).lazy.map { "user-\($0)" }.filter {
            let percentile = MicroPercentile.of(seed: "ab", randomizationID: $0)
            return inControl ? percentile > 0 && percentile <= 50_000_000 : percentile > 50_000_000
        }
        return Array(matching.prefix(skipping + 1))[skipping]
    }
}
