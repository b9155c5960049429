// apple-check stand-in for Apple's UIKit (Xcode 26 iOS SDK): the declarations TweaksUI uses
// (`TweakViewController`, `TweakShakeWindow`), with Apple's availability and main-actor
// annotations. Compiled for iOS only, so `#if canImport(UIKit)` is false for macOS as on a Mac.
// Bodies are placeholders (type-checking only).
//
// Uncertain: the `@preconcurrency` markings; modelled as the Xcode 16+ interfaces print them
// (`@MainActor @preconcurrency open class UIResponder`).
@_exported import Foundation

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIResponder: NSObject {
  public override init() {}
  @available(iOS 3.0, *)
  open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIEvent: NSObject {
  @available(iOS 3.0, *)
  public enum EventSubtype: Int, @unchecked Sendable {
    case none = 0
    case motionShake = 1
  }
}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIView: UIResponder {}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIScrollView: UIView {}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UITableView: UIScrollView {
  public enum Style: Int, @unchecked Sendable {
    case plain = 0
    case grouped = 1
    @available(iOS 13.0, *) case insetGrouped = 2
  }
}

@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIScene: UIResponder {}

@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIWindowScene: UIScene {}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIViewController: UIResponder {
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public required init?(coder: NSCoder) {}
  @available(iOS 5.0, *)
  open var presentedViewController: UIViewController? { nil }
  @available(iOS 5.0, *)
  open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
}

@available(iOS 2.0, *)
@MainActor @preconcurrency open class UIWindow: UIView {
  @available(iOS 13.0, *)
  public init(windowScene: UIWindowScene) {}
  public required init?(coder: NSCoder) {}
  @available(iOS 4.0, *)
  open var rootViewController: UIViewController?
}
