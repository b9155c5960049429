import Foundation
import Tweaks

/// The `tweak` command-line tool: inspects a tweak stack.
@main
enum TweakTool {
    static let usage = """
        usage: tweak list [--local FILE]...

          list    print every tweak grouped, with its resolved value, source and title;
                  encrypted values are redacted
          help    print this text

        options:
          --local FILE   a local tweaks JSON file (repeatable, earlier files win);
                         default: ./LocalTweaks_example.json
        """

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one invocation and returns its exit status: 0 success, 1 failure, 2 bad usage.
    static func run(_ arguments: [String]) -> Int32 {
        let parsed: CommandLineArguments
        do {
            parsed = try CommandLineArguments(arguments, valueOptions: ["local"])
        } catch {
            printError("tweak: \(error)\n\n\(usage)")
            return 2
        }
        switch parsed.command {
        case "list":
            guard parsed.positional.isEmpty else {
                printError("tweak: list takes no arguments\n\n\(usage)")
                return 2
            }
            do {
                let manager = try makeManager(localFiles: parsed.values(of: "local"))
                print(CatalogTable.render(manager.catalog()))
                return 0
            } catch {
                printError("tweak: \(error)")
                return 1
            }
        case "help", "--help", "-h":
            print(usage)
            return 0
        default:
            printError("tweak: unknown command '\(parsed.command)'\n\n\(usage)")
            return 2
        }
    }

    /// The stack: an in-memory override layer over the local files.
    static func makeManager(localFiles: [String]) throws -> TweakManager {
        let files = localFiles.isEmpty ? ["LocalTweaks_example.json"] : localFiles
        var providers: [any TweakProvider] = [EphemeralTweakProvider(name: "overrides")]
        for file in files {
            providers.append(try LocalTweakProvider(jsonURL: URL(fileURLWithPath: file), name: file))
        }
        return TweakManager(tweakProviders: providers)
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
