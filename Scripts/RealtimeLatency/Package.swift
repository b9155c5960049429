// swift-tools-version: 6.2
import PackageDescription

// Measures publish → activated-value latency over a real nginx + nchan (see ../realtime-latency);
// kept apart from the root package and from `swift test`.
let package = Package(
    name: "RealtimeLatency",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "Tweaks", path: "../..")],
    targets: [
        .executableTarget(
            name: "RealtimeLatency",
            dependencies: [
                .product(name: "Tweaks", package: "Tweaks"),
                .product(name: "TweaksRemote", package: "Tweaks"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
