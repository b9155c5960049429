/// The manager's memory of earlier answers: hits **and** misses, per tweak and per feature.
///
/// Coherence rule: every change bumps ``generation`` and empties the cache. A lookup notes the
/// generation before it asks the providers and stores its answer only if no change happened
/// meanwhile, so an answer read before a write can never be stored after it.
struct TweakCache: Sendable {
    enum Entry: Sendable {
        case hit(Tweak)
        case miss
    }

    var isEnabled = false
    private(set) var generation: UInt64 = 0
    private var tweaks: [TweakKey: Entry] = [:]
    private var features: [String: Bool] = [:]

    func entry(for key: TweakKey) -> Entry? {
        isEnabled ? tweaks[key] : nil
    }

    func isFeatureEnabled(_ feature: String) -> Bool? {
        isEnabled ? features[feature] : nil
    }

    mutating func store(_ entry: Entry, for key: TweakKey, ifGeneration expected: UInt64) {
        guard isEnabled, generation == expected else { return }
        tweaks[key] = entry
    }

    mutating func store(featureEnabled: Bool, for feature: String, ifGeneration expected: UInt64) {
        guard isEnabled, generation == expected else { return }
        features[feature] = featureEnabled
    }

    mutating func invalidate() {
        generation &+= 1
        if !tweaks.isEmpty { tweaks.removeAll() }
        if !features.isEmpty { features.removeAll() }
    }
}
