import Foundation
import Tweaks

// ReadInstructions OPERATION COUNT runs one operation COUNT times after one warm-up read, so that
// (callgrind of COUNT 2,000 − callgrind of COUNT 1,000) ÷ 1,000 is the instructions of one
// operation (./count.sh). TWEAKS_ROOT is the checkout whose example file the stack reads. The
// stack is the benchmarks': session overrides, UserDefaults, a second layer, the example file.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

struct NoOpHook: TweakHook {
    func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {}
}

let arguments = CommandLine.arguments
let operation = arguments[1]
let count = Int(arguments[2])!
let exampleURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["TWEAKS_ROOT"]! + "/LocalTweaks_example.json")
let example = try LocalTweakProvider(jsonURL: exampleURL)
let second = EphemeralTweakProvider(name: "second", values: ["other": ["x": 1]])
let suite = "ReadInstructions.\(ProcessInfo.processInfo.processIdentifier)"
// The benchmarks' targeting documents: a custom-signal and a percent condition, and flagd flags of
// the same shapes (Benchmarks/TweaksBenchmarks: targetingDocument, flagdDocument).
let conditional = try LocalTweakProvider(
    data: Data(
        #"""
        {"$conditions": [
           {"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}},
           {"name": "ten", "percent": {"seed": "s", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}}],
         "general": {"meaning_of_life": {"Value": 42, "ConditionalValues": {"beta": 43}},
                     "rollout": {"Value": 1, "ConditionalValues": {"ten": 2}}}}
        """#.utf8), name: "conditional")
let flagd = try LocalTweakProvider(
    data: Data(
        #"""
        {"flags": {
           "general.meaning_of_life": {"state": "ENABLED", "variants": {"plain": 42, "beta": 43},
             "defaultVariant": "plain", "targeting": {"if": [{"==": [{"var": "plan"}, "beta"]}, "beta"]}},
           "general.rollout": {"state": "ENABLED", "variants": {"ten": 2, "rest": 1}, "defaultVariant": "rest",
             "targeting": {"fractional": [["ten", 10], ["rest", 90]]}}}}
        """#.utf8), name: "flagd", format: .flagd)
func stack(cache: Bool, hook: Bool = false, log: LogLevel? = nil, last: LocalTweakProvider = example) -> TweakManager {
    let manager = TweakManager(tweakProviders: [
        EphemeralTweakProvider(name: "session", values: ["session": ["override": true]]),
        UserDefaultsTweakProvider(userDefaults: UserDefaults(suiteName: suite)!), second, last,
    ])
    manager.useCache = cache
    if hook { manager.addHook(NoOpHook()) }
    if let log {
        manager.minimumLogLevel = log
        manager.logClosure = { message, level in if level >= .notice { blackHole(message) } }
    }
    return manager
}
let dictionary: [String: [String: TweakValue]] = ["general": ["meaning_of_life": .int(42), "other": .bool(true)]]
let cached = stack(cache: true)
let uncached = stack(cache: false)
let hooked = stack(cache: true, hook: true)
let hookedUncached = stack(cache: false, hook: true)
let logCached = stack(cache: true, log: .notice)
let logUncached = stack(cache: false, log: .notice)
let beta = TweakContext(randomizationID: "user-1", attributes: ["plan": "beta"])
let firebaseUser = stack(cache: true, last: conditional).reading(for: beta)
let flagdUser = stack(cache: true, last: flagd).reading(for: beta)
let read: () -> Void
switch operation {
case "baseline": read = { blackHole(dictionary["general"]?["meaning_of_life"]) }
case "cached": read = { blackHole(try? cached.tweakWith(feature: "general", variable: "meaning_of_life")) }
case "uncached4": read = { blackHole(try? uncached.tweakWith(feature: "general", variable: "meaning_of_life")) }
case "uncached1": read = { blackHole(try? uncached.tweakWith(feature: "session", variable: "override")) }
case "flagCached": read = { blackHole(cached.isFeatureEnabled("ui_customization")) }
case "flagUncached": read = { blackHole(uncached.isFeatureEnabled("ui_customization")) }
case "intCached": read = { blackHole(try? cached.value(feature: "general", variable: "meaning_of_life", as: Int.self)) }
case "intUncached":
    read = { blackHole(try? uncached.value(feature: "general", variable: "meaning_of_life", as: Int.self)) }
case "hookCached": read = { blackHole(try? hooked.tweakWith(feature: "general", variable: "meaning_of_life")) }
case "hookUncached":
    read = { blackHole(try? hookedUncached.tweakWith(feature: "general", variable: "meaning_of_life")) }
case "logIntCached":
    read = { blackHole(try? logCached.value(feature: "general", variable: "meaning_of_life", as: Int.self)) }
case "logIntUncached":
    read = { blackHole(try? logUncached.value(feature: "general", variable: "meaning_of_life", as: Int.self)) }
case "firebaseCondition":
    read = { blackHole(try? firebaseUser.tweakWith(feature: "general", variable: "meaning_of_life")) }
case "flagdCondition": read = { blackHole(try? flagdUser.tweakWith(feature: "general", variable: "meaning_of_life")) }
case "firebasePercent": read = { blackHole(try? firebaseUser.tweakWith(feature: "general", variable: "rollout")) }
case "flagdFractional": read = { blackHole(try? flagdUser.tweakWith(feature: "general", variable: "rollout")) }
case "evaluate": read = { blackHole(uncached.evaluate(feature: "general", variable: "meaning_of_life")) }
default: fatalError("unknown operation \(operation)")
}
read()
for _ in 0..<count { read() }
UserDefaults.standard.removePersistentDomain(forName: suite)
