// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Tweaks",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Tweaks", targets: ["Tweaks"]),
        .library(name: "TweaksRemote", targets: ["TweaksRemote"]),
        .executable(name: "tweak", targets: ["tweak"]),
    ],
    targets: [
        .target(name: "Tweaks"),
        .target(name: "TweaksRemote", dependencies: ["Tweaks"]),
        .executableTarget(name: "tweak", dependencies: ["Tweaks"]),
        .testTarget(name: "TweaksTests", dependencies: ["Tweaks"]),
        .testTarget(name: "TweakToolTests", dependencies: ["tweak"]),
        .testTarget(name: "TweaksRemoteTests", dependencies: ["TweaksRemote"]),
    ],
    swiftLanguageModes: [.v6]
)
