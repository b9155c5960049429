import Foundation

/// The local tweaks file loader: parser, schema reader and tweak building, as `LocalTweakProvider` runs them.
func fuzzLocalTweaks(_ data: Data) {
    // The linter's list (`tweak validate`) is empty exactly when the document loads, and holds
    // the error that loading throws.
    let problems = LocalTweaksDocument.problems(in: [UInt8](data), source: "fuzz")
    let loaded: LocalTweakProvider
    do {
        loaded = try LocalTweakProvider(data: data, source: "fuzz")
    } catch {
        guard problems.contains(error) else { fatalError("\(error) is not among the problems \(problems)") }
        return
    }
    guard problems.isEmpty else { fatalError("a document that loads has problems: \(problems)") }
    let provider = loaded
    // A document that loads must answer for every tweak it lists.
    for tweak in provider.knownTweaks {
        _ = try? provider.tweakWith(feature: tweak.feature, variable: tweak.variable)
    }
    _ = provider.features
}

/// The strict JSON parser on its own, and the round trip of what it accepts through the writer.
func fuzzJSONParser(_ data: Data) {
    guard let node = try? JSONParser.parse(Array(data), source: "fuzz"), let value = node.tweakValue else { return }
    var text = ""
    JSONWriter.write(value, to: &text)
    guard let reparsed = try? JSONParser.parse(Array(text.utf8), source: "fuzz").tweakValue, reparsed == value else {
        fatalError("JSONWriter output does not parse back to the same value: \(text)")
    }
}

/// The launch-argument parser: the input's lines are the arguments.
func fuzzLaunchArguments(_ data: Data) {
    let arguments = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
    guard let values = try? LaunchArgumentOverrides.values(from: arguments) else { return }
    let written = LaunchArgumentOverrides.arguments(for: values)
    guard (try? LaunchArgumentOverrides.values(from: written)) == values else {
        fatalError("launch arguments do not read back: \(written)")
    }
}
