#if canImport(SwiftUI) && (os(iOS) || os(macOS))
    import SwiftUI
    import TweaksEditor
    import Tweaks

    /// One tweak: what it is declared to be, every layer's answer, the preview, and its control
    /// (Default / On / Off for a Bool, a text field for numbers and strings, a text editor for JSON).
    struct TweakDetailView: View {
        @ObservedObject var editor: TweakEditor
        let key: TweakKey
        /// The text being edited, set from the override (or answer) when the view appears.
        @State private var text = ""
        /// Default (0), On (1), Off (2).
        @State private var boolChoice = 0
        @State private var problem: String?

        var body: some View {
            if let row = editor.row(for: key) {
                Form {
                    Section(header: Text("Value")) {
                        control(for: row)
                        if let problem {
                            Text(problem).foregroundColor(.red).font(.footnote)
                                .accessibilityLabel("Error: \(problem)")
                        }
                        if row.isOverridden {
                            Button("Reset to \(row.defaultValue?.description ?? "default")") {
                                perform { try editor.reset(key) }
                            }
                        }
                    }
                    Section(header: Text("Answer")) {
                        line("Value", row.displayValue)
                        line("Layer", row.evaluation.layer ?? "none")
                        line("Reason", row.evaluation.reason.description)
                        if let condition = row.evaluation.condition { line("Condition", condition) }
                        if let preview = row.preview {
                            line("Preview value", preview.tweak.map(\.quotedDisplayValue) ?? "no value")
                            line("Preview condition", preview.condition ?? "default")
                            ForEach(preview.microPercentiles, id: \.seed) { percentile in
                                line("Micro-percentile (\(percentile.seed))", String(percentile.value))
                            }
                        }
                    }
                    Section(header: Text("Layers")) {
                        ForEach(
                            editor.manager.explain(feature: key.feature, variable: key.variable).answers,
                            id: \.provider
                        ) { layer in
                            line(layer.provider, row.isEncrypted ? "<encrypted>" : layer.answer.description)
                        }
                    }
                    Section(header: Text("Declaration")) {
                        line("Key", key.description)
                        line("Type", row.type?.description ?? "none")
                        line("Default", row.isEncrypted ? "<encrypted>" : row.defaultValue?.description ?? "none")
                        if let summary = row.declaration?.description { Text(summary).font(.footnote) }
                        if let owner = row.declaration?.lifecycle.owner { line("Owner", owner) }
                        if let expires = row.declaration?.lifecycle.expires { line("Expires", expires.description) }
                        ForEach(row.problems, id: \.self) { Text($0).foregroundColor(.red).font(.footnote) }
                    }
                }
                .navigationTitle(row.title)
                .onAppear {
                    text = row.editText
                    boolChoice = row.boolOverride.map { $0 ? 1 : 2 } ?? 0
                }
            } else {
                Text("No layer has \(key.description) any more.")
            }
        }

        @ViewBuilder
        private func control(for row: TweakEditorRow) -> some View {
            if row.control == .triState {
                Picker(row.title, selection: $boolChoice) {
                    Text("Default").tag(0)
                    Text("On").tag(1)
                    Text("Off").tag(2)
                }
                .pickerStyle(SegmentedPickerStyle())
                .onChange(of: boolChoice) { choice in
                    perform { try editor.setBool(choice == 0 ? nil : choice == 1, for: key) }
                }
                .accessibilityLabel("\(row.title), \(row.boolOverride.map { $0 ? "On" : "Off" } ?? "Default")")
            } else if row.control == .json {
                TextEditor(text: $text)
                    .font(.system(.body, design: .monospaced))
                    .accessibilityLabel("\(row.title), JSON")
                Button("Save") { save(row) }
            } else if row.control == .readOnly {
                Text(row.displayValue)
            } else {
                TextField(row.title, text: $text)
                    .accessibilityLabel("\(row.title), \(row.editText)")
                Button("Save") { save(row) }
            }
        }

        private func save(_ row: TweakEditorRow) {
            perform { try editor.set(text, for: key) }
        }

        private func line(_ name: String, _ value: String) -> some View {
            HStack {
                Text(name).foregroundColor(.secondary)
                Spacer()
                Text(value)
            }
            .accessibilityElement(children: .combine)
        }

        private func perform(_ action: () throws -> Void) {
            do {
                try action()
                problem = nil
            } catch {
                problem = (error as? TweakEditorError)?.problem ?? String(describing: error)
            }
        }
    }
#endif
