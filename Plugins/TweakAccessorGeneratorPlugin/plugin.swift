import Foundation
import PackagePlugin

/// Generates a typed accessor for every `*.tweaks.json` file of a target at build time, by running
/// `tweak generate` (built from source, on Linux and Apple platforms alike). Works for package
/// targets and, in Xcode, for the targets of an `.xcodeproj`.
///
/// Convention: each `<Name>.tweaks.json` has a `config.json` in the same folder, as JustTweak's
/// generator expected (`{"accessorName": "GeneratedTweakAccessor", "accessLevel": "internal"}`), so
/// a folder holds at most one tweaks file. The generated `<accessorName>.swift` and
/// `<accessorName>+Constants.swift` are compiled into the target. See `Docs/CodeGeneration.md`.
@main
struct TweakAccessorGeneratorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            for: target.sourceFiles.map(\.url), tool: context.tool(named: "tweak").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// One `tweak generate` command per `*.tweaks.json` file among `files`.
    static func commands(for files: [URL], tool: URL, workDirectory: URL) throws -> [Command] {
        let tweaksFiles = files.filter { $0.lastPathComponent.hasSuffix(".tweaks.json") }
        var commandsByFolder: [String: URL] = [:]
        var commands: [Command] = []
        for tweaksFile in tweaksFiles.sorted(by: { $0.path < $1.path }) {
            let folder = tweaksFile.deletingLastPathComponent()
            if let other = commandsByFolder.updateValue(tweaksFile, forKey: folder.path) {
                throw PluginFailure(
                    "\(tweaksFile.path): another tweaks file, \(other.lastPathComponent), is in the same folder; "
                        + "each *.tweaks.json needs a folder of its own with its config.json")
            }
            let configuration = folder.appendingPathComponent("config.json")
            let accessorName = try Self.accessorName(in: configuration, for: tweaksFile)
            // One output folder per accessor (two accessors of one name could not compile together).
            let output = workDirectory.appendingPathComponent(accessorName)
            commands.append(
                .buildCommand(
                    displayName: "Generating \(accessorName) from \(tweaksFile.lastPathComponent)",
                    executable: tool,
                    arguments: [
                        "generate", "--local-tweaks-file-path", tweaksFile.path, "--output-folder", output.path,
                        "--configuration-folder", configuration.path,
                    ],
                    inputFiles: [tweaksFile, configuration],
                    outputFiles: [
                        output.appendingPathComponent("\(accessorName).swift"),
                        output.appendingPathComponent("\(accessorName)+Constants.swift"),
                    ]))
        }
        return commands
    }

    /// The accessor name, which names the output files that the build must know in advance. The
    /// generator checks the rest of the configuration when it runs.
    private static func accessorName(in configuration: URL, for tweaksFile: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: configuration.path) else {
            throw PluginFailure(
                "\(tweaksFile.path): no config.json beside it (expected \(configuration.path) with "
                    + #"{"accessorName": "GeneratedTweakAccessor"})"#)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = object["accessorName"] as? String, !name.isEmpty, !name.contains("/")
        else {
            throw PluginFailure(#"\#(configuration.path): expected an object with a string "accessorName""#)
        }
        return name
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    // Applies the plugin to the targets of an Xcode project (Build Phases → Run Build Tool Plug-ins),
    // the way most app targets are built; the same files and rules as for a package target.
    extension TweakAccessorGeneratorPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                for: target.inputFiles.map(\.url), tool: context.tool(named: "tweak").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif

/// A failure shown to the person building, as it is.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
