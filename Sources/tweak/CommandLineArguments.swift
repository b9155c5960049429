/// The arguments of one `tweak` invocation: a command, its positional arguments and its options.
///
/// An argument is an option when it starts with `--` or is one of the command's short aliases
/// (`-l`); anything else, `-5` included, is positional, as is everything after `--`. Options take
/// their value as `--name value` or `--name=value`; flags take none.
struct CommandLineArguments {
    /// Why the arguments cannot be used; printed with the usage text unless it says all that
    /// helps (a mistyped command).
    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
        var showsUsage = true
    }

    /// What a command accepts, by canonical option name.
    struct Syntax {
        var valueOptions: Set<String> = []
        var flags: Set<String> = []
        /// Other spellings, written in full (`-l`, `--local-tweaks-file-path`) → canonical name.
        var aliases: [String: String] = [:]
    }

    var command: String
    var positional: [String] = []
    /// Options with a value, in the order given (`--local a.json --local b.json`).
    var options: [(name: String, value: String)] = []
    var flags: Set<String> = []

    /// Parses `arguments` (without the program name); `syntax` tells what a command accepts, or
    /// `nil` for an unknown command, and `commands` lists the commands for "did you mean …?".
    init(_ arguments: [String], commands: [String], syntax: (String) -> Syntax?) throws(UsageError) {
        guard let command = arguments.first else { throw UsageError(description: "missing command") }
        guard let syntax = syntax(command) else {
            let hint = Suggestion.closest(to: command, in: commands).map { "did you mean '\($0)'? " } ?? ""
            throw UsageError(
                description:
                    "unknown command '\(command)'; \(hint)(commands: \(commands.joined(separator: ", ")); 'tweak help' explains them)",
                showsUsage: false)
        }
        self.command = command
        var remaining = arguments.dropFirst()[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if argument == "--", !optionsEnded {
                optionsEnded = true
                continue
            }
            let spelling = String(argument.prefix { $0 != "=" })
            guard !optionsEnded, argument.hasPrefix("--") || syntax.aliases[spelling] != nil else {
                positional.append(argument)
                continue
            }
            let inlineValue = argument.firstIndex(of: "=").map { String(argument[argument.index(after: $0)...]) }
            let name = syntax.aliases[spelling] ?? String(spelling.dropFirst(2))
            if syntax.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(description: "\(spelling) takes no value") }
                flags.insert(name)
                continue
            }
            guard syntax.valueOptions.contains(name) else {
                let known = syntax.valueOptions.union(syntax.flags).map { "--\($0)" }
                let hint = Suggestion.closest(to: spelling, in: known.sorted()).map { "; did you mean \($0)?" } ?? ""
                throw UsageError(description: "unknown option \(spelling) for \(command)\(hint)")
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError(description: "\(spelling) needs a value")
            }
            options.append((name, value))
        }
    }

    /// Every value given for option `name`, in order.
    func values(of name: String) -> [String] {
        options.filter { $0.name == name }.map(\.value)
    }

    /// The value of option `name`, which may be given at most once.
    func value(of name: String) throws(UsageError) -> String? {
        let values = values(of: name)
        guard values.count <= 1 else { throw UsageError(description: "--\(name) may be given only once") }
        return values.first
    }

    /// The positional arguments, which must number exactly `names.count` (named in the error).
    func positional(_ names: String...) throws(UsageError) -> [String] {
        guard positional.count == names.count else {
            let expected = names.isEmpty ? "no arguments" : names.joined(separator: " ")
            throw UsageError(description: "\(command) takes \(expected)")
        }
        return positional
    }
}
