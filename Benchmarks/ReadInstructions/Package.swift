// swift-tools-version: 6.1
import PackageDescription

// Instruction counts of single reads under callgrind, which do not depend on a noisy machine's
// neighbours (see Docs/Performance.md): `./count.sh OPERATION` prints one operation's instructions.
let package = Package(
    name: "ReadInstructions",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Tweaks", path: "../..")],
    targets: [
        .executableTarget(name: "ReadInstructions", dependencies: [.product(name: "Tweaks", package: "Tweaks")])
    ],
    swiftLanguageModes: [.v6]
)
