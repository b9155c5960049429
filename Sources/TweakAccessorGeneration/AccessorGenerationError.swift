public import Tweaks

/// Why accessors could not be generated: every problem found, each naming the file and, when it
/// is about one, the tweak. When generation fails, no file is written.
///
/// ```
/// LocalTweaks.json: general.enabled: property name "enabled" is also used by ui_customization.enabled; set "GeneratedPropertyName" on one of them
/// ```
public struct AccessorGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem: where it is and what is wrong.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The path of the tweaks file, configuration file or output folder.
        public let source: String
        /// The feature the problem is in, when it is about one.
        public let feature: String?
        /// The variable the problem is in, when it is about one.
        public let variable: String?
        /// Line and column, when known.
        public let position: TextPosition?
        /// What is wrong.
        public let message: String

        /// Creates a problem in `source`, optionally about a tweak and at a position.
        package init(
            source: String, feature: String? = nil, variable: String? = nil, position: TextPosition? = nil,
            message: String
        ) {
            self.source = source
            self.feature = feature
            self.variable = variable
            self.position = position
            self.message = message
        }

        /// The problem of a tweaks file that cannot be loaded.
        init(_ error: TweakLoadError) {
            self.init(
                source: error.source, feature: error.feature, variable: error.variable, position: error.position,
                message: error.reasonDescription)
        }

        /// `source[:line:column]: [feature.variable: ]message`, like a compiler diagnostic.
        public var description: String {
            TweakLoadError.diagnostic(
                source: source, position: position, feature: feature, variable: variable, message)
        }

        /// `source[:line:column]: error: [feature.variable: ]message`: the form Xcode and SwiftPM
        /// show as an error of the build, at the file and line.
        package var buildDiagnostic: String {
            TweakLoadError.diagnostic(
                source: source, position: position, feature: feature, variable: variable, message, severity: "error")
        }
    }

    /// The problems, in the order found (document order for a tweaks file).
    public let problems: [Problem]

    /// Creates an error from the problems found, in order.
    package init(problems: [Problem]) {
        self.problems = problems
    }

    init(source: String, feature: String? = nil, variable: String? = nil, _ message: String) {
        self.init(problems: [Problem(source: source, feature: feature, variable: variable, message: message)])
    }

    /// One line per problem.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
