// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Tweaks, kept apart so that the root package has no dependencies.
let package = Package(
    name: "TweaksBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Tweaks", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
    ],
    targets: [
        .executableTarget(
            name: "TweaksBenchmarks",
            dependencies: [
                .product(name: "Tweaks", package: "Tweaks"),
                .product(name: "TweaksRemote", package: "Tweaks"),
                .product(name: "TweaksEditor", package: "Tweaks"),
                .product(name: "TweakAccessorGeneration", package: "Tweaks"),
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            path: "Benchmarks/TweaksBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark"),
                // Generates `ExampleAccessor` from Accessor/LocalTweaks_example.tweaks.json.
                .plugin(name: "TweakAccessorGeneratorPlugin", package: "Tweaks"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
