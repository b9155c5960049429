import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

@MainActor
@Suite("Export, import, share text and deep links")
struct TweakEditorTransferTests {
    @Test("Export writes the overrides-file format; import checks everything before writing anything")
    func exportAndImport() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        try editor.set("12", for: Keys.maxItems)
        try editor.set(#"{"color": "blue", "size": 14}"#, for: Keys.theme)
        let exported = try editor.exportOverrides()
        #expect(exported == stack.overridesText())

        let fresh = try EditorStack()
        defer { fresh.removeFolder() }
        let other = try fresh.editor()
        let badType = #"{"checkout": {"max_items": {"Value": "many"}}, "ui": {"ratio": {"Value": 3}}}"#
        let refused = #expect(throws: TweakEditorError.self) { try other.importOverrides(badType, source: "mail.json") }
        #expect(
            refused?.description
                == #"mail.json: nothing imported: checkout.max_items: declared as int by defaults, found string "many""#
        )
        let typo = #expect(throws: TweakEditorError.self) {
            try other.importOverrides(#"{"ui": {"ratio": {"Valeu": 3}}}"#, source: "mail.json")
        }
        #expect(typo?.description.contains("mail.json") == true)
        let targeted = #"""
            {"$conditions": [{"name": "all", "true": {}}],
             "ui": {"ratio": {"Value": 3, "ConditionalValues": {"all": 4}}}}
            """#
        let conditional = #expect(throws: TweakEditorError.self) { try other.importOverrides(targeted) }
        #expect(conditional?.problem.contains("ui.ratio: overrides have no conditional values") == true)
        #expect(fresh.overridesText() == nil)

        #expect(try other.importOverrides(exported) == [Keys.maxItems, Keys.theme])
        #expect(fresh.overridesText() == exported)
        #expect(try fresh.manager.tweakWith(feature: "checkout", variable: "max_items").value == .int(12))

        try other.set("Hi", for: Keys.title)
        try other.importOverrides(#"{"ui": {"ratio": {"Value": 3}}}"#, replacing: true)
        #expect(fresh.overridesText() == "{\n    \"ui\": {\n        \"ratio\": { \"Value\": 3 }\n    }\n}\n")
    }

    @Test("The share text lists the overrides, the preview context and a link that sets them")
    func shareText() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        try editor.set("12", for: Keys.maxItems)
        try editor.set("Hi there", for: Keys.title)
        editor.previewContext = TweakContext(randomizationID: "u1")
        #expect(
            editor.shareText(scheme: "myapp") == """
                Tweaks overrides in overrides file: 2
                  ui.title = "Hi there"
                  checkout.max_items = 12
                Preview context: randomizationID=u1
                Link: myapp://tweaks?set=ui.title=Hi%20there&set=checkout.max_items=12
                """)
    }

    @Test("A deep link's names and values are checked by the schema; a bad link changes nothing")
    func deepLinks() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        func link(_ text: String) throws -> TweakDeepLink {
            try TweakDeepLink(url: URL(string: text)!, scheme: "myapp")
        }

        let changed = try editor.open(
            link("myapp://tweaks?set=checkout.max_items=12&set=ui.title=Hi%20there&set=checkout.enabled=true"))
        #expect(changed == [Keys.maxItems, Keys.title, Keys.enabled])
        #expect(editor.row(for: Keys.title)?.override?.value == .string("Hi there"))
        #expect(try editor.open(link("myapp://tweaks?reset=ui.title")) == [Keys.title])
        #expect(editor.row(for: Keys.title)?.isOverridden == false)

        let before = stack.overridesText()
        let badValue = #expect(throws: TweakEditorError.self) {
            try editor.open(link("myapp://tweaks?set=ui.ratio=2&set=checkout.max_items=lots"))
        }
        #expect(badValue?.key == Keys.maxItems)
        #expect(badValue?.problem == #""lots" is not an Int"#)
        let badName = #expect(throws: TweakEditorError.self) {
            try editor.open(link("myapp://tweaks?set=checkout.max=3"))
        }
        #expect(badName?.problem == #"no tweak is named "checkout.max""#)
        #expect(stack.overridesText() == before)
        #expect(editor.row(for: Keys.ratio)?.isOverridden == false)

        let wrongScheme = #expect(throws: TweakEditorError.self) {
            try TweakDeepLink(url: URL(string: "other://tweaks?set=a.b=1")!, scheme: "myapp")
        }
        #expect(wrongScheme?.problem == "expected a link myapp://tweaks?set=feature.variable=value")
        #expect(throws: TweakEditorError.self) { try link("myapp://tweaks?delete=a.b") }
        #expect(throws: TweakEditorError.self) { try link("myapp://tweaks?set=novalue") }
        #expect(throws: TweakEditorError.self) { try link("myapp://tweaks") }
        let many = (0...TweakDeepLink.maximumAssignments).map { "set=a.b=\($0)" }.joined(separator: "&")
        #expect(throws: TweakEditorError.self) { try link("myapp://tweaks?" + many) }
    }

    @Test("A name with dots resolves to the one feature/variable split the manager knows")
    func dottedNames() throws {
        let stack = try EditorStack(overridesFile: #"{"app.v2": {"banner.text": {"Value": "a"}}}"#)
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        try editor.open(TweakDeepLink(url: URL(string: "myapp://tweaks?set=app.v2.banner.text=b")!, scheme: "myapp"))
        #expect(editor.row(for: TweakKey(feature: "app.v2", variable: "banner.text"))?.override?.value == "b")
    }
}
