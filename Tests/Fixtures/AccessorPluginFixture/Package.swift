// swift-tools-version: 6.0
import PackageDescription

// A package as an app would set it up: it depends on Tweaks and generates typed accessors for its
// `*.tweaks.json` files with the build plugin. Built and run by `FixturePackageTests`.
let package = Package(
    name: "AccessorPluginFixture",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "Tweaks", path: "../../..")],
    targets: [
        .executableTarget(
            name: "AccessorPluginFixture",
            dependencies: [.product(name: "Tweaks", package: "Tweaks")],
            plugins: [.plugin(name: "TweakAccessorGeneratorPlugin", package: "Tweaks")]
        )
    ],
    swiftLanguageModes: [.v6]
)
