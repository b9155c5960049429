/// The identity of a tweak: its feature and variable. Variables are always scoped by feature, so
/// `a.enabled` and `b.enabled` never collide.
///
/// The hash of both names is computed once, when the key is made: a lookup that goes through the
/// cache and several providers hashes the two strings once instead of once per dictionary.
@usableFromInline
package struct TweakKey: Hashable, Sendable {
    package let feature: String
    package let variable: String
    private let hashCode: Int

    @usableFromInline
    package init(feature: String, variable: String) {
        self.feature = feature
        self.variable = variable
        var hasher = Hasher()
        hasher.combine(feature)
        hasher.combine(variable)
        hashCode = hasher.finalize()
    }

    @usableFromInline
    package static func == (lhs: TweakKey, rhs: TweakKey) -> Bool {
        lhs.hashCode == rhs.hashCode && lhs.feature == rhs.feature && lhs.variable == rhs.variable
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }

    /// What `Dictionary` and `Set` ask for: the precomputed hash (itself from a seeded `Hasher`)
    /// mixed with the table's seed, instead of hashing it a second time.
    @usableFromInline
    package func _rawHashValue(seed: Int) -> Int {
        hashCode ^ seed
    }
}
