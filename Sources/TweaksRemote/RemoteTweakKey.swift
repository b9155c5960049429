/// Names one tweak of a remote configuration in change reports: a feature and one of its variables.
public struct RemoteTweakKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The feature, e.g. `checkout`.
    public let feature: String
    /// The variable within the feature, e.g. `enabled`.
    public let variable: String

    /// Creates a key for `variable` of `feature`.
    public init(feature: String, variable: String) {
        self.feature = feature
        self.variable = variable
    }

    /// Orders keys by feature, then by variable.
    public static func < (lhs: RemoteTweakKey, rhs: RemoteTweakKey) -> Bool {
        (lhs.feature, lhs.variable) < (rhs.feature, rhs.variable)
    }

    /// `feature.variable`.
    public var description: String { "\(feature).\(variable)" }
}
