#if canImport(SwiftUI) && (os(iOS) || os(macOS))
    public import SwiftUI
    public import TweaksEditor
    import Tweaks

    /// The in-app override editor, a debug menu: every tweak of the editor's manager, grouped, with
    /// search, filters, pins, a context preview, provider status and the writable layer. Tap a row
    /// to edit it. iOS 15 and macOS 12 or later.
    ///
    /// ```swift
    /// .sheet(isPresented: $showsTweaks) { TweakEditorView(editor: editor) }
    /// ```
    public struct TweakEditorView: View {
        @ObservedObject var editor: TweakEditor
        /// Whether the list is drawn inset and grouped (iOS), as `UITableView.Style.insetGrouped`.
        let isGrouped: Bool
        @State private var randomizationID = ""
        @State private var attributes = ""
        @State private var message: String?

        /// A view of `editor`.
        public init(editor: TweakEditor) {
            self.init(editor: editor, isGrouped: true)
        }

        init(editor: TweakEditor, isGrouped: Bool) {
            _editor = ObservedObject(wrappedValue: editor)
            self.isGrouped = isGrouped
        }

        /// The list in a navigation view, searchable, with the filter in the toolbar.
        public var body: some View {
            NavigationView {
                styled(list)
                    .searchable(text: $editor.searchText)
                    .navigationTitle("Tweaks")
                    .toolbar {
                        ToolbarItem {
                            Picker("Filter", selection: $editor.filter) {
                                ForEach(TweakEditorFilter.all, id: \.self) { filter in
                                    Text(filter.description).tag(filter)
                                }
                            }
                        }
                    }
            }
        }

        /// The list with the platform's style.
        @ViewBuilder
        private func styled(_ list: some View) -> some View {
            #if os(iOS)
                if isGrouped { list.listStyle(InsetGroupedListStyle()) } else { list.listStyle(PlainListStyle()) }
            #else
                list
            #endif
        }

        private var list: some View {
            List {
                if let message {
                    Text(message).foregroundColor(.red).font(.footnote)
                }
                settings
                ForEach(editor.sections) { section in
                    Section(header: Text(section.name)) {
                        ForEach(section.rows) { row in
                            NavigationLink(destination: TweakDetailView(editor: editor, key: row.key)) {
                                TweakRowView(row: row)
                            }
                            .swipeActions {
                                if row.isOverridden {
                                    Button("Reset") { perform { try editor.reset(row.key) } }
                                }
                                Button(row.isPinned ? "Unpin" : "Pin") { editor.setPinned(!row.isPinned, for: row.key) }
                            }
                            .contextMenu {
                                Button(row.isPinned ? "Unpin" : "Pin") { editor.setPinned(!row.isPinned, for: row.key) }
                                if row.isOverridden {
                                    Button("Reset") { perform { try editor.reset(row.key) } }
                                }
                                if section.name != TweakEditor.pinnedSectionName {
                                    Button("Reset group \(section.name)") {
                                        perform { try editor.resetGroup(section.name) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The writable layer, the context preview, provider status and the reset-all button.
        private var settings: some View {
            Section(header: Text("Settings")) {
                if editor.writableLayer == nil {
                    Text("Choose the layer edits go to:").font(.footnote)
                }
                ForEach(editor.writableLayers.map(\.name), id: \.self) { name in
                    Button(name == editor.writableLayer?.name ? "Edits go to \(name) ✓" : "Edits go to \(name)") {
                        choose(name)
                    }
                }
                TextField("Preview: randomization id", text: $randomizationID)
                TextField("Preview: attributes (plan=beta, country=JP)", text: $attributes)
                Button(editor.previewContext == nil ? "Preview this user" : "Update preview") {
                    perform {
                        editor.previewContext = try TweakEditor.previewContext(
                            randomizationID: randomizationID, attributes: attributes)
                    }
                }
                if editor.previewContext != nil {
                    Button("End preview") { editor.previewContext = nil }
                }
                ForEach(editor.providerStatus) { status in
                    VStack(alignment: .leading) {
                        Text(status.name).font(.headline)
                        Text(status.summary).font(.caption).foregroundColor(status.isFailing ? .red : .secondary)
                    }
                    .accessibilityElement(children: .combine)
                }
                if editor.refreshAction != nil {
                    Button("Refresh now") {
                        Task { message = await editor.refreshNow() }
                    }
                }
                Button("Reset all overrides") { perform { try editor.resetAll() } }
                    .disabled(editor.writableLayer == nil)
            }
        }

        /// Makes the layer named `name` the writable layer.
        private func choose(_ name: String) {
            guard let layer = editor.writableLayers.first(where: { $0.name == name }) else { return }
            perform { try editor.chooseWritableLayer(layer) }
        }

        /// Runs `action`, showing its error, if any, above the list.
        private func perform(_ action: () throws -> Void) {
            do {
                try action()
                message = nil
            } catch {
                message = String(describing: error)
            }
        }
    }
#endif
