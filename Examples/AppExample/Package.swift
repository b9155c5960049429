// swift-tools-version: 6.2
import PackageDescription

// The feature module of an app, built and tested on Linux: flags read through property wrappers
// and a generated accessor, and tests that override flags per test. It depends on Tweaks by path;
// in your own package use `.package(url: "https://github.com/tweaks/Tweaks.git", branch: "main")` (see the README).
let package = Package(
    name: "AppExample",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "AppFeatures", targets: ["AppFeatures"])
    ],
    dependencies: [
        .package(name: "Tweaks", path: "../..")
    ],
    targets: [
        .target(
            name: "AppFeatures",
            dependencies: [
                .product(name: "Tweaks", package: "Tweaks"),
                // The debug menu's model; an app adds "TweaksUI" for its views.
                .product(name: "TweaksEditor", package: "Tweaks"),
            ],
            // The tweaks file is compiled into `AppTweaks` by the plugin, and bundled: it is the
            // defaults layer of the app's stack.
            resources: [.copy("Tweaks/AppTweaks.tweaks.json")],
            plugins: [.plugin(name: "TweakAccessorGeneratorPlugin", package: "Tweaks")]
        ),
        .testTarget(
            name: "AppFeaturesTests",
            dependencies: [
                "AppFeatures",
                .product(name: "Tweaks", package: "Tweaks"),
                .product(name: "TweaksTesting", package: "Tweaks"),
                .product(name: "TweaksEditor", package: "Tweaks"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
