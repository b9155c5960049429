// TweaksUI: the SwiftUI view and the UIKit view controller of the in-app override editor
// (`TweaksEditor`'s model). Every declaration is inside `#if canImport(SwiftUI)`, so the module is
// empty where SwiftUI is missing (Linux).
