extension TweakManager {
    /// After a change of `provider`, checks all its values against the declared types and posts the
    /// outcome as a `typeCheck` event of the provider: a failure listing every value of another
    /// type (a remote activation or a reload that brought `"38"` for an `Int` tweak is heard when
    /// it happens, in the log and on ``providerEvents``, not only at the first read, which passes
    /// the value over), or a recovery once none is left.
    func checkDeclaredTypes(after change: TweakChange, from provider: (any TweakProvider)?) {
        guard let provider, !(provider is LocalTweakProvider), !declarations.isEmpty else { return }
        let mismatches = typeMismatches(in: provider.knownTweaks, of: provider)
            .sorted { ($0.tweak.feature, $0.tweak.variable) < ($1.tweak.feature, $1.tweak.variable) }
        if !mismatches.isEmpty {
            provider.postEvent(.failed(.typeCheck, error: TweakTypeMismatches(mismatches: mismatches), nextRetry: nil))
        } else if TweakProviderHealthRegistry.shared.currentFailures(of: provider).contains(where: {
            $0.operation == .typeCheck
        }) {
            provider.postEvent(.succeeded(.typeCheck))
        }
    }
}

/// The values of one provider whose type is not the declared one: the error of a failed
/// `typeCheck` event.
public struct TweakTypeMismatches: Error, Sendable, CustomStringConvertible {
    /// Each value of another type than declared, sorted by feature and variable.
    public let mismatches: [TweakTypeMismatch]

    /// `checkout.max_items: declared as int by <file>, found string "38"; …; reads pass them over`.
    public var description: String {
        let list = mismatches.map { "\($0.tweak.feature).\($0.tweak.variable): \($0.problem)" }
        return list.joined(separator: "; ") + "; reads pass \(mismatches.count == 1 ? "it" : "them") over"
    }
}
