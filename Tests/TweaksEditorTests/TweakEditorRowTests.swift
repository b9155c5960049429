import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

@MainActor
@Suite("The editor's rows, search, filters and pins")
struct TweakEditorRowTests {
    @Test("Rows come from declarations, remote-only keys and overrides, grouped with Ungrouped last")
    func rowsFromTheWholeKeySet() throws {
        let stack = try EditorStack(overridesFile: #"{"qa": {"debug_overlay": {"Value": true}}}"#)
        defer { stack.removeFolder() }
        let editor = try stack.editor()

        let keys = Set(editor.rows.map(\.key))
        #expect(keys.contains(Keys.remoteOnly))
        #expect(keys.contains(Keys.overrideOnly))
        #expect(keys.contains(Keys.maxItems))
        #expect(editor.sections.map(\.name) == ["Interface", "Payments", "Ungrouped"])
        #expect(editor.sections.last?.rows.map(\.key) == [Keys.note, Keys.overrideOnly, Keys.remoteOnly])

        let maxItems = try #require(editor.row(for: Keys.maxItems))
        #expect(maxItems.type?.kind == .int)
        #expect(maxItems.declaration?.declaredBy == "defaults")
        #expect(maxItems.defaultValue == .int(10))
        // The remote "38" is passed over (a string for an Int): the default answers.
        #expect(maxItems.evaluation.tweak?.value == .int(10))
        #expect(maxItems.evaluation.layer == "defaults")
        #expect(maxItems.problems.count == 1)
        #expect(maxItems.problems.first?.hasPrefix("remote: declared as int by defaults") == true)
        #expect(maxItems.declaration?.lifecycle.owner == "@payments")

        let title = try #require(editor.row(for: Keys.title))
        #expect(title.evaluation.tweak?.value == .string("Hello from remote"))
        #expect(title.evaluation.layer == "remote")
        #expect(title.defaultValue == .string("Hello"))
        #expect(title.displayValue == "\"Hello from remote\"")

        let remoteOnly = try #require(editor.row(for: Keys.remoteOnly))
        #expect(remoteOnly.declaration == nil)
        #expect(remoteOnly.type?.kind == .string)  // taken from the remote value
        #expect(remoteOnly.control == .text)

        let overlay = try #require(editor.row(for: Keys.overrideOnly))
        #expect(overlay.override?.value == .bool(true))
        #expect(overlay.evaluation.reason == .override)
        #expect(overlay.boolOverride == true)
    }

    @Test("Each declared kind gets its control, and VoiceOver hears tweak, value and badges")
    func controlsAndAccessibility() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        #expect(editor.row(for: Keys.enabled)?.control == .triState)
        #expect(editor.row(for: Keys.maxItems)?.control == .number)
        #expect(editor.row(for: Keys.ratio)?.control == .number)
        #expect(editor.row(for: Keys.theme)?.control == .json)
        #expect(editor.row(for: Keys.maxItems)?.accessibilityLabel == "Max items, 10, expired, type mismatch")
    }

    @Test("Search looks in feature, variable, title, description and group, in any case")
    func search() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        func visible() -> Set<TweakKey> { Set(editor.sections.flatMap(\.rows).map(\.key)) }

        editor.searchText = "CHECKOUT"  // feature
        #expect(visible() == [Keys.enabled, Keys.maxItems, Keys.newFlow, Keys.rollout])
        editor.searchText = "ratio"  // variable
        #expect(visible() == [Keys.ratio])
        editor.searchText = "Max It"  // title
        #expect(visible() == [Keys.maxItems])
        editor.searchText = "redesigned"  // description
        #expect(visible() == [Keys.enabled])
        editor.searchText = "interface "  // group, trailing space ignored
        #expect(visible() == [Keys.title, Keys.theme, Keys.ratio])
        editor.searchText = "nothing like this"
        #expect(editor.sections.isEmpty)
        editor.searchText = ""
        #expect(visible().count == editor.rows.count)
    }

    @Test("Filters: overridden, targeted, expired (or stale) and mismatched")
    func filters() throws {
        let stack = try EditorStack(overridesFile: #"{"ui": {"ratio": {"Value": 2.5}}}"#)
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        func visible(_ filter: TweakEditorFilter) -> Set<TweakKey> {
            editor.filter = filter
            return Set(editor.sections.flatMap(\.rows).map(\.key))
        }
        #expect(visible(.overridden) == [Keys.ratio])
        #expect(visible(.targeted) == [Keys.newFlow, Keys.rollout])
        // max_items expired on 2026-06-01; new_flow, an experiment created 2026-09-01, is stale
        // after 40 days.
        #expect(visible(.expired) == [Keys.maxItems, Keys.newFlow])
        #expect(editor.row(for: Keys.maxItems)?.isExpired == true)
        #expect(editor.row(for: Keys.newFlow)?.isStale == true)
        #expect(editor.row(for: Keys.newFlow)?.isExpired == false)
        #expect(visible(.mismatched) == [Keys.maxItems])
        #expect(visible(.everything).count == editor.rows.count)
        #expect(TweakEditorFilter.all.map(\.description) == ["All", "Overridden", "Targeted", "Expired", "Mismatched"])
    }

    @Test("Pins persist in the caller's file and show first; a broken pin file is reported, not fatal")
    func pins() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let pinsFile = stack.folder.appendingPathComponent("pins/pins.json")
        let editor = try stack.editor(pinsFile: pinsFile)
        editor.setPinned(true, for: Keys.ratio)
        editor.setPinned(true, for: Keys.note)
        #expect(editor.sections.first?.name == TweakEditor.pinnedSectionName)
        #expect(editor.sections.first?.rows.map(\.key) == [Keys.note, Keys.ratio])
        // A pinned row is shown once, in the pinned section.
        #expect(editor.sections.flatMap(\.rows).filter { $0.key == Keys.ratio }.count == 1)

        let relaunched = try stack.editor(pinsFile: pinsFile)
        #expect(relaunched.pins == [Keys.ratio, Keys.note])
        #expect(relaunched.row(for: Keys.note)?.isPinned == true)
        relaunched.setPinned(false, for: Keys.note)
        #expect(try PinFile(fileURL: pinsFile).loadPins() == [Keys.ratio])

        try Data("{not json".utf8).write(to: pinsFile)
        let broken = try stack.editor(pinsFile: pinsFile)
        #expect(broken.pins.isEmpty)
        #expect(broken.pinsFileProblem?.contains("pins.json") == true)
    }
}

@MainActor
@Suite("Encrypted tweaks in the editor")
struct EncryptedRowTests {
    @Test("An encrypted value is never shown, edited from text, exported in a link or shared")
    func encryptedValuesStayHidden() throws {
        let stack = try EditorStack(overridesFile: #"{"secret": {"token": {"Value": "s3cr3t", "Encrypted": true}}}"#)
        defer { stack.removeFolder() }
        stack.manager.decryptionClosure = { tweak in .string("decrypted-\(tweak.value)") }
        let editor = try stack.editor()
        let row = try #require(editor.row(for: TweakKey(feature: "secret", variable: "token")))
        #expect(row.isEncrypted)
        #expect(row.displayValue == "<encrypted>")
        #expect(row.editText.isEmpty)
        #expect(row.control == .readOnly)
        let shared = editor.shareText(scheme: "myapp")
        #expect(!shared.contains("s3cr3t"))
        #expect(!shared.contains("decrypted"))
        #expect(shared.contains("secret.token = <encrypted>"))
    }
}

@Suite("Search text")
struct SearchTextTests {
    @Test("ASCII and other text match in any case; a query does not span two fields")
    func caseInsensitive() {
        let haystack = SearchText.haystack(["Checkout", nil, "Grüße an ÄRZTE"])
        #expect(SearchText.contains(haystack, SearchText.needle("CHECK")))
        #expect(SearchText.contains(haystack, SearchText.needle(" grüße ")))
        #expect(SearchText.contains(haystack, SearchText.needle("ärzte")))
        #expect(!SearchText.contains(haystack, SearchText.needle("outgr")))
        #expect(SearchText.contains(haystack, SearchText.needle("")))
        #expect(!SearchText.contains([], SearchText.needle("a")))
    }
}
