import Tweaks

/// `tweak list [--json]`: every tweak of the stack, grouped, with its resolved value, source and
/// title; encrypted values are redacted unless `--decrypt` is given.
enum ListCommand {
    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        _ = try arguments.positional()
        let stack = try TweakStack(arguments)
        let remoteFailed = await stack.refreshRemote()
        let revealing = try arguments.value(of: "decrypt") != nil
        let catalog = try ContextOption.withContext(arguments) { stack.manager.catalog() }
        if arguments.flags.contains("json") {
            Console.out(lines: CatalogTable.jsonLines(catalog, revealingSecrets: revealing))
        } else {
            Console.out(lines: CatalogTable.render(catalog, revealingSecrets: revealing))
        }
        return remoteFailed ? TweakTool.remoteFetchFailedStatus : 0
    }
}
