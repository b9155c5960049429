/// A provider as a manager asks it: by ``TweakKey``, so that one key (and its hash) serves the
/// cache and every provider of a lookup.
protocol TweakKeyLookup: AnyObject, Sendable {
    /// The provider's ``TweakProvider/name``.
    var name: String { get }
    func tweakIfPresent(_ key: TweakKey) throws -> Tweak?
}

/// A provider that answers by key directly: the built-in providers.
protocol KeyedTweakProvider: TweakProvider, TweakKeyLookup {}

extension KeyedTweakProvider {
    /// The tweak, or `nil` when the provider does not have it; other errors are thrown.
    public func tweakIfPresent(feature: String, variable: String) throws -> Tweak? {
        try tweakIfPresent(TweakKey(feature: feature, variable: variable))
    }
}

/// Asks a provider that answers by name only (a third-party provider) by key.
final class NamedLookup: TweakKeyLookup {
    let provider: any TweakProvider

    init(provider: any TweakProvider) {
        self.provider = provider
    }

    var name: String { provider.name }

    func tweakIfPresent(_ key: TweakKey) throws -> Tweak? {
        try provider.tweakIfPresent(feature: key.feature, variable: key.variable)
    }
}

extension TweakKeyLookup {
    /// The provider's tweak for `key`, naming the provider as its source when the provider did not.
    func tweak(for key: TweakKey) throws -> Tweak? {
        guard let tweak = try tweakIfPresent(key) else { return nil }
        return tweak.source == nil ? tweak.with(source: name) : tweak
    }
}
