// swift-tools-version: 6.2
// Swift 6.2 (Xcode 26) or later: the library uses `SendableMetatype`, and Swift Testing's
// `TestScoping` (6.1) in TweaksTesting. See Docs/ApplePlatforms.md for the supported versions.
import PackageDescription

// Upcoming language features, on for every target: `any` is spelled out, each file imports the
// modules whose members it uses, and imports are internal unless a public declaration needs them.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Tweaks",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Tweaks", targets: ["Tweaks"]),
        .library(name: "TweaksTesting", targets: ["TweaksTesting"]),
        .library(name: "TweaksRemote", targets: ["TweaksRemote"]),
        // The in-app override editor: the model (every platform) and its views (SwiftUI, UIKit),
        // each its own product so that an app that wants no UI links none.
        .library(name: "TweaksEditor", targets: ["TweaksEditor"]),
        .library(name: "TweaksUI", targets: ["TweaksUI"]),
        .executable(name: "tweak", targets: ["tweak"]),
        .library(name: "TweakAccessorGeneration", targets: ["TweakAccessorGeneration"]),
        .plugin(name: "TweakAccessorGeneratorPlugin", targets: ["TweakAccessorGeneratorPlugin"]),
    ],
    targets: [
        .target(name: "CTweaksAtomics"),
        // The privacy manifest declares the required-reason APIs the library uses (UserDefaults,
        // file timestamps), so that apps embedding it pass App Store review (ITMS-91053).
        .target(
            name: "Tweaks", dependencies: ["CTweaksAtomics"], resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings),
        .target(name: "TweaksTesting", dependencies: ["Tweaks"], swiftSettings: swiftSettings),
        .target(name: "TweaksRemote", dependencies: ["Tweaks"], swiftSettings: swiftSettings),
        .target(name: "TweakAccessorGeneration", dependencies: ["Tweaks"], swiftSettings: swiftSettings),
        .target(name: "TweaksEditor", dependencies: ["Tweaks"], swiftSettings: swiftSettings),
        // Empty where SwiftUI is missing (Linux): every file is inside `#if canImport(SwiftUI)`.
        .target(name: "TweaksUI", dependencies: ["Tweaks", "TweaksEditor"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "tweak", dependencies: ["Tweaks", "TweaksRemote", "TweakAccessorGeneration"],
            swiftSettings: swiftSettings),
        .plugin(name: "TweakAccessorGeneratorPlugin", capability: .buildTool(), dependencies: ["tweak"]),
        // Helpers shared by test targets (a real nginx, loopback sockets, blocking work on a thread
        // of its own); not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
        // The flagd fixtures (Flagd/Fixtures) are read from the source tree, by path.
        .testTarget(
            name: "TweaksTests", dependencies: ["Tweaks", "TestSupport"], exclude: ["Flagd/Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TweakAccessorGenerationTests", dependencies: ["TweakAccessorGeneration", "TestSupport"],
            exclude: ["Golden"], swiftSettings: swiftSettings),
        .testTarget(name: "TweakToolTests", dependencies: ["tweak", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TweaksEditorTests", dependencies: ["TweaksEditor", "Tweaks", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TweaksTestingTests", dependencies: ["Tweaks", "TweaksTesting"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TweaksRemoteTests", dependencies: ["TweaksRemote", "TweaksTesting", "TestSupport"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
