import Foundation
import Tweaks

/// The `tweak` command-line tool: inspects and changes a tweak stack, checks tweaks files and
/// generates accessors. `Docs/CommandLine.md` describes every command.
@main
enum TweakTool {
    static let usage = """
        usage: tweak <command> [arguments] [options]

        commands:
          list                         every tweak, grouped: resolved value, source, title  [--json]
          get FEATURE VARIABLE         the resolved value  [--json]
          explain FEATURE VARIABLE     every provider's answer, highest priority first
          set FEATURE VARIABLE VALUE   write an override; VALUE is read as the type the local file declares
          reset FEATURE VARIABLE       remove an override;  reset --all: remove every override
          validate FILE...             check tweaks files and print every problem (including what
                                       generate would reject)
          validate --against DEFAULTS DOC...
                                       check remote documents against the tweaks DEFAULTS declares:
                                       declared names, declared types
          generate -l FILE -o FOLDER -c FOLDER
                                       write a typed accessor for a tweaks file (see Docs/CodeGeneration.md)
          watch                        print every change as it happens, until interrupted
          bucket --seed SEED --id ID   the micro-percentile of ID for a percent condition seeded SEED
          audit --sources DIR...       find flag debt: unused, undeclared, expired and ownerless tweaks,
                                       overrides of tweaks that are gone (see Docs/Lifecycle.md)
          help [COMMAND]               print this text, or the part of it about COMMAND

        stack options (list, get, explain, set, reset, watch):
          --environment       (list, get, explain) the TWEAK_<FEATURE>__<VARIABLE> environment variables,
                              above every other layer, as a service with an EnvironmentTweakProvider
                              on top sees them
          --local FILE        a local tweaks file; repeatable, earlier files win
                              (default: ./LocalTweaks_example.json)
          --format FORMAT     the format of the --local files (validate: of its FILEs or DOCs):
                              tweaks, firebase-template, firebase-defaults-plist or flagd (default:
                              a *.plist file is firebase-defaults-plist, any other a tweaks file)
          --overrides FILE    the overrides file (default, unless --suite is given: $TWEAKS_OVERRIDES_FILE,
                              else this folder's file in $XDG_CONFIG_HOME/tweaks/overrides/ or ~/.config/tweaks/overrides/)
          --suite NAME        the UserDefaults suite an app keeps its overrides in
          --decrypt COMMAND   show encrypted values, decrypted by a shell command that reads the stored
                              value on standard input and prints the plain one (e.g. --decrypt rev)
          --remote URL        a remote tweaks document, below the overrides and above the local files;
                              list, get and explain fetch it once (a failed fetch is a warning, and the
                              cached remote values answer), watch every --remote-poll SECONDS (default 30)
                              and, with --remote-events URL, whenever that server-sent events stream
                              announces a change (polling is then the fallback while it is down)
          --remote-format FORMAT
                              the format of the --remote document (default: tweaks)
          --remote-cache FILE where the fetched document is kept (default: one file per URL in
                              $XDG_CONFIG_HOME/tweaks/remote-cache/, else ~/.config/tweaks/remote-cache/)
          --allow-insecure-http
                              allow --remote over plain http to hosts other than loopback
          --context KEY=VALUE (list, get, explain) the targeting context conditional values are decided
                              for; repeatable; randomizationId=ID sets the id percent conditions hash;
                              every other pair is a string attribute
          --context-json JSON (list, get, explain) a typed context as flagd writes it, at most 64 KiB:
                              {"targetingKey": "u1", "age": 30, "beta": true, "user": {"name": "jack"}}
                              (targetingKey: the randomization id, a string; other members: typed
                              attributes, no null); with --context, its pairs are applied after the JSON

        generate options:
          -l, --local-tweaks-file-path FILE    the local tweaks file
          -o, --output-folder FOLDER           where <accessorName>.swift and <accessorName>+Constants.swift go
          -c, --configuration-folder FOLDER    the folder of config.json (or the .json file itself)
          --today YYYY-MM-DD                   the day "expired" is judged on (default: today)

        audit options:
          --sources DIR       a folder of Swift sources to scan; repeatable
          --local FILE        a local tweaks file declaring tweaks; repeatable (default: ./LocalTweaks_example.json)
          --overrides FILE    an overrides file to check for overrides of undeclared tweaks
          --defaults-suite NAME
                              a UserDefaults suite to check likewise
          --exclude GLOB      leave out files whose path (relative to its DIR) matches; repeatable
          --include-generated scan generated files (`tweak generate` output) too
          --fail-on CLASS,... exit 1 when any finding is of these classes (default: none; `all`)
          --today YYYY-MM-DD  the day expiry is judged on (default: today)
          --max-findings N    print at most N findings, then how many more (default: 1000)
          --json              the report as JSON (see Docs/Lifecycle.md)

        exit status: 0 success, 1 failure (not found, invalid files or values), 2 bad usage,
                     3 answered, but the --remote fetch failed (values from the cache and other layers)
        """

    /// The lines of ``usage``: the only text the tool splits into lines, being its own (what comes
    /// from files, sources and servers is composed into lines whole and escaped by ``Console``).
    static let usageLines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// The exit status of a command that answered although its `--remote` fetch failed.
    static let remoteFetchFailedStatus: Int32 = 3

    static func main() async {
        // A closed pipe (`tweak list | head`, a decryption command that does not read its input)
        // is an error to handle, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// What each command accepts.
    static func syntax(of command: String) -> CommandLineArguments.Syntax? {
        let stack = TweakStack.options
        switch command {
        case "list", "get":
            return .init(
                valueOptions: stack.union([ContextOption.name, ContextOption.jsonName]),
                flags: TweakStack.flags.union(["json", TweakStack.environmentFlag]))
        case "explain":
            return .init(
                valueOptions: stack.union([ContextOption.name, ContextOption.jsonName]),
                flags: TweakStack.flags.union([TweakStack.environmentFlag])
            )
        case "set": return .init(valueOptions: stack, flags: TweakStack.flags)
        case "bucket": return .init(valueOptions: ["seed", "id"])
        case "watch":
            return .init(valueOptions: stack.union(["remote-poll", "remote-events"]), flags: TweakStack.flags)
        case "reset": return .init(valueOptions: stack, flags: TweakStack.flags.union(["all"]))
        case "validate": return .init(valueOptions: ["against", FormatOption.name])
        case "help", "--help", "-h": return .init()
        case "audit": return AuditCommand.syntax
        case "generate":
            return .init(
                valueOptions: ["local", "output", "configuration", "today"],
                aliases: [
                    "-l": "local", "--local-tweaks-file-path": "local", "-o": "output", "--output-folder": "output",
                    "-c": "configuration", "--configuration-folder": "configuration",
                ])
        default: return nil
        }
    }

    /// The commands, as the usage text lists them, each once (`validate` has two entries).
    static let commands: [String] = {
        guard let start = usageLines.firstIndex(of: "commands:") else { return [] }
        var commands: [String] = []
        for line in usageLines[(start + 1)...].prefix(while: { !$0.isEmpty })
        where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            if let name = line.split(separator: " ").first.map(String.init), !commands.contains(name) {
                commands.append(name)
            }
        }
        return commands
    }()

    /// Runs one invocation and returns its exit status: 0 success, 1 failure, 2 bad usage.
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            let parsed = try CommandLineArguments(arguments, commands: commands, syntax: syntax(of:))
            switch parsed.command {
            case "list": return try await ListCommand.run(parsed)
            case "get": return try await ValueCommands.get(parsed)
            case "explain": return try await ValueCommands.explain(parsed)
            case "set": return try ValueCommands.set(parsed)
            case "reset": return try ValueCommands.reset(parsed)
            case "validate": return try ValidateCommand.run(parsed)
            case "generate": return try GenerateCommand.run(parsed)
            case "watch": return try await WatchCommand.run(parsed)
            case "bucket": return try BucketCommand.run(parsed)
            case "audit": return try AuditCommand.run(parsed)
            default: return try HelpCommand.run(parsed)
            }
        } catch let error as CommandLineArguments.UsageError {
            Console.error("tweak: \(error)")
            if error.showsUsage { Console.error(HelpCommand.hint(for: arguments.first)) }
            return 2
        } catch {
            Console.error("tweak: \(error)")
            return 1
        }
    }
}
