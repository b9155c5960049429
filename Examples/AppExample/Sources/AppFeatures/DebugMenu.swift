import Tweaks
import TweaksEditor

/// The app's debug menu: the in-app override editor (`TweaksEditor`) over the app's flags, writing
/// to the app's override layer. On a device, show `editor()` with `TweaksUI`:
///
/// ```swift
/// import TweaksUI
///
/// ContentView()
///     .onTapGesture(count: 3) { showsDebugMenu = true }
///     .tweakEditor(isPresented: $showsDebugMenu, editor: debugMenu, isAllowed: DebugMenu.isAvailable)
/// ```
public enum DebugMenu {
    /// Whether this build offers the debug menu: debug builds only, so App Store builds never show it.
    public static var isAvailable: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// The editor of `manager`'s flags; its only mutable provider (the override layer) takes the edits.
    @MainActor
    public static func editor(of manager: TweakManager = AppServices.tweakManager) -> TweakEditor {
        TweakEditor(manager: manager)
    }
}
