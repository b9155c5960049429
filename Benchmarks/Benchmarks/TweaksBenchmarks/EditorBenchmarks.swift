import Benchmark
import Foundation
import Tweaks
import TweaksEditor

/// The in-app editor with 1,000 tweaks (issue targets: all rows < 5 ms, one search keystroke
/// < 1 ms). A stack of an override layer (10 overrides), a remote-like layer (100 values) and a
/// 1,000-tweak defaults document in 20 groups with titles and descriptions. The editor is main-actor
/// bound: each sample hops to the main actor (the hop, microseconds, is in the figure).
func editorBenchmarks() {
    let milliseconds = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one)
    let manager = EditorFixture.manager()

    Benchmark("Editor: all rows for 1,000 tweaks", configuration: milliseconds) { benchmark in
        let editor = await MainActor.run { TweakEditor(manager: manager) }
        benchmark.startMeasurement()
        await MainActor.run { editor.reload() }
        benchmark.stopMeasurement()
        blackHole(await MainActor.run { editor.sections.count })
    }
    Benchmark("Editor: one search keystroke over 1,000 rows", configuration: milliseconds) { benchmark in
        let editor = await MainActor.run {
            let editor = TweakEditor(manager: manager)
            editor.searchText = "feature_1"
            return editor
        }
        benchmark.startMeasurement()
        await MainActor.run { editor.searchText = "feature_12" }
        benchmark.stopMeasurement()
        blackHole(await MainActor.run { editor.sections.count })
    }
    // Issue 39 E: an import is one write of the overrides file and one change (4,000 entries were
    // 4,000 rewrites, each fsynced: 3.4 s for 2,000).
    let entries = (0..<4_000).map { #""v\#($0)": {"Value": \#($0)}"# }
    let importText = #"{"bulk": {"# + entries.joined(separator: ", ") + "}}"
    Benchmark("Editor: import 4,000 overrides into an overrides file", configuration: milliseconds) { benchmark in
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("TweaksBenchmarks-import-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("overrides.json")
        try Data("{}".utf8).write(to: file)
        let overrides = try OverridesFileTweakProvider(fileURL: file, pollInterval: nil)
        let editor = await MainActor.run {
            let editor = TweakEditor(manager: TweakManager(tweakProviders: [overrides, manager.tweakProviders[2]]))
            return editor
        }
        benchmark.startMeasurement()
        let count = try await MainActor.run { try editor.importOverrides(importText, replacing: false).count }
        benchmark.stopMeasurement()
        blackHole(count)
    }
}

/// The editor benchmarks' stack.
enum EditorFixture {
    static func manager() -> TweakManager {
        var features: [String] = []
        for feature in 0..<100 {
            let variables = (0..<10).map { variable in
                #""variable_\#(variable)": {"Value": \#(variable), "Title": "Tweak \#(feature)-\#(variable)", "#
                    + #""Description": "What tweak \#(variable) of feature \#(feature) changes", "#
                    + #""Group": "Group \#(feature % 20)"}"#
            }
            features.append(#""feature_\#(feature)": {\#(variables.joined(separator: ", "))}"#)
        }
        let document = Data("{\(features.joined(separator: ",\n"))}".utf8)
        let defaults = try! LocalTweakProvider(data: document, source: "editor.json", name: "defaults")
        var remote: [String: [String: TweakValue]] = [:]
        for feature in 0..<100 { remote["feature_\(feature)", default: [:]]["variable_0"] = .int(42) }
        let overrides = EphemeralTweakProvider(name: "overrides")
        for feature in 0..<10 { overrides.set(.int(7), feature: "feature_\(feature)", variable: "variable_1") }
        return TweakManager(tweakProviders: [overrides, RemoteLikeProvider(remote), defaults])
    }
}

/// A layer that declares nothing, as a remote configuration.
final class RemoteLikeProvider: TweakProvider {
    let name = "remote"
    let values: [String: [String: TweakValue]]
    init(_ values: [String: [String: TweakValue]]) { self.values = values }

    func tweak(for key: TweakKey) -> Tweak? {
        values[key.feature]?[key.variable].map { Tweak(feature: key.feature, variable: key.variable, value: $0) }
    }

    var knownTweaks: [Tweak] {
        values.flatMap { feature, variables in
            variables.map { Tweak(feature: feature, variable: $0.key, value: $0.value) }
        }
    }
}
