import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksEditor

/// A provider of fixed values that declares nothing, as a remote configuration is: its values are
/// checked against the schema, and it can post events like a remote provider.
final class RemoteStandIn: TweakProvider {
    let name = "remote"
    private let values: Locked<[TweakKey: TweakValue]>

    init(_ values: [TweakKey: TweakValue]) {
        self.values = Locked(values)
    }

    func tweak(for key: TweakKey) -> Tweak? {
        values.withLock { $0[key] }.map { Tweak(feature: key.feature, variable: key.variable, value: $0, source: name) }
    }

    var knownTweaks: [Tweak] {
        values.withLock { $0 }.map { Tweak(feature: $0.key.feature, variable: $0.key.variable, value: $0.value) }
    }

    /// Changes a value and announces it, as an activation does.
    func activate(_ value: TweakValue, for key: TweakKey) {
        values.withLock { $0[key] = value }
        postDidChange(.tweaks([Tweak(feature: key.feature, variable: key.variable, value: value)]))
    }
}

/// The keys of the stack's tweaks.
enum Keys {
    static let enabled = TweakKey(feature: "checkout", variable: "enabled")
    static let maxItems = TweakKey(feature: "checkout", variable: "max_items")
    static let newFlow = TweakKey(feature: "checkout", variable: "new_flow")
    static let rollout = TweakKey(feature: "checkout", variable: "rollout")
    static let title = TweakKey(feature: "ui", variable: "title")
    static let theme = TweakKey(feature: "ui", variable: "theme")
    static let ratio = TweakKey(feature: "ui", variable: "ratio")
    static let note = TweakKey(feature: "misc", variable: "note")
    static let remoteOnly = TweakKey(feature: "server", variable: "banner")
    static let overrideOnly = TweakKey(feature: "qa", variable: "debug_overlay")
}

/// A real stack in a temporary folder of its own: launch-argument overrides (highest), an
/// overrides file, a remote stand-in and the local defaults file, with a manager over them.
struct EditorStack {
    static let defaults = #"""
        {
          "$conditions": [
            {"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}},
            {"name": "half", "percent": {"seed": "rollout-seed", "operator": "LESS_OR_EQUAL", "microPercent": 50000000}}
          ],
          "checkout": {
            "enabled": {"Value": false, "Title": "Checkout", "Group": "Payments", "Description": "The redesigned checkout"},
            "max_items": {"Value": 10, "Title": "Max items", "Group": "Payments", "Owner": "@payments",
                          "Kind": "release", "Created": "2026-01-01", "Expires": "2026-06-01"},
            "new_flow": {"Value": false, "Group": "Payments", "Kind": "experiment", "Created": "2026-09-01",
                         "ConditionalValues": {"beta": true}},
            "rollout": {"Value": false, "Group": "Payments", "ConditionalValues": {"half": true}}
          },
          "ui": {
            "title": {"Value": "Hello", "Group": "Interface"},
            "theme": {"Value": {"color": "red", "size": 12}, "Group": "Interface", "Title": "Theme"},
            "ratio": {"Value": 1.5, "Group": "Interface"}
          },
          "misc": {"note": {"Value": "plain"}}
        }
        """#

    let folder: URL
    let overridesURL: URL
    let launchArguments: EphemeralTweakProvider
    let overrides: OverridesFileTweakProvider
    let remote: RemoteStandIn
    let defaults: LocalTweakProvider
    let manager: TweakManager

    /// A stack in a new temporary folder; `overridesFile` is written as the overrides file first.
    init(overridesFile: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tweaks-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let defaultsURL = folder.appendingPathComponent("defaults.json")
        try Data(Self.defaults.utf8).write(to: defaultsURL)
        overridesURL = folder.appendingPathComponent("overrides.json")
        if let overridesFile { try Data(overridesFile.utf8).write(to: overridesURL) }
        launchArguments = EphemeralTweakProvider(name: "launch arguments")
        overrides = try OverridesFileTweakProvider(fileURL: overridesURL, name: "overrides file", pollInterval: nil)
        remote = RemoteStandIn([
            Keys.title: "Hello from remote", Keys.maxItems: "38", Keys.remoteOnly: "Sale today",
        ])
        defaults = try LocalTweakProvider(jsonURL: defaultsURL, name: "defaults")
        manager = TweakManager(tweakProviders: [launchArguments, overrides, remote, defaults])
    }

    /// An editor writing to the overrides file, deciding lifecycle badges for 2026-11-25.
    @MainActor
    func editor(pinsFile: URL? = nil) throws -> TweakEditor {
        try TweakEditor(manager: manager, writableLayer: overrides, pinsFile: pinsFile, today: { Self.today })
    }

    static let today = TweakDay("2026-11-25")!

    /// The overrides file's text, `nil` when there is none.
    func overridesText() -> String? {
        (try? Data(contentsOf: overridesURL)).map { String(decoding: $0, as: UTF8.self) }
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Waits until `condition` holds, letting the main actor run the editor's live updates meanwhile
/// (`eventually`'s checks: 3,000, a minute on an idle machine).
@MainActor
func waitUntil(_ what: Comment, _ condition: @MainActor () -> Bool) async {
    if await !eventually(checks: 3_000, { condition() }) { Issue.record("timed out waiting until \(what)") }
}
