extension TweakManager {
    /// Logs, at `error` level, each tweak of `change` whose new value is not of the declared type:
    /// a remote activation or a reload that brought `"38"` for an `Int` tweak is heard when it
    /// happens, not only at the first read (which passes the value over).
    func logDeclarationMismatches(in change: TweakChange, from provider: (any TweakProvider)?) {
        guard let log = logClosure, let provider, !(provider is LocalTweakProvider) else { return }
        let tweaks = change.keys == nil ? provider.knownTweaks : change.tweaks
        for tweak in tweaks {
            let key = TweakKey(feature: tweak.feature, variable: tweak.variable)
            // A removed tweak is reported as it was: only values the provider still has count.
            guard let reason = declarations[key]?.mismatch(tweak),
                change.keys == nil || ((try? provider.tweak(for: key)) ?? nil) != nil
            else { continue }
            log("\(change.source): \(key): \(reason); reads pass it over", .error)
        }
    }
}
