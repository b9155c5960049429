import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

/// The text-editing example of Docs/Editor.md, as written there, on the editor stack: it compiles
/// against the real API and prints what its comments say.
@MainActor
@Suite("Docs/Editor.md examples")
struct EditorGuideExampleTests {
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
}
