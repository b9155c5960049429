import Tweaks

/// `--context KEY=VALUE` (repeatable) of `get`, `explain` and `list`: the targeting context the
/// stack's conditional values are decided for. `randomizationId=…` sets the randomization id;
/// every other pair is a string attribute (numeric and version operators parse strings, as
/// Firebase's do); a key that looks like a misspelt `randomizationId` is warned about.
///
/// `--context-json JSON` (once) gives a typed context as flagd writes one (see
/// `TweakContext.fromJSON(_:source:)`): `targetingKey` is the randomization id, other members are
/// typed attributes. With both, the JSON comes first and each `--context` pair then sets its key
/// (a pair's `randomizationId` replaces `targetingKey`).
enum ContextOption {
    static let name = "context"
    static let jsonName = "context-json"
    /// The key that sets the randomization id (`randomizationID` is accepted too).
    static let randomizationIDKey = "randomizationId"

    /// The context the arguments give, or `nil` without `--context`.
    static func context(_ arguments: CommandLineArguments) throws(CommandLineArguments.UsageError) -> TweakContext? {
        let pairs = arguments.values(of: name)
        let json = try arguments.value(of: jsonName)
        guard !pairs.isEmpty || json != nil else { return nil }
        var context = TweakContext()
        if let json {
            do {
                context = try TweakContext.fromJSON(Array(json.utf8), source: "--\(jsonName)")
            } catch {
                throw CommandLineArguments.UsageError(description: error.description)
            }
        }
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
