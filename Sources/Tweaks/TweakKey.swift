/// The identity of a tweak: a feature and one of its variables. Variables are always scoped by
/// feature, so `a.enabled` and `b.enabled` never collide.
///
/// Providers are asked by key (``TweakProvider/tweak(for:)-(TweakKey)``), and change events name keys. The
/// hash of both names is computed once, when the key is made: a lookup that goes through the cache
/// and several providers hashes the two strings once instead of once per dictionary.
public struct TweakKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The feature, e.g. `checkout`.
    public let feature: String
    /// The variable within the feature, e.g. `enabled`.
    public let variable: String
    @usableFromInline let hashCode: Int

    /// The key of `variable` of `feature`.
    public init(feature: String, variable: String) {
        self.feature = feature
        self.variable = variable
        hashCode = Self.hashOfNames(feature: feature, variable: variable)
    }

    /// Whether both keys name the same feature and variable.
    @inlinable
    public static func == (lhs: TweakKey, rhs: TweakKey) -> Bool {
        lhs.hashCode == rhs.hashCode && lhs.feature == rhs.feature && lhs.variable == rhs.variable
    }

    /// Feeds the precomputed hash of both names to `hasher`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }

    /// Whether `other` names the same feature and variable (its hash already compared equal).
    @usableFromInline
    func hasNames(of other: TweakKey) -> Bool {
        feature == other.feature && variable == other.variable
    }

    /// Orders keys by feature, then by variable.
    public static func < (lhs: TweakKey, rhs: TweakKey) -> Bool {
        (lhs.feature, lhs.variable) < (rhs.feature, rhs.variable)
    }

    /// `feature.variable`.
    public var description: String { "\(feature).\(variable)" }
}
