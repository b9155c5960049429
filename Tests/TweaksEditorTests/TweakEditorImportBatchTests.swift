import Foundation
import Testing

@testable import Tweaks
@testable import TweaksEditor

/// An import writes the overrides file once and announces one change, however many entries it has.
@MainActor
@Suite("Import in one write")
struct TweakEditorImportBatchTests {
    @Test(arguments: [false, true])
    func anImportOfThousandsOfEntriesIsOneWrite(replacing: Bool) throws {
        let stack = try EditorStack(overridesFile: #"{"qa": {"debug_overlay": {"Value": true}}}"#)
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        let changes = Locked(0)
        let observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: stack.overrides, queue: nil
        ) { _ in changes.withLock { $0 += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        let entries = (0..<4_000).map { #""v\#($0)": {"Value": \#($0)}"# }
        let text = #"{"bulk": {"# + entries.joined(separator: ", ") + "}}"
        let writesBefore = stack.overrides.fileWrites.withLock { $0 }

        let imported = try editor.importOverrides(text, replacing: replacing)
        #expect(imported.count == 4_000)
        #expect(stack.overrides.fileWrites.withLock { $0 } == writesBefore + 1)
        #expect(changes.withLock { $0 } == 1)
        #expect(editor.row(for: TweakKey(feature: "bulk", variable: "v3999"))?.override?.value == .int(3999))
        #expect((editor.row(for: Keys.overrideOnly)?.isOverridden ?? false) == !replacing)
        let reread = try OverridesFileTweakProvider(fileURL: stack.overridesURL, pollInterval: nil)
        #expect(reread.knownTweaks.count == (replacing ? 4_000 : 4_001))
    }
}
