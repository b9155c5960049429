import Foundation
import Tweaks

/// Flag overrides taken from environment variables, the way containers and process managers
/// configure a service: `TWEAK__<FEATURE>__<VARIABLE>=<JSON value>`.
///
/// ```sh
/// TWEAK__NEW_PRICING__ENABLED=true TWEAK__CHECKOUT__MAX_ITEMS=3 server-example
/// TWEAK__CHECKOUT__GREETING='"Hello"'     # a string is quoted: it is JSON too
/// ```
///
/// Names are lowercased (`NEW_PRICING` is the feature `new_pricing`), and a double underscore
/// separates the feature from the variable. Values are parsed strictly: a value that is not JSON
/// (`ten`, `yes`, an unquoted string) stops the service with an error that names the variable,
/// instead of silently becoming a string.
enum EnvironmentOverrides {
    /// The prefix of every override variable. Other variables are ignored.
    static let prefix = "TWEAK__"

    /// An environment variable that is not a valid override.
    struct ParseError: Error, CustomStringConvertible {
        /// The variable's name.
        let variable: String
        /// What is wrong with it.
        let reason: String

        /// The error as the service reports it.
        var description: String { "environment variable \(variable): \(reason)" }
    }

    /// An `EphemeralTweakProvider` holding the overrides found in `environment`.
    /// - Throws: ``ParseError`` for the first malformed override, in name order.
    static func provider(
        from environment: [String: String], name: String = "environment"
    ) throws(ParseError) -> EphemeralTweakProvider {
        EphemeralTweakProvider(name: name, values: try values(from: environment))
    }

    /// The overrides found in `environment`, as feature → variable → value.
    /// - Throws: ``ParseError`` for the first malformed override, in name order.
    static func values(from environment: [String: String]) throws(ParseError) -> [String: [String: TweakValue]] {
        var values: [String: [String: TweakValue]] = [:]
        for (name, text) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix(prefix) {
            let (feature, variable) = try key(of: name)
            values[feature, default: [:]][variable] = try value(of: name, text: text)
        }
        return values
    }

    /// The feature and variable that the variable `name` overrides.
    private static func key(of name: String) throws(ParseError) -> (feature: String, variable: String) {
        let parts = name.dropFirst(prefix.count).components(separatedBy: "__")
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ParseError(variable: name, reason: "expected \(prefix)<FEATURE>__<VARIABLE>")
        }
        return (parts[0].lowercased(), parts[1].lowercased())
    }

    /// The value that `text`, the value of the variable `name`, stands for.
    ///
    /// `JSONDecoder` reads a whole number written `1.0` as the `Int` 1; a `Double` flag still
    /// reads it exactly.
    private static func value(of name: String, text: String) throws(ParseError) -> TweakValue {
        do {
            return try JSONDecoder().decode(TweakValue.self, from: Data(text.utf8))
        } catch {
            throw ParseError(
                variable: name,
                reason: "\(text.debugDescription) is not a JSON value "
                    + #"(write true, 42, 0.5, "text" with its quotes, […] or {…})"#)
        }
    }
}
