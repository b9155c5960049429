/// The identity of a tweak: its feature and variable. Variables are always scoped by feature, so
/// `a.enabled` and `b.enabled` never collide.
///
/// The hash of both names is computed once, when the key is made: a lookup that goes through the
/// cache and several providers hashes the two strings once instead of once per dictionary.
package struct TweakKey: Hashable, Sendable {
    package let feature: String
    package let variable: String
    private let hashCode: Int

    package init(feature: String, variable: String) {
        self.feature = feature
        self.variable = variable
        var hasher = Hasher()
        hasher.combine(feature)
        hasher.combine(variable)
        hashCode = hasher.finalize()
    }

    package static func == (lhs: TweakKey, rhs: TweakKey) -> Bool {
        lhs.hashCode == rhs.hashCode && lhs.feature == rhs.feature && lhs.variable == rhs.variable
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }
}

/// A provider that answers by ``TweakKey`` directly: the built-in providers. The manager uses it to
/// reuse one key (and its hash) across the cache and every provider of a lookup.
protocol KeyedTweakProvider: TweakProvider {
    func tweakIfPresent(_ key: TweakKey) throws -> Tweak?
}

extension KeyedTweakProvider {
    public func tweakIfPresent(feature: String, variable: String) throws -> Tweak? {
        try tweakIfPresent(TweakKey(feature: feature, variable: variable))
    }
}
