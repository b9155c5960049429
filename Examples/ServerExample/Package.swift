// swift-tools-version: 6.2
import PackageDescription

// A service that reads its flags from environment variables, an overrides file, an optional remote
// document, a bundled flagd flag definition file and bundled defaults. It depends on Tweaks by
// path; in your own package use
// `.package(url: "https://github.com/tweaks/Tweaks.git", branch: "main")` (see the README).
let package = Package(
    name: "ServerExample",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "server-example", targets: ["ServerExample"])
    ],
    dependencies: [
        .package(name: "Tweaks", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "ServerExample",
            dependencies: [
                .product(name: "Tweaks", package: "Tweaks"),
                .product(name: "TweaksRemote", package: "Tweaks"),
            ],
            resources: [.copy("defaults.json"), .copy("flags.flagd.json")]
        )
    ],
    swiftLanguageModes: [.v6]
)
