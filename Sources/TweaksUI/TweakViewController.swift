#if canImport(UIKit) && canImport(SwiftUI) && os(iOS)
    public import SwiftUI
    public import Tweaks
    public import TweaksEditor
    public import UIKit

    /// JustTweak's `TweakViewController(style:tweakManager:)`, for UIKit apps: the editor's list
    /// (``TweakEditorView``) in a view controller to push or present.
    ///
    /// ```swift
    /// let tweaks = TweakViewController(style: .insetGrouped, tweakManager: manager)
    /// present(UINavigationController(rootViewController: tweaks), animated: true)
    /// ```
    ///
    /// Unlike JustTweak's, it never writes to "the first mutable provider": with one mutable
    /// provider it writes there; with several, the person chooses the layer in the list first (or
    /// pass an editor made with ``TweakEditor/init(manager:writableLayer:pinsFile:today:)``).
    public final class TweakViewController: UIHostingController<TweakEditorView> {
        /// The model the view shows.
        public let editor: TweakEditor

        /// A view controller editing `tweakManager`'s tweaks; `style` `.plain` draws a plain list,
        /// the others an inset, grouped one.
        public convenience init(style: UITableView.Style, tweakManager: TweakManager) {
            self.init(style: style, editor: TweakEditor(manager: tweakManager))
        }

        /// A view controller showing `editor`.
        public init(style: UITableView.Style, editor: TweakEditor) {
            self.editor = editor
            super.init(rootView: TweakEditorView(editor: editor, isGrouped: style != .plain))
        }

        /// Not available: make it in code with ``init(style:tweakManager:)``.
        @available(*, unavailable, message: "make it with init(style:tweakManager:)")
        required init?(coder: NSCoder) {
            return nil
        }
    }

    /// A window that presents the editor when the device is shaken: opt in by making the app's
    /// window one (in the scene delegate) and setting ``makeEditor``. Shaking does nothing while
    /// ``makeEditor`` is `nil` or returns `nil` (a release build, a user who is not staff).
    public final class TweakShakeWindow: UIWindow {
        /// Makes the editor to show on a shake, or `nil` to ignore the shake.
        public var makeEditor: (@MainActor () -> TweakEditor?)?

        /// Presents the editor over the frontmost view controller on a shake.
        public override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
            super.motionEnded(motion, with: event)
            guard motion == .motionShake, let editor = makeEditor?() else { return }
            var top = rootViewController
            while let presented = top?.presentedViewController { top = presented }
            guard !(top is TweakViewController) else { return }
            top?.present(TweakViewController(style: .insetGrouped, editor: editor), animated: true, completion: nil)
        }
    }
#endif
