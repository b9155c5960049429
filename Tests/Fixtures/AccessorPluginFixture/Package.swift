// swift-tools-version: 6.2
import PackageDescription

// A package as an app would set it up: it depends on Tweaks and generates typed accessors for its
// `*.tweaks.json` files with the build plugin. Built and run by `PluginFixtureTests`.
//
// `MainActorApp` is built as a new Xcode 26 app target is: default isolation `MainActor`, so its
// own types' conformances are isolated to the main actor.
let package = Package(
    name: "AccessorPluginFixture",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "Tweaks", path: "../../..")],
    targets: [
        .executableTarget(
            name: "AccessorPluginFixture",
            dependencies: [.product(name: "Tweaks", package: "Tweaks")],
            plugins: [.plugin(name: "TweakAccessorGeneratorPlugin", package: "Tweaks")]
        ),
        .executableTarget(
            name: "MainActorApp",
            dependencies: [.product(name: "Tweaks", package: "Tweaks")],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "TweakAccessorGeneratorPlugin", package: "Tweaks")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
