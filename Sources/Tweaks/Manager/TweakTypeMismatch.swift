/// A provider's value whose type differs from the type the local defaults file declares: the
/// lookup rule passes it over (the next layer answers). Found by
/// ``TweakManager/typeMismatches()``, logged when a change brings one, shown by `explain`.
public struct TweakTypeMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The tweak as the provider has it (its ``Tweak/source`` names the provider).
    public let tweak: Tweak
    /// The declared type.
    public let declaredKind: TweakValue.Kind
    /// The name of the provider (the local defaults file) that declares it.
    public let declaredBy: String

    /// `source: feature.variable: declared as int by <file>, found string "38"`.
    public var description: String {
        "\(tweak.source ?? "?"): \(tweak.feature).\(tweak.variable): \(problem)"
    }

    /// `declared as int by <file>, found string "38"`.
    public var problem: String {
        "declared as \(declaredKind) by \(declaredBy), found \(tweak.value.kind) \(tweak.value.jsonText)"
    }
}

extension TweakManager {
    /// Every value of the providers (other than the local defaults files) whose type is not the
    /// declared one, sorted by feature, variable and provider order. Empty when the stack is
    /// consistent; the `tweak` tool reports these after each remote fetch.
    public func typeMismatches() -> [TweakTypeMismatch] {
        tweakProviders.flatMap { provider in
            typeMismatches(in: provider.knownTweaks, of: provider)
                .sorted { ($0.tweak.feature, $0.tweak.variable) < ($1.tweak.feature, $1.tweak.variable) }
        }
    }

    /// The values among `tweaks` (as `provider` stores them) that are not of the declared type.
    func typeMismatches(in tweaks: [Tweak], of provider: any TweakProvider) -> [TweakTypeMismatch] {
        guard !(provider is LocalTweakProvider) else { return [] }
        return tweaks.compactMap { tweak in
            // An encrypted value's stored text says nothing of its type: reads check it decrypted.
            guard !tweak.isEncrypted else { return nil }
            let key = TweakKey(feature: tweak.feature, variable: tweak.variable)
            guard let declared = declarations[key], declared.mismatch(tweak) != nil else { return nil }
            return TweakTypeMismatch(
                tweak: tweak.source == nil ? tweak.with(source: provider.name) : tweak, declaredKind: declared.kind,
                declaredBy: declared.source)
        }
    }
}
