import Foundation
import TestSupport
import Testing

@testable import Tweaks

/// Records the change notifications one provider posts.
final class ChangeRecorder: Sendable {
    private let tweaks = Locked<[Tweak?]>([])
    // Written once in `init`, read once in `deinit`; the notification block never touches it.
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    init(_ provider: AnyObject) {
        observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: provider, queue: nil
        ) { [tweaks] notification in
            // Each changed tweak of the announced change; `nil` for a change of everything.
            let change = notification.userInfo?[TweakProviderDidChangeNotificationChangeKey] as? TweakChange
            let changed: [Tweak?] = change.map { $0.keys == nil ? [nil] : $0.tweaks.map(Optional.some) } ?? [nil]
            tweaks.withLock { $0.append(contentsOf: changed) }
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    var all: [Tweak?] { tweaks.withLock { $0 } }
    /// "feature.variable=value" for each notification, sorted.
    var summary: [String] {
        all.map { $0.map { "\($0.feature).\($0.variable)=\($0.value)" } ?? "nil" }.sorted()
    }

    /// Waits (`eventually`'s checks) for at least `count` notifications.
    func wait(for count: Int) async {
        _ = await eventually { all.count >= count }
    }
}

@Suite("OverridesFileTweakProvider")
struct OverridesFileTweakProviderTests {
    static let everyKind: [(String, TweakValue)] = [
        ("bool", true), ("int", 1), ("int_max", .int(Int.max)), ("double_whole", 1.0), ("double", -2.75),
        ("string", "héllo \"world\"\n"), ("string_number", "42"),
        ("json", .json(["isUnderMaintenance": true, "ratio": 1.0, "tags": ["a"], "none": nil])),
    ]

    @Test func valuesPersistExactlyInTheLocalSchemaWithModeSixHundred() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("nested/folder/overrides.json")
            let writer = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            #expect(!FileManager.default.fileExists(atPath: url.path))  // created by the first change
            for (variable, value) in Self.everyKind { try writer.set(value, feature: "f", variable: variable) }
            #expect(writer.lastError == nil)

            let reader = try OverridesFileTweakProvider(fileURL: url, name: "reader", pollInterval: nil)
            for (variable, value) in Self.everyKind {
                let tweak = try reader.tweakWith(feature: "f", variable: variable)
                #expect(tweak.value == value && tweak.value.kind == value.kind, "\(variable)")
                #expect(tweak.source == "reader")
            }
            // The same schema as the defaults file, so LocalTweakProvider reads it too.
            let local = try LocalTweakProvider(jsonURL: url)
            #expect(local.knownTweaks.count == Self.everyKind.count)

            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let folder = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)
            #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            // Only the file: no temporary file left behind.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
                    == ["overrides.json"])
        }
    }

    @Test func theFileIsSortedOneEntryPerLine() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            try provider.set(43, feature: "general", variable: "meaning_of_life")
            try provider.set(false, feature: "general", variable: "enabled")
            try provider.set("Hi", feature: "ui", variable: "label_text")
            #expect(
                try String(contentsOf: url, encoding: .utf8) == """
                    {
                        "general": {
                            "enabled": { "Value": false },
                            "meaning_of_life": { "Value": 43 }
                        },
                        "ui": {
                            "label_text": { "Value": "Hi" }
                        }
                    }

                    """)
            try provider.removeAllValues()
            #expect(try String(contentsOf: url, encoding: .utf8) == "{}\n")
        }
    }

    @Test func readsNeverTouchTheDisk() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            try provider.set(1, feature: "f", variable: "v")
            try FileManager.default.removeItem(at: url)
            #expect(try provider.tweakWith(feature: "f", variable: "v").value == 1)
            let recorder = ChangeRecorder(provider)
            try provider.reload()  // now it looks: the file is gone, so is the override
            #expect(try provider.tweakIfPresent(feature: "f", variable: "v") == nil)
            #expect(recorder.summary == ["f.v=1"])  // a removal announces the tweak as it was
        }
    }

    @Test func changesAnnounceEachTweakAndNothingForNoChange() throws {
        try TemporaryDirectory.with { directory in
            let provider = try OverridesFileTweakProvider(
                fileURL: directory.url.appendingPathComponent("o.json"), pollInterval: nil)
            let recorder = ChangeRecorder(provider)
            try provider.set(1, feature: "f", variable: "a")
            try provider.set(2, feature: "f", variable: "b")
            try provider.deleteValue(feature: "f", variable: "missing")
            try provider.deleteValue(feature: "f", variable: "a")
            try provider.removeAllValues()
            #expect(recorder.summary == ["f.a=1", "f.a=1", "f.b=2", "f.b=2"])
            try provider.reload()  // our own writes are not changes from outside
            #expect(recorder.all.count == 4)
        }
    }

    @Test func anotherWritersChangesArePolledAndAnnouncedPerTweak() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let url = directory.url.appendingPathComponent("overrides.json")
        let watcher = try OverridesFileTweakProvider(fileURL: url, name: "watcher", pollInterval: 0.1)
        let manager = TweakManager(tweakProviders: [watcher, TableProvider(name: "defaults", ["f.a": 0])])
        manager.useCache = true
        #expect(try manager.tweakWith(feature: "f", variable: "a").value == 0)
        let recorder = ChangeRecorder(watcher)

        let other = try OverridesFileTweakProvider(fileURL: url, name: "other", pollInterval: nil)
        try other.set(1, feature: "f", variable: "a")
        try other.set("x", feature: "g", variable: "b")
        await recorder.wait(for: 2)
        #expect(recorder.summary == ["f.a=1", "g.b=x"])
        #expect(try manager.tweakWith(feature: "f", variable: "a").value == 1)  // the cache was emptied
        #expect(try manager.tweakWith(feature: "f", variable: "a").source == "watcher")

        try other.deleteValue(feature: "f", variable: "a")
        await recorder.wait(for: 3)
        #expect(recorder.summary == ["f.a=1", "f.a=1", "g.b=x"])
        #expect(try manager.tweakWith(feature: "f", variable: "a").value == 0)
    }

    @Test func aWriteKeepsWhatAnotherProcessWroteMeanwhile() throws {
        try TemporaryDirectory.with { directory in
            let url = directory.url.appendingPathComponent("overrides.json")
            let first = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            let second = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            let recorder = ChangeRecorder(first)
            try first.set(1, feature: "f", variable: "a")
            try second.set(2, feature: "f", variable: "b")
            try first.set(3, feature: "f", variable: "c")  // first has not polled: it reads the file before writing
            let reread = try LocalTweakProvider(jsonURL: url)
            #expect(reread.knownTweaks.map { "\($0.variable)=\($0.value)" }.sorted() == ["a=1", "b=2", "c=3"])
            #expect(try first.tweakWith(feature: "f", variable: "b").value == 2)
            #expect(recorder.summary == ["f.a=1", "f.b=2", "f.c=3"])
        }
    }

    @Test func aBadFileIsReportedAndTheGoodValuesKept() throws {
        try TemporaryDirectory.with { directory in
            let url = try directory.write(Data(#"{"f": {"v": {"Valeu": 1}}}"#.utf8), named: "overrides.json")
            #expect {
                try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            } throws: { error in
                "\(error)" == "\(url.path):1:14: f.v: unknown field \"Valeu\" (a typo?)"
            }

            try Data(#"{"f": {"v": {"Value": 1}}}"#.utf8).write(to: url)
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            try Data(#"{"f": {"v": {"Value": 2},}}"#.utf8).write(to: url)
            #expect(throws: TweakLoadError.self) { try provider.reload() }
            #expect(provider.lastError is TweakLoadError)
            #expect(try provider.tweakWith(feature: "f", variable: "v").value == 1)
            // A write would destroy the hand-edited file: set refuses and changes nothing.
            #expect(throws: TweakLoadError.self) { try provider.set(3, feature: "f", variable: "w") }
            #expect(try provider.tweakIfPresent(feature: "f", variable: "w") == nil)
            #expect(try String(contentsOf: url, encoding: .utf8) == #"{"f": {"v": {"Value": 2},}}"#)

            try Data(#"{"f": {"v": {"Value": 4}}}"#.utf8).write(to: url)
            try provider.reload()
            #expect(provider.lastError == nil)
            #expect(try provider.tweakWith(feature: "f", variable: "v").value == 4)
        }
    }

    @Test func anUnwritableFileThrowsAndChangesNothing() throws {
        try TemporaryDirectory.with { directory in
            // The "folder" is a file: nothing can be created in it (even by root, unlike permissions).
            let notAFolder = try directory.write(Data(), named: "file")
            let url = notAFolder.appendingPathComponent("overrides.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            #expect {
                try provider.set(1, feature: "f", variable: "v")
            } throws: { error in
                (error as? TweakWriteError)?.path == url.path
                    && "\(error)" == "\(url.path): cannot be written: cannot create a temporary file: Not a directory"
            }
            #expect(try provider.tweakIfPresent(feature: "f", variable: "v") == nil)
            // Through a manager, the error reaches the caller and nothing is announced.
            let recorder = ChangeRecorder(provider)
            let manager = TweakManager(tweakProviders: [provider])
            #expect(throws: TweakWriteError.self) { try manager.set(1, feature: "f", variable: "v") }
            #expect(try manager.tweakIfPresent(feature: "f", variable: "v") == nil)
            #expect(recorder.all.isEmpty)
        }
    }

    @Test func encryptedEntriesGoThroughTheDecryptionClosure() throws {
        try TemporaryDirectory.with { directory in
            let url = try directory.write(
                Data(#"{"f": {"secret": {"Value": "terces", "Encrypted": true, "Title": "S"}}}"#.utf8),
                named: "o.json")
            let provider = try OverridesFileTweakProvider(fileURL: url, pollInterval: nil)
            #expect(throws: TweakError.decryptionClosureNotProvided(feature: "f", variable: "secret")) {
                try provider.tweakWith(feature: "f", variable: "secret")
            }
            provider.decryptionClosure = { .string(String($0.value.stringValue!.reversed())) }
            let tweak = try provider.tweakWith(feature: "f", variable: "secret")
            #expect(tweak.value == "secret" && tweak.isEncrypted && tweak.title == "S")
            // Rewriting the file keeps the entry encrypted, with its metadata.
            try provider.set(1, feature: "f", variable: "other")
            #expect(
                try String(contentsOf: url, encoding: .utf8).contains(
                    #""secret": { "Title": "S", "Encrypted": true, "Value": "terces" }"#))
        }
    }

    @Test func theDefaultFileIsOnePerProjectFolderUnlessTheEnvironmentNamesOne() {
        let home = ["XDG_CONFIG_HOME": "/home/me/.config"]
        let app = OverridesFileTweakProvider.defaultFileURL(
            forProjectAt: URL(fileURLWithPath: "/work/app"), environment: home)
        let again = OverridesFileTweakProvider.defaultFileURL(
            forProjectAt: URL(fileURLWithPath: "/work/app/"), environment: home)
        let service = OverridesFileTweakProvider.defaultFileURL(
            forProjectAt: URL(fileURLWithPath: "/work/service"), environment: home)
        #expect(app == again)
        #expect(app != service)
        #expect(app.path.hasPrefix("/home/me/.config/tweaks/overrides/app-") && app.pathExtension == "json")
        let named = OverridesFileTweakProvider.defaultFileURL(
            forProjectAt: URL(fileURLWithPath: "/work/app"),
            environment: home.merging(["TWEAKS_OVERRIDES_FILE": "/srv/overrides.json"]) { $1 })
        #expect(named.path == "/srv/overrides.json")
    }
}
