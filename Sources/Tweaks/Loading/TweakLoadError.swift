/// Why a tweaks document could not be loaded: where, in which tweak, and what is wrong.
///
/// Loading never crashes and never keeps part of a bad document: the first problem found is
/// thrown as a `TweakLoadError` whose ``description`` reads like a compiler diagnostic:
///
/// ```
/// LocalTweaks.json:12:18: general.meaning_of_life: "Value" is null; expected Boolean, number, string, object or array
/// ```
public struct TweakLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file path, URL or label of the document.
    public let source: String
    /// The feature the problem is in, when it is inside one.
    public let feature: String?
    /// The variable the problem is in, when it is inside one.
    public let variable: String?
    /// Line and column of the problem, when known.
    public let position: TextPosition?
    /// What is wrong.
    public let reason: Reason

    /// Creates an error about `source`, optionally inside a tweak and at a position.
    package init(
        source: String, feature: String? = nil, variable: String? = nil, position: TextPosition? = nil,
        reason: Reason
    ) {
        self.source = source
        self.feature = feature
        self.variable = variable
        self.position = position
        self.reason = reason
    }

    /// The problem as a compiler-style diagnostic: `source:line:column: feature.variable: reason`.
    public var description: String {
        Self.diagnostic(source: source, position: position, feature: feature, variable: variable, reasonDescription)
    }

    /// `source[:line:column]: [feature.variable: | feature F: ]message`: the form of every
    /// diagnostic about a tweaks file.
    package static func diagnostic(
        source: String, position: TextPosition?, feature: String?, variable: String?, _ message: String,
        severity: String? = nil
    ) -> String {
        var text = source
        if let position { text += ":\(position)" }
        text += ": "
        if let severity { text += "\(severity): " }
        switch (feature, variable) {
        case (let feature?, let variable?): text += "\(feature).\(variable): "
        case (let feature?, nil): text += "feature \(feature): "
        default: break
        }
        return text + message
    }

    /// What is wrong, without the source, position and tweak.
    package var reasonDescription: String { reason.description }
}
