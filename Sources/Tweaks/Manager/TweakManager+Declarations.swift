extension TweakManager {
    /// Logs, at `error` level, each tweak of `change` whose new value is not of the declared type:
    /// a remote activation or a reload that brought `"38"` for an `Int` tweak is heard when it
    /// happens, not only at the first read (which passes the value over).
    func logDeclarationMismatches(in change: TweakChange, from provider: (any TweakProvider)?) {
        guard let log = logClosure, let provider else { return }
        // A removed tweak is reported as it was: only values the provider still has count.
        let tweaks =
            change.keys == nil
            ? provider.knownTweaks
            : change.tweaks.filter {
                ((try? provider.tweak(for: TweakKey(feature: $0.feature, variable: $0.variable))) ?? nil) != nil
            }
        for mismatch in typeMismatches(in: tweaks, of: provider) {
            log("\(mismatch); reads pass it over", .error)
        }
    }
}
