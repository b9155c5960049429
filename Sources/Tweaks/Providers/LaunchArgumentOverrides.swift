/// Overrides passed on the command line, the way UI tests launch an app with flags set:
/// `-tweak feature.variable=value`, repeatable.
///
/// ```swift
/// // In the UI test:
/// app.launchArguments += LaunchArgumentOverrides.arguments(for: ["checkout": ["new_flow": true]])
/// // In the app, on top of its stack:
/// let launchOverrides = try LaunchArgumentOverrides.provider(from: CommandLine.arguments)
/// ```
///
/// A value is read as JSON when it is JSON (`true`, `42`, `1.5`, `"42"`, `{"a": 1}`), and as
/// text otherwise (`-tweak ui.title=Hello` is the string `Hello`); quote a string that looks like
/// JSON (`"true"`) to keep it a string. ``arguments(for:)`` always writes JSON, so its arguments
/// read back exactly.
public enum LaunchArgumentOverrides {
    /// The flag that introduces one override: `-tweak`.
    public static let flag = "-tweak"

    /// A malformed `-tweak` argument.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The argument as given (after `-tweak`), or `-tweak` itself when its value is missing.
        public let argument: String
        /// What is wrong with it.
        public let reason: String

        /// `launch argument -tweak argument: reason`.
        public var description: String { "launch argument \(flag) \(argument): \(reason)" }
    }

    /// The overrides among `arguments` (other arguments are ignored), as feature → variable → value.
    /// - Throws: ``ParseError`` naming the first malformed override.
    public static func values(from arguments: [String]) throws(ParseError) -> [String: [String: TweakValue]] {
        var values: [String: [String: TweakValue]] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            defer { index += 1 }
            guard arguments[index] == flag else { continue }
            index += 1
            guard index < arguments.endIndex else {
                throw ParseError(argument: flag, reason: "expected feature.variable=value after it")
            }
            let (feature, variable, value) = try parse(arguments[index])
            values[feature, default: [:]][variable] = value
        }
        return values
    }

    /// An ``EphemeralTweakProvider`` holding the overrides among `arguments`: put it on top of a stack.
    /// - Throws: ``ParseError`` naming the first malformed override.
    public static func provider(
        from arguments: [String], name: String = "launch arguments"
    ) throws(ParseError) -> EphemeralTweakProvider {
        EphemeralTweakProvider(name: name, values: try values(from: arguments))
    }

    /// The arguments that make ``values(from:)`` read `values` back exactly, sorted by feature
    /// and variable.
    public static func arguments(for values: [String: [String: TweakValue]]) -> [String] {
        var arguments: [String] = []
        for feature in values.keys.sorted() {
            let variables = values[feature] ?? [:]
            for variable in variables.keys.sorted() {
                var text = "\(feature).\(variable)="
                JSONWriter.write(variables[variable]!, to: &text)
                arguments += [flag, text]
            }
        }
        return arguments
    }

    private static func parse(_ argument: String) throws(ParseError) -> (String, String, TweakValue) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ParseError(argument: argument, reason: "expected feature.variable=value")
        }
        let name = argument[..<equals]
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else {
            throw ParseError(argument: argument, reason: "expected a feature and a variable separated by '.'")
        }
        let text = String(argument[argument.index(after: equals)...])
        let value =
            (try? JSONParser.parse(Array(text.utf8), source: "launch argument"))?.tweakValue ?? .string(text)
        return (String(name[..<dot]), String(name[name.index(after: dot)...]), value)
    }
}
