/// The arguments of one `tweak` invocation: a command, its positional arguments and its options.
struct CommandLineArguments {
    /// Why the arguments cannot be used; printed with the usage text.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    var command: String
    var positional: [String] = []
    /// Options with a value, in order given (`--local a.json --local b.json`).
    var options: [(name: String, value: String)] = []

    /// Parses `arguments` (without the program name). Every option takes a value, given as
    /// `--name value` or `--name=value`; `valueOptions` lists the ones allowed.
    init(_ arguments: [String], valueOptions: Set<String>) throws(UsageError) {
        guard let command = arguments.first else { throw UsageError(description: "missing command") }
        self.command = command
        var remaining = arguments.dropFirst()[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name: String
            let value: String
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                value = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
                guard let next = remaining.popFirst() else { throw UsageError(description: "--\(name) needs a value") }
                value = next
            }
            guard valueOptions.contains(name) else { throw UsageError(description: "unknown option --\(name)") }
            options.append((name, value))
        }
    }

    /// Every value given for option `name`, in order.
    func values(of name: String) -> [String] {
        options.filter { $0.name == name }.map(\.value)
    }
}
