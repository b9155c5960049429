/// A provider's value that violates the type the manager's ``TweakSchema`` declares: the lookup
/// rule passes it over (the next layer answers). Found by
/// ``TweakManager/typeMismatches()``, logged when a change brings one, shown by `explain`.
public struct TweakTypeMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The tweak as the provider has it (its ``Tweak/source`` names the provider).
    public let tweak: Tweak
    /// The declared type.
    package let declaredKind: TweakValue.Kind
    /// The name of the provider (the local defaults file) that declares it.
    public let declaredBy: String
    /// The declared type.
    public let declaredType: TweakType

    /// `source: feature.variable: declared as int by <file>, found string "38"`.
    public var description: String {
        "\(tweak.source ?? "?"): \(tweak.feature).\(tweak.variable): \(problem)"
    }

    /// What is wrong: `declared as int by
    /// <file>, found string "38"`, or the object key that is missing or unknown.
    package let problem: String
}

extension TweakManager {
    /// Every value of the providers that declare no type that violates the declared type, sorted
    /// by provider order, feature and variable. Empty when the stack is consistent; the `tweak`
    /// tool reports these after each remote fetch. Each provider is asked as a read asks it (with
    /// this manager's declared type), so a provider that stores text is checked as it is read.
    public func typeMismatches() -> [TweakTypeMismatch] {
        tweakProviders.indices.flatMap { typeCheck(ofProviderAt: $0).mismatches }
    }

    /// The values of the provider at `index` that violate the declared type, sorted by key, and
    /// the errors of those it cannot give as the declared type (a `Bool` environment variable
    /// set to `yes`).
    func typeCheck(ofProviderAt index: Int) -> TweakTypeMismatches {
        let schema = schema
        guard schema.checksProvider[index] else { return TweakTypeMismatches(mismatches: []) }
        let provider = tweakProviders[index]
        var keys = Set<TweakKey>()
        for tweak in provider.knownTweaks where !tweak.isEncrypted {
            keys.insert(TweakKey(feature: tweak.feature, variable: tweak.variable))
        }
        var mismatches: [TweakTypeMismatch] = []
        var unreadable: [String] = []
        for key in keys.sorted() {
            guard let declaration = schema[key], let type = declaration.type else { continue }
            let tweak: Tweak?
            do {
                tweak = try provider.tweak(
                    for: TweakRequest(key: key, schema: schema, boundContext: nil, ambientContext: nil))
            } catch {
                unreadable.append("\(error)")
                continue
            }
            guard let tweak, !tweak.isEncrypted, let problem = declaration.violation(by: tweak.value) else { continue }
            mismatches.append(
                TweakTypeMismatch(
                    tweak: tweak.source == nil ? tweak.with(source: provider.name) : tweak, declaredKind: type.kind,
                    declaredBy: declaration.declaredBy ?? "?", declaredType: type, problem: problem))
        }
        return TweakTypeMismatches(mismatches: mismatches, unreadableValues: unreadable)
    }
}
