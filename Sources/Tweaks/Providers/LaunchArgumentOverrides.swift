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
/// The provider reads each value as the type the asking manager declares (see
/// ``LaunchArgumentTweakProvider``). A tweak nobody declares is read
/// as JSON when it is JSON (`true`, `42`, `1.5`, `"42"`, `{"a": 1}`), and as text otherwise
/// (`-tweak ui.title=Hello` is the string `Hello`); quote a string that looks like JSON (`"true"`)
/// to keep it a string. Text that starts like a JSON string, object or array (`"`, `{`, `[`) must
/// be valid JSON. ``arguments(for:)`` always writes JSON, so its arguments read back exactly.
///
/// **Names.** The feature ends at the first `.` and the variable at the first `=` after it
/// (`-tweak a.b.c=1` is variable `b.c` of feature `a`), scalar by scalar (a `.` joined to a
/// combining mark is still a `.`). A name that contains `.` or `=`, or starts with `"` (a feature:
/// or `-`, which would read as another flag), is written as a JSON string: `-tweak '"api.v2".timeout=30'` is variable `timeout` of
/// feature `api.v2`, `-tweak 'ui."a=b"=1'` variable `a=b` of `ui`. ``arguments(for:)`` writes names
/// so, so every name reads back exactly.
///
/// Mistakes throw a ``ParseError`` rather than being ignored: `--tweak` (two dashes), `-tweak=…`,
/// a `-tweak` with nothing (or another flag) after it, a value without `feature.variable=`, and
/// malformed JSON.
public enum LaunchArgumentOverrides {
    /// The flag that introduces one override: `-tweak`.
    static let flag = "-tweak"

    /// A malformed `-tweak` argument.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The argument as given (after `-tweak`), or `-tweak` itself when its value is missing.
        package let argument: String
        /// What is wrong with it.
        package let reason: String

        /// `launch argument -tweak argument: reason`, or `launch argument --tweak: reason` for a
        /// misspelt or incomplete flag.
        public var description: String {
            argument.hasPrefix("-")
                ? "launch argument \(argument): \(reason)" : "launch argument \(flag) \(argument): \(reason)"
        }
    }

    /// The overrides among `arguments` (other arguments are ignored), as feature → variable → value,
    /// read without a declared type (JSON when it is JSON, else text).
    /// - Throws: ``ParseError`` naming the first malformed override.
    package static func values(from arguments: [String]) throws(ParseError) -> [String: [String: TweakValue]] {
        var values: [String: [String: TweakValue]] = [:]
        for override in try overrides(in: arguments) {
            values[override.key.feature, default: [:]][override.key.variable] = override.value
        }
        return values
    }

    /// A read-only ``LaunchArgumentTweakProvider`` holding the overrides among `arguments`: put it on
    /// top of a stack. Each value is read as the type the asking manager declares.
    /// - Throws: ``ParseError`` naming the first malformed override.
    public static func provider(
        from arguments: [String], name: String = "launch arguments"
    ) throws(ParseError) -> LaunchArgumentTweakProvider {
        LaunchArgumentTweakProvider(name: name, overrides: try overrides(in: arguments))
    }

    /// One `-tweak feature.variable=value`: its key, its text after `=`, and that text read without
    /// a declared type.
    struct Override: Sendable {
        let key: TweakKey
        let text: String
        let value: TweakValue
        /// The argument as given after `-tweak`, for errors.
        let argument: String
    }

    /// The overrides among `arguments`, in order (a later one of the same tweak wins).
    static func overrides(in arguments: [String]) throws(ParseError) -> [Override] {
        var overrides: [Override] = []
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
            let (feature, variable, value, text) = try parse(arguments[index])
            overrides.append(
                Override(
                    key: TweakKey(feature: feature, variable: variable), text: text, value: value,
                    argument: arguments[index]))
        }
        return overrides
    }

    /// The arguments that give `values` back exactly (read without a declared type), sorted by
    /// feature and variable.
    public static func arguments(for values: [String: [String: TweakValue]]) -> [String] {
        var arguments: [String] = []
        for feature in values.keys.sorted() {
            let variables = values[feature] ?? [:]
            for variable in variables.keys.sorted() {
                var text = ""
                writeName(feature, isFeature: true, to: &text)
                text += "."
                writeName(variable, to: &text)
                text += "="
                JSONWriter.write(variables[variable]!, to: &text)
                arguments += [flag, text]
            }
        }
        return arguments
    }

    /// Writes `name` as is, or as a JSON string when reading it as is would end it early (a `.` or
    /// `=`), read it as a JSON string (a leading `"`) or, for a feature, as another flag (a leading
    /// `-`). Names are compared scalar by scalar: a `.` followed by a combining mark, or preceded
    /// by a prepended mark such as U+0600, is still a `.` to the reader.
    private static func writeName(_ name: String, isFeature: Bool = false, to text: inout String) {
        let scalars = name.unicodeScalars
        if scalars.contains(where: { $0 == "." || $0 == "=" }) || scalars.first == "\""
            || (isFeature && scalars.first == "-")
        {
            JSONWriter.write(TweakValue.string(name), to: &text)
        } else {
            text += name
        }
    }

    private static func parse(_ argument: String) throws(ParseError) -> (String, String, TweakValue, text: String) {
        let namesError = ParseError(argument: argument, reason: "expected a feature and a variable separated by '.'")
        // Read scalar by scalar: a grapheme cluster may join a separator to a name's first or last
        // scalar (`.` + U+0301, U+0600 + `.`), which a walk over characters would not see.
        var rest = Substring(argument).unicodeScalars
        guard rest.contains("=") else {
            throw ParseError(argument: argument, reason: "expected feature.variable=value")
        }
        guard let feature = try readName(from: &rest, endingAt: [".", "="], in: argument), rest.first == "." else {
            throw namesError
        }
        rest = rest.dropFirst()
        guard let variable = try readName(from: &rest, endingAt: ["="], in: argument) else { throw namesError }
        guard rest.first == "=" else {
            throw ParseError(argument: argument, reason: "expected feature.variable=value")
        }
        let text = String(String.UnicodeScalarView(rest.dropFirst()))
        let value: TweakValue
        do {
            value = try TweakValue.inferred(from: text, source: "launch argument")
        } catch {
            throw ParseError(argument: argument, reason: error.description)
        }
        return (feature, variable, value, text)
    }

    /// The name at the start of `rest`, which is left at the scalar after it: a JSON string when
    /// it starts with `"`, else the text up to the first of `ends`; `nil` when it is empty.
    private static func readName(
        from rest: inout Substring.UnicodeScalarView, endingAt ends: Set<Unicode.Scalar>, in argument: String
    ) throws(ParseError) -> String? {
        guard rest.first == "\"" else {
            let name = rest.prefix { !ends.contains($0) }
            rest = rest[name.endIndex...]
            return name.isEmpty ? nil : String(String.UnicodeScalarView(name))
        }
        // The closing quote: the first `"` not escaped by an odd number of backslashes.
        var index = rest.index(after: rest.startIndex)
        var isEscaped = false
        while index < rest.endIndex {
            if isEscaped {
                isEscaped = false
            } else if rest[index] == "\\" {
                isEscaped = true
            } else if rest[index] == "\"" {
                break
            }
            index = rest.index(after: index)
        }
        guard index < rest.endIndex else {
            throw ParseError(argument: argument, reason: "a name that starts with '\"' must be a JSON string")
        }
        let literal = String(String.UnicodeScalarView(rest[...index]))
        rest = rest[rest.index(after: index)...]
        guard case .string(let name)? = try? TweakValue.inferred(from: literal, source: "launch argument")
        else {
            throw ParseError(argument: argument, reason: "\(literal) is not a JSON string")
        }
        return name.isEmpty ? nil : name
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
