/// `tweak help [COMMAND]`: the usage text, or the part of it about one command (its entry in the
/// command list and the option sections that name it). A usage error points here in one line
/// instead of printing the whole text.
enum HelpCommand {
    static func run(_ arguments: CommandLineArguments) throws(CommandLineArguments.UsageError) -> Int32 {
        guard let command = arguments.positional.first else {
            Console.out(lines: TweakTool.usageLines)
            return 0
        }
        guard arguments.positional.count == 1 else {
            throw CommandLineArguments.UsageError(description: "help takes COMMAND or nothing")
        }
        guard let lines = usage(of: command) else {
            let hint = Suggestion.closest(to: command, in: TweakTool.commands).map { "; did you mean '\($0)'?" } ?? ""
            throw CommandLineArguments.UsageError(description: "help: unknown command '\(command)'\(hint)")
        }
        Console.out(lines: lines)
        return 0
    }

    /// The one line a usage error of `command` (`nil`: no command could be read) ends with.
    static func hint(for command: String?) -> String {
        guard let command, command != "help", usage(of: command) != nil else { return "run 'tweak help' for usage" }
        return "run 'tweak help \(command)' for usage"
    }

    /// `command`'s lines of the usage text: its entry in the command list and each option section
    /// whose heading names it; `nil` for an unknown command.
    static func usage(of command: String) -> [String]? {
        let lines = TweakTool.usageLines
        guard let start = lines.firstIndex(of: "commands:") else { return nil }
        var entry: [String] = []
        var isInEntry = false
        for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
            // An entry starts two spaces in; its continuation lines are indented further.
            if !line.hasPrefix("   ") { isInEntry = line.split(separator: " ").first == Substring(command) }
            if isInEntry { entry.append(line) }
        }
        guard !entry.isEmpty else { return nil }
        var result = ["command:"] + entry
        var index = start
        while index < lines.count {
            let line = lines[index]
            index += 1
            // A section heading: `stack options (list, get, …):`, `audit options:`.
            guard !line.hasPrefix(" "), line.hasSuffix(":") else { continue }
            let names = line.dropLast().split { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," }
            guard names.contains("options"), names.contains(Substring(command)) else { continue }
            result += [""] + [line] + lines[index...].prefix { !$0.isEmpty }
        }
        return result
    }
}
