import Tweaks

/// What every layer of a manager stores, taken once when rows are made: each provider's
/// `knownTweaks` by key (as stored: encrypted values are not decrypted), the schema, and the
/// manager's type mismatches by key. A row reads its override, default, badges and problems from
/// here; only its answer needs an evaluation.
struct LayerSnapshot {
    /// The manager's schema.
    let schema: TweakSchema
    /// Each provider's tweaks by key, in priority order.
    let stored: [[TweakKey: Tweak]]
    /// `provider: problem` for each value of another type than declared, by key.
    let mismatches: [TweakKey: [String]]

    init(of manager: TweakManager) {
        schema = manager.schema
        stored = manager.tweakProviders.map { provider in
            var byKey: [TweakKey: Tweak] = [:]
            for tweak in provider.knownTweaks {
                byKey[TweakKey(feature: tweak.feature, variable: tweak.variable)] = tweak
            }
            return byKey
        }
        var mismatches: [TweakKey: [String]] = [:]
        for mismatch in manager.typeMismatches() {
            let key = TweakKey(feature: mismatch.tweak.feature, variable: mismatch.tweak.variable)
            mismatches[key, default: []].append("\(mismatch.tweak.source ?? "?"): \(mismatch.problem)")
        }
        self.mismatches = mismatches
    }
}
