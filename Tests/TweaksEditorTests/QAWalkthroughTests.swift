import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

@MainActor
@Suite("QA walkthrough")
struct QAWalkthroughTests {
    /// The issue's script: search, flip a Bool, edit a JSON object with a mistake and fix it,
    /// preview another user's context, reset a group, export, import on a fresh stack; then the
    /// resulting stack and overrides file are what QA expects.
    @Test("Search, flip, fix a JSON mistake, preview, reset a group, export, import on a fresh stack")
    func walkthrough() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()

        // 1. Search for the checkout tweaks and flip the feature on.
        editor.searchText = "checkout"
        let checkout = try #require(editor.sections.first { $0.name == "Payments" })
        #expect(checkout.rows.map(\.key).contains(Keys.enabled))
        try editor.setBool(true, for: Keys.enabled)
        #expect(stack.manager.isFeatureEnabled("checkout"))
        try editor.set("25", for: Keys.maxItems)

        // 2. Edit the theme with a typo, read the message, fix it.
        editor.searchText = "theme"
        #expect(editor.sections.flatMap(\.rows).map(\.key) == [Keys.theme])
        let mistake = #expect(throws: TweakEditorError.self) {
            try editor.set(#"{"color": "green", "szie": 16}"#, for: Keys.theme)
        }
        #expect(mistake?.description.contains(#"unknown key "szie""#) == true)
        #expect(editor.row(for: Keys.theme)?.isOverridden == false)
        try editor.set(#"{"color": "green", "size": 16}"#, for: Keys.theme)

        // 3. Preview a beta user: the experiment is on for them, off for this device.
        editor.searchText = ""
        editor.previewContext = TweakContext(randomizationID: "qa-user", attributes: ["plan": "beta"])
        #expect(editor.row(for: Keys.newFlow)?.preview?.tweak?.value == .bool(true))
        #expect(editor.row(for: Keys.newFlow)?.preview?.condition == "beta")
        #expect(editor.row(for: Keys.newFlow)?.evaluation.tweak?.value == .bool(false))

        // 4. Reset the Payments group: the theme override stays.
        try editor.resetGroup("Payments")
        #expect(!stack.manager.isFeatureEnabled("checkout"))
        editor.filter = .overridden
        #expect(editor.sections.flatMap(\.rows).map(\.key) == [Keys.theme])

        // 5. Export, and import on a fresh stack.
        let exported = try editor.exportOverrides()
        let expectedFile = """
            {
                "ui": {
                    "theme": { "Value": {"color":"green","size":16} }
                }
            }

            """
        #expect(exported == expectedFile)
        #expect(stack.overridesText() == expectedFile)

        let fresh = try EditorStack()
        defer { fresh.removeFolder() }
        let freshEditor = try fresh.editor()
        try freshEditor.importOverrides(exported, source: "from QA")
        #expect(fresh.overridesText() == expectedFile)
        #expect(
            try fresh.manager.tweakWith(feature: "ui", variable: "theme").value
                == .json(["color": "green", "size": 16]))
        #expect(fresh.manager.evaluate(feature: "ui", variable: "theme").layer == "overrides file")
        #expect(!fresh.manager.isFeatureEnabled("checkout"))
        #expect(freshEditor.rows.filter(\.isOverridden).map(\.key) == [Keys.theme])
        // A new process reading the file sees the same overrides.
        let reopened = try OverridesFileTweakProvider(fileURL: fresh.overridesURL, pollInterval: nil)
        #expect(reopened.knownTweaks.map(\.value) == [.json(["color": "green", "size": 16])])
    }
}
