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
/// JSON (`"true"`) to keep it a string. Text that starts like a JSON string, object or array (`"`,
/// `{`, `[`) must be valid JSON. ``arguments(for:)`` always writes JSON, so its arguments read back
/// exactly.
///
/// Mistakes throw a ``ParseError`` rather than being ignored: `--tweak` (two dashes), `-tweak=…`,
/// a `-tweak` with nothing (or another flag) after it, a value without `feature.variable=`, and
/// malformed JSON.
public enum LaunchArgumentOverrides {
    /// The flag that introduces one override: `-tweak`.
    public static let flag = "-tweak"

    /// A malformed `-tweak` argument.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The argument as given (after `-tweak`), or `-tweak` itself when its value is missing.
        public let argument: String
        /// What is wrong with it.
        public let reason: String

        /// `launch argument -tweak argument: reason`, or `launch argument --tweak: reason` for a
        /// misspelt or incomplete flag.
        public var description: String {
            argument.hasPrefix("-")
                ? "launch argument \(argument): \(reason)" : "launch argument \(flag) \(argument): \(reason)"
        }
    }

    /// The overrides among `arguments` (other arguments are ignored), as feature → variable → value.
    /// - Throws: ``ParseError`` naming the first malformed override.
    public static func values(from arguments: [String]) throws(ParseError) -> [String: [String: TweakValue]] {
        var values: [String: [String: TweakValue]] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            defer { index += 1 }
            let argument = arguments[index]
            guard argument == flag else {
                if let misspelt = misspeltFlag(argument) { throw misspelt }
                continue
            }
            index += 1
            guard index < arguments.endIndex else {
                throw ParseError(argument: flag, reason: "expected feature.variable=value after it")
            }
            guard !arguments[index].hasPrefix("-") else {
                throw ParseError(
                    argument: flag, reason: "expected feature.variable=value after it, found \(arguments[index])")
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
        let value: TweakValue
        do {
            value = try TweakValue.inferred(from: text, source: "launch argument")
        } catch {
            throw ParseError(argument: argument, reason: error.description)
        }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]), value)
    }

    /// The error for a flag that looks meant as `-tweak` but is not (`--tweak`, `-tweak=…`,
    /// `--tweak=…`), which would otherwise be ignored without a word.
    private static func misspeltFlag(_ argument: String) -> ParseError? {
        if argument == "--tweak" {
            return ParseError(argument: argument, reason: "use \(flag) (one dash), then feature.variable=value")
        }
        for prefix in ["--tweak=", "-tweak="] where argument.hasPrefix(prefix) {
            return ParseError(
                argument: argument,
                reason:
                    "write \(flag) and feature.variable=value as two arguments: \(flag) \(argument.dropFirst(prefix.count))"
            )
        }
        return nil
    }
}
