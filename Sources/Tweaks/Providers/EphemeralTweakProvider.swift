/// An in-memory, mutable, thread-safe provider: overrides that last as long as the object.
///
/// Use it on top of a stack for overrides that must not persist (a debug menu session, a test,
/// launch arguments), or alone as a dictionary-backed provider.
public final class EphemeralTweakProvider: MutableTweakProvider, TweakChannelOwner {
    /// Where the provider's changes and events reach its managers (see ``TweakChannelOwner``).
    package let channel = TweakProviderChannel()
    /// The name shown as the source of the provider's tweaks.
    public let name: String
    /// The stored tweaks: a lookup of a tweak not among a few takes no lock.
    private let tweaks = LockedTable<Tweak>()

    /// A provider holding `values` (feature → variable → value).
    public init(name: String = "EphemeralTweakProvider", values: [String: [String: TweakValue]] = [:]) {
        self.name = name
        tweaks.withLock { tweaks in
            for (feature, variables) in values {
                for (variable, value) in variables {
                    tweaks[TweakKey(feature: feature, variable: variable)] = Tweak(
                        feature: feature, variable: variable, value: value, source: name)
                }
            }
        }
    }

    /// The stored tweak, or `nil`.
    public func tweak(for key: TweakKey) -> Tweak? {
        tweaks.value(for: key)
    }

    /// Every stored tweak, in no particular order.
    public var knownTweaks: [Tweak] {
        tweaks.withLock { Array($0.values) }
    }

    /// Stores `value` for the tweak, replacing any earlier value, and posts the change.
    public func set(_ value: TweakValue, feature: String, variable: String) {
        let tweak = Tweak(feature: feature, variable: variable, value: value, source: name)
        tweaks.withLock { $0[TweakKey(feature: feature, variable: variable)] = tweak }
        postDidChange(.tweaks([tweak]))
    }

    /// Removes the stored value and posts the change; does nothing when there is none.
    public func deleteValue(feature: String, variable: String) {
        let key = TweakKey(feature: feature, variable: variable)
        guard let removed = tweaks.withLock({ $0.removeValue(forKey: key) }) else { return }
        postDidChange(.tweaks([removed]))
    }

    /// Removes every stored value and posts one change naming them.
    public func removeAllValues() {
        let removed = tweaks.withLock { tweaks in
            defer { tweaks.removeAll() }
            return Array(tweaks.values)
        }
        postDidChange(.tweaks(removed))
    }
}
