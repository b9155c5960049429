import Foundation
import Tweaks

/// `get`, `explain`, `set` and `reset`: one tweak at a time. `get` and `explain` fetch the remote
/// document once; `set` and `reset` only write the override layer and never go to the network.
enum ValueCommands {
    /// `tweak get FEATURE VARIABLE [--json]`: the resolved value (encrypted ones need `--decrypt`).
    static func get(_ arguments: CommandLineArguments) async throws -> Int32 {
        let names = try arguments.positional("FEATURE", "VARIABLE")
        let (feature, variable) = (names[0], names[1])
        let stack = try TweakStack(arguments)
        let remoteFailed = await stack.refreshRemote()
        let tweak: Tweak
        do {
            let found = try ContextOption.withContext(arguments) {
                try stack.manager.tweakIfPresent(feature: feature, variable: variable)
            }
            guard let found else {
                throw ToolError("\(feature).\(variable) was not found in any provider")
            }
            tweak = found
        } catch TweakError.decryptionClosureNotProvided {
            throw ToolError("\(feature).\(variable) is encrypted: give --decrypt COMMAND to read it")
        }
        Console.out(arguments.flags.contains("json") ? tweak.value.jsonText : tweak.value.description)
        return remoteFailed ? TweakTool.remoteFetchFailedStatus : 0
    }

    /// `tweak explain FEATURE VARIABLE`: every provider's answer; exit 1 unless a value wins.
    static func explain(_ arguments: CommandLineArguments) async throws -> Int32 {
        let names = try arguments.positional("FEATURE", "VARIABLE")
        let stack = try TweakStack(arguments)
        let remoteFailed = await stack.refreshRemote()
        let explanation = try ContextOption.withContext(arguments) {
            stack.manager.explain(feature: names[0], variable: names[1])
        }
        var lines = explanation.lines
        if let editable = stack.manager.editableTweak(feature: names[0], variable: names[1]) {
            lines.append("  declared in \(editable.declaration.source ?? "?") as \(editable.declaredKind.rawValue)")
        }
        if let line = stack.lifecycleDescription(feature: names[0], variable: names[1], today: TweakDay(Date())) {
            lines.append("  " + line)
        }
        Console.out(lines: lines)
        guard explanation.winner?.answer.isUsable == true else { return 1 }
        return remoteFailed ? TweakTool.remoteFetchFailedStatus : 0
    }

    /// `tweak set FEATURE VARIABLE VALUE`: writes an override, VALUE read as the declared type.
    static func set(_ arguments: CommandLineArguments) throws -> Int32 {
        let names = try arguments.positional("FEATURE", "VARIABLE", "VALUE")
        let (feature, variable, text) = (names[0], names[1], names[2])
        let stack = try TweakStack(arguments)
        guard let editable = stack.manager.editableTweak(feature: feature, variable: variable) else {
            let files = stack.locals.map(\.name).joined(separator: ", ")
            throw ToolError(
                "\(feature).\(variable) is not declared in \(files): set writes only declared tweaks, "
                    + "whose type says how to read the value")
        }
        let value: TweakValue
        do {
            value = try editable.value(parsing: text)
        } catch {
            throw ToolError("\(feature).\(variable): \(error) (declared in \(editable.declaration.source ?? "?"))")
        }
        try stack.writeOverride(value, feature: feature, variable: variable)
        Console.out("\(feature).\(variable) = \(value.jsonText) (\(stack.overrideLayerName))")
        return 0
    }

    /// `tweak reset FEATURE VARIABLE` or `tweak reset --all`: removes overrides.
    static func reset(_ arguments: CommandLineArguments) throws -> Int32 {
        let isAll = arguments.flags.contains("all")
        guard arguments.positional.count == (isAll ? 0 : 2) else {
            throw CommandLineArguments.UsageError(description: "reset takes FEATURE VARIABLE, or --all alone")
        }
        if isAll {
            let stack = try TweakStack(arguments)
            let count = stack.overrides.count
            try stack.removeAllOverrides()
            Console.out("removed \(count) override\(count == 1 ? "" : "s") (\(stack.overrideLayerName))")
            return 0
        }
        let (feature, variable) = (arguments.positional[0], arguments.positional[1])
        let stack = try TweakStack(arguments)
        guard stack.override(feature: feature, variable: variable) != nil else {
            Console.out("\(feature).\(variable) has no override (\(stack.overrideLayerName))")
            return 0
        }
        try stack.writeOverride(nil, feature: feature, variable: variable)
        let now = (try? stack.manager.tweakIfPresent(feature: feature, variable: variable))?
            .map { "\($0.quotedDisplayValue) (\($0.source ?? "unknown source"))" }
        Console.out("\(feature).\(variable): override removed; now \(now ?? "not set")")
        return 0
    }
}
