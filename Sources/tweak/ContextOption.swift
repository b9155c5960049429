import Tweaks

/// `--context KEY=VALUE` (repeatable) of `get`, `explain` and `list`: the targeting context the
/// stack's conditional values are decided for. `randomizationId=…` sets the randomization id;
/// every other pair is a string attribute (numeric and version operators parse strings, as
/// Firebase's do); a key that looks like a misspelt `randomizationId` is warned about.
enum ContextOption {
    static let name = "context"
    /// The key that sets the randomization id (`randomizationID` is accepted too).
    static let randomizationIDKey = "randomizationId"

    /// The context the arguments give, or `nil` without `--context`.
    static func context(_ arguments: CommandLineArguments) throws(CommandLineArguments.UsageError) -> TweakContext? {
        let pairs = arguments.values(of: name)
        guard !pairs.isEmpty else { return nil }
        var context = TweakContext()
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw CommandLineArguments.UsageError(description: "--context takes KEY=VALUE, found '\(pair)'")
            }
            let key = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if [randomizationIDKey, "randomizationID"].contains(key) {
                context.randomizationID = value
            } else {
                // Compared without case: `randomizationid` is one edit away, `RANDOMIZATIONID` too.
                if Suggestion.closest(to: key.lowercased(), in: [randomizationIDKey.lowercased()]) != nil {
                    Console.error(
                        "tweak: warning: --context \(key)=…: \"\(key)\" is an attribute; did you mean \(randomizationIDKey)?"
                    )
                }
                context[key] = .string(value)
            }
        }
        return context
    }

    /// Runs `body` with the arguments' context as the task's context (or without one).
    static func withContext<Result>(
        _ arguments: CommandLineArguments, _ body: () throws -> Result
    ) throws -> Result {
        guard let context = try context(arguments) else { return try body() }
        return try context.withScope(body)
    }
}

/// `tweak bucket --seed SEED --id ID`: where ID falls for a percent condition seeded SEED.
enum BucketCommand {
    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        _ = try arguments.positional()
        guard let seed = try arguments.value(of: "seed"), let id = try arguments.value(of: "id") else {
            throw CommandLineArguments.UsageError(description: "bucket takes --seed SEED --id ID")
        }
        let percentile = TweakContext(randomizationID: id).microPercentile(seed: seed) ?? 0
        let percent = Double(percentile) / 1_000_000
        Console.out("\(percentile) (\(percent) %)")
        return 0
    }
}
