extension TweakKey {
    /// The hash of a key's two names, made once when the key is: `Hasher`'s (seeded per process),
    /// the same for every two pairs of names that compare equal.
    static func hashOfNames(feature: String, variable: String) -> Int {
        var hasher = Hasher()
        hasher.combine(feature)
        hasher.combine(variable)
        return hasher.finalize()
    }
}
