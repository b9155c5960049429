import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

@MainActor
@Suite("Editing through the schema, to the chosen layer")
struct TweakEditorEditingTests {
    @Test("Text is read as the declared type; bad text gets a clear error and writes nothing")
    func editsAreChecked() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()

        let notAnInt = #expect(throws: TweakEditorError.self) { try editor.set("twelve", for: Keys.maxItems) }
        #expect(notAnInt?.description == #"checkout.max_items: "twelve" is not an Int"#)
        #expect(stack.overridesText() == nil)

        try editor.set("1.75", for: Keys.ratio)
        #expect(try stack.manager.tweakWith(feature: "ui", variable: "ratio").value == .double(1.75))
        try editor.set("12", for: Keys.maxItems)
        #expect(editor.row(for: Keys.maxItems)?.evaluation.tweak?.value == .int(12))
        #expect(editor.row(for: Keys.maxItems)?.evaluation.layer == "overrides file")
        #expect(editor.row(for: Keys.maxItems)?.editText == "12")

        let wrongValue = #expect(throws: TweakEditorError.self) { try editor.set(.string("x"), for: Keys.ratio) }
        #expect(wrongValue?.problem == #"declared as double by defaults, found string "x""#)
        let unknown = #expect(throws: TweakEditorError.self) {
            try editor.set("1", for: TweakKey(feature: "no", variable: "such"))
        }
        #expect(unknown?.problem == "no layer has this tweak")
    }

    @Test("A Bool is Default / On / Off: Default removes the override")
    func boolTriState() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        try editor.setBool(true, for: Keys.enabled)
        #expect(editor.row(for: Keys.enabled)?.boolOverride == true)
        #expect(stack.manager.isFeatureEnabled("checkout"))
        try editor.setBool(false, for: Keys.enabled)
        #expect(editor.row(for: Keys.enabled)?.boolOverride == false)
        try editor.setBool(nil, for: Keys.enabled)
        #expect(editor.row(for: Keys.enabled)?.boolOverride == nil)
        #expect(editor.row(for: Keys.enabled)?.evaluation.layer == "defaults")
        #expect(stack.overridesText() == "{}\n")
    }

    @Test("A JSON object is checked against the declared keys and member kinds")
    func jsonObjects() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        let typo = #expect(throws: TweakEditorError.self) {
            try editor.set(#"{"colour": "blue", "size": 14}"#, for: Keys.theme)
        }
        #expect(typo?.problem == #"not like the declared object: unknown key "colour" (declared: "color", "size")"#)
        let kind = #expect(throws: TweakEditorError.self) {
            try editor.set(#"{"color": "blue", "size": "big"}"#, for: Keys.theme)
        }
        #expect(kind?.problem == #"not like the declared object: "size" is string, declared as number"#)
        let broken = #expect(throws: TweakEditorError.self) { try editor.set(#"{"color": "blue""#, for: Keys.theme) }
        #expect(broken?.problem.hasPrefix("not a JSON object: ") == true)
        #expect(stack.overridesText() == nil)

        try editor.set(#"{"color": "blue", "size": 14}"#, for: Keys.theme)
        #expect(editor.row(for: Keys.theme)?.override?.value == .json(["color": "blue", "size": 14]))
    }

    @Test("Writes go to the chosen layer, never to the first mutable provider (launch arguments)")
    func explicitWritableLayer() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        // The manager's own `set` writes to its highest-priority mutable provider.
        #expect(stack.manager.mutableTweakProvider === stack.launchArguments)

        let editor = try stack.editor()
        #expect(editor.writableLayers.map(\.name) == ["launch arguments", "overrides file"])
        try editor.set("Hi", for: Keys.title)
        #expect(stack.launchArguments.knownTweaks.isEmpty)
        #expect(stack.overridesText()?.contains(#""title": { "Value": "Hi" }"#) == true)

        // Without a choice, nothing is written.
        let undecided = TweakEditor(manager: stack.manager)
        #expect(TweakEditor.soleWritableLayer(of: stack.manager) == nil)
        let refused = #expect(throws: TweakEditorError.self) { try undecided.set("Yo", for: Keys.title) }
        #expect(refused?.problem == "choose the layer edits go to first: launch arguments, overrides file")
        try undecided.chooseWritableLayer(stack.launchArguments)
        try undecided.set("Yo", for: Keys.title)
        #expect(stack.launchArguments.knownTweaks.map(\.value) == [.string("Yo")])

        // A provider of another manager is refused.
        let stranger = EphemeralTweakProvider(name: "stranger")
        #expect(throws: TweakEditorError.self) { try TweakEditor(manager: stack.manager, writableLayer: stranger) }
        #expect(throws: TweakEditorError.self) { try undecided.chooseWritableLayer(stranger) }
    }

    @Test("Reset one tweak, a group, or everything in the writable layer")
    func resets() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        try editor.set("12", for: Keys.maxItems)
        try editor.setBool(true, for: Keys.enabled)
        try editor.set("Hi", for: Keys.title)
        try editor.set("2", for: Keys.ratio)
        stack.launchArguments.set(.string("from launch"), feature: "misc", variable: "note")

        try editor.reset(Keys.ratio)
        #expect(editor.row(for: Keys.ratio)?.isOverridden == false)
        try editor.resetGroup("Payments")
        #expect(editor.row(for: Keys.maxItems)?.isOverridden == false)
        #expect(editor.row(for: Keys.enabled)?.isOverridden == false)
        #expect(editor.row(for: Keys.title)?.isOverridden == true)
        try editor.resetAll()
        #expect(editor.rows.filter(\.isOverridden).isEmpty)
        #expect(stack.overridesText() == "{}\n")
        // Another layer's values are not the editor's to reset.
        #expect(stack.launchArguments.knownTweaks.count == 1)
    }

    @Test("The context preview shows what another user sees: value, deciding condition, micro-percentile")
    func contextPreview() throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        #expect(editor.row(for: Keys.newFlow)?.preview == nil)
        #expect(editor.row(for: Keys.newFlow)?.evaluation.tweak?.value == .bool(false))

        let beta = TweakContext(randomizationID: "user-1", attributes: ["plan": "beta"])
        editor.previewContext = beta
        let preview = try #require(editor.row(for: Keys.newFlow)?.preview)
        #expect(preview.tweak?.value == .bool(true))
        #expect(preview.condition == "beta")
        #expect(preview.reason == .targetingMatch)

        let rollout = try #require(editor.row(for: Keys.rollout)?.preview)
        let percentile = try #require(beta.microPercentile(seed: "rollout-seed"))
        #expect(rollout.microPercentiles.map(\.value) == [percentile])
        #expect(rollout.tweak?.value == .bool(percentile <= 50_000_000))
        // The device's own answer is unchanged.
        #expect(editor.row(for: Keys.newFlow)?.evaluation.tweak?.value == .bool(false))

        editor.previewContext = nil
        #expect(editor.row(for: Keys.newFlow)?.preview == nil)
    }
}

@Suite("The preview context from what a person types")
struct PreviewContextTests {
    @Test("Attributes are typed: Bool, Int, Double, text, quoted text; a bad item is named")
    func typedAttributes() throws {
        let context = try TweakEditor.previewContext(
            randomizationID: " user-7 ", attributes: "plan=beta, beta=true\nage=42,score=0.5, code=\"5\"")
        #expect(context.randomizationID == "user-7")
        #expect(context.attributes == ["plan": "beta", "beta": true, "age": 42, "score": 0.5, "code": "5"])
        #expect(try TweakEditor.previewContext(randomizationID: "", attributes: "").randomizationID == nil)
        let bad = #expect(throws: TweakEditorError.self) {
            try TweakEditor.previewContext(randomizationID: "u", attributes: "plan=beta, oops")
        }
        #expect(bad?.description == #"attributes: expected name=value, found "oops""#)
    }
}
