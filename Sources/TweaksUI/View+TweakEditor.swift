#if canImport(SwiftUI) && (os(iOS) || os(macOS))
    public import SwiftUI
    public import TweaksEditor

    extension View {
        /// Presents the editor as a sheet while `isPresented` is true — only when `isAllowed`
        /// (a debug build, an internal user): otherwise it never appears, whatever sets
        /// `isPresented`. Keep it out of App Store builds by linking `TweaksUI` in debug
        /// configurations only, or pass `isAllowed: false` there (see Docs/Editor.md).
        ///
        /// ```swift
        /// ContentView()
        ///     .onTapGesture(count: 3) { showsTweaks = true }   // an opt-in gesture of your choice
        ///     .tweakEditor(isPresented: $showsTweaks, editor: editor, isAllowed: user.isStaff)
        /// ```
        public func tweakEditor(isPresented: Binding<Bool>, editor: TweakEditor, isAllowed: Bool) -> some View {
            sheet(isPresented: isAllowed ? isPresented : .constant(false)) {
                TweakEditorView(editor: editor)
            }
        }
    }
#endif
