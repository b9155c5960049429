import Foundation
import Testing
import Tweaks
import TweaksEditor

/// The examples of Docs/Editor.md, as written there, on the editor stack: they compile against the
/// public API (this file imports `TweaksEditor` without `@testable`) and print what their comments
/// say.
@MainActor
@Suite("Docs/Editor.md examples")
struct EditorGuideExampleTests {
    @Test func listExample() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // From Docs/Editor.md, "The rows".
        editor.searchText = "max_items"
        for section in editor.sections {
            print(section.name)  // Payments
            for row in section.rows {
                print(row.title, row.displayValue, row.badges)  // Max items 10 ["expired", "mismatch"]
            }
        }

        #expect(printed == ["Payments", #"Max items 10 ["expired", "mismatch"]"#])
    }

    @Test func textEditingExample() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // From Docs/Editor.md, "Editing".
        let key = TweakKey(feature: "checkout", variable: "max_items")
        guard let row = editor.row(for: key) else { return }
        var fieldText = row.editText  // "10": no override yet, so the answer
        let shown = row.displayValue  // "10" (a String shows in quotes)
        fieldText = "twelve"
        do {
            try editor.set(fieldText, for: key)
        } catch {
            print(error)  // checkout.max_items: "twelve" is not an Int
        }
        try editor.set("12", for: key)  // written to the writable layer
        print(editor.row(for: key)?.editText ?? "", shown)  // 12 10

        #expect(row.editText == "10")
        #expect(printed == [#"checkout.max_items: "twelve" is not an Int"#, "12 10"])
    }

    @Test func deepLinkExample() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        var shown: [String] = []
        func show(_ error: any Error) { shown.append("\(error)") }

        for url in [URL(string: "myapp://tweaks?set=checkout.max_items=12")!, URL(string: "myapp://tweaks?set=x")!] {
            // From Docs/Editor.md, "Export, import, share, deep links".
            do { try editor.open(url, scheme: "myapp") } catch { show(error) }
        }

        #expect(editor.row(for: TweakKey(feature: "checkout", variable: "max_items"))?.editText == "12")
        #expect(shown == [#"myapp://tweaks?set=x: set=x: expected set=feature.variable=value"#])
    }
}
