import Foundation

/// A scratch file per process for the harnesses that load from disk.
let scratchFile = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("tweaks-fuzz-\(ProcessInfo.processInfo.processIdentifier).json")

/// The overrides file loader: the bytes as the file another process left behind.
func fuzzOverridesFile(_ data: Data) {
    guard (try? data.write(to: scratchFile)) != nil else { return }
    guard let provider = try? OverridesFileTweakProvider(fileURL: scratchFile, pollInterval: nil) else { return }
    for tweak in provider.knownTweaks {
        _ = try? provider.tweakWith(feature: tweak.feature, variable: tweak.variable)
    }
}

/// The remote document parser (full and compact forms), and the change list against the last one.
func fuzzRemoteDocument(_ data: Data) {
    guard
        let configuration = try? RemoteConfiguration(
            data: data, etag: nil, fetchTime: Date(), source: "fuzz", providerName: "remote", format: .tweaks)
    else { return }
    _ = RemoteConfiguration.changes(from: nil, to: configuration)
    _ = RemoteConfiguration.changes(from: configuration, to: nil)
}

/// The persisted remote cache loader: the bytes as the cache file found at launch.
func fuzzRemoteCache(_ data: Data) {
    guard (try? data.write(to: scratchFile)) != nil else { return }
    guard let entry = try? RemoteConfigurationCache(url: scratchFile).load(location: "https://example.com/tweaks.json")
    else { return }
    _ = try? RemoteConfiguration(
        data: entry.data, etag: entry.etag, fetchTime: entry.fetchTime, source: "cache", providerName: "remote",
        format: .tweaks)
}

/// The editing model's value parser (`tweak set`, in-app editors): the first byte picks the declared
/// type, the rest is the text.
func fuzzCommandLineValue(_ data: Data) {
    guard let selector = data.first else { return }
    let declared: [TweakValue] = [true, 1, 1.5, "text", .json(["a": 1]), .json([1])]
    let text = String(decoding: data.dropFirst(), as: UTF8.self)
    guard let value = try? TweakValue(parsing: text, like: declared[Int(selector) % declared.count]) else { return }
    guard value.kind == declared[Int(selector) % declared.count].kind else {
        fatalError("\(text) parsed as \(value.kind), not as the declared \(declared[Int(selector) % declared.count].kind)")
    }
}

/// The code generator's input checks and rendering, on a tweaks file.
func fuzzCodeGeneration(_ data: Data) {
    _ = try? AccessorGenerator.sources(
        tweaksJSON: data, source: "fuzz.tweaks.json", configuration: AccessorConfiguration(accessorName: "Fuzzed"))
}
