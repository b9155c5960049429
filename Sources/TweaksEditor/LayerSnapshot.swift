import Tweaks

/// What every layer of a manager stores, taken once when rows are made: each provider's
/// `knownTweaks` by key (as stored: encrypted values are not decrypted), the schema, the
/// manager's type mismatches by key, and where the writable layer is. A row reads its override,
/// default, badges and problems from here; only its answer needs an evaluation.
struct LayerSnapshot {
    /// The manager's schema.
    let schema: TweakSchema
    /// Each provider's tweaks by key, in priority order.
    let stored: [[TweakKey: Tweak]]
    /// `provider: problem` for each value of another type than declared, by key.
    let mismatches: [TweakKey: [String]]
    /// The index of the editor's writable layer in ``stored``; `nil` when none is chosen.
    let writableIndex: Int?

    init(of manager: TweakManager, writableLayer: (any MutableTweakProvider)?) {
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
        writableIndex = writableLayer.flatMap { layer in manager.tweakProviders.firstIndex { $0 === layer } }
    }
}
