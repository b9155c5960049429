/// An in-memory, mutable, thread-safe provider: overrides that last as long as the object.
///
/// Use it on top of a stack for overrides that must not persist (a debug menu session, a test,
/// launch arguments), or alone as a dictionary-backed provider.
public final class EphemeralTweakProvider: MutableTweakProvider, KeyedTweakProvider {
    private struct State: Sendable {
        var tweaks: [TweakKey: Tweak] = [:]
        var decryptionClosure: DecryptionClosure?
    }

    public let name: String
    private let state = Locked(State())

    /// A provider holding `values` (feature → variable → value).
    public init(name: String = "EphemeralTweakProvider", values: [String: [String: TweakValue]] = [:]) {
        self.name = name
        state.withLock { state in
            for (feature, variables) in values {
                for (variable, value) in variables {
                    state.tweaks[TweakKey(feature: feature, variable: variable)] = Tweak(
                        feature: feature, variable: variable, value: value, source: name)
                }
            }
        }
    }

    /// Not used by this provider, whose values are never encrypted; kept for the protocol.
    public var decryptionClosure: DecryptionClosure? {
        get { state.withLock { $0.decryptionClosure } }
        set { state.withLock { $0.decryptionClosure = newValue } }
    }

    func tweakIfPresent(_ key: TweakKey) -> Tweak? {
        state.withLock { $0.tweaks[key] }
    }

    public var knownTweaks: [Tweak] {
        state.withLock { Array($0.tweaks.values) }
    }

    public func set(_ value: TweakValue, feature: String, variable: String) {
        let tweak = Tweak(feature: feature, variable: variable, value: value, source: name)
        state.withLock { $0.tweaks[TweakKey(feature: feature, variable: variable)] = tweak }
        postDidChange(tweak)
    }

    public func deleteValue(feature: String, variable: String) {
        let key = TweakKey(feature: feature, variable: variable)
        guard let removed = state.withLock({ $0.tweaks.removeValue(forKey: key) }) else { return }
        postDidChange(removed)
    }

    public func removeAllValues() {
        let removed = state.withLock { state in
            defer { state.tweaks.removeAll() }
            return Array(state.tweaks.values)
        }
        for tweak in removed { postDidChange(tweak) }
    }
}
