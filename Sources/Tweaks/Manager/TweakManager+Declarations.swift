extension TweakManager {
    /// Makes the schema anew after a change of `provider` when it declares something, or did (a
    /// remote document's lifecycle). The providers are asked outside any lock; each rebuild takes a
    /// generation first and publishes only if no later one has, so two rebuilds that overlap never
    /// leave the older schema in place (the later one started after every change the earlier saw).
    func refreshSchema(after provider: (any TweakProvider)?) {
        guard let provider, let index = tweakProviders.firstIndex(where: { $0 === provider }),
            schema.providerDeclares[index] || !provider.declarations.isEmpty
        else { return }
        let generation = schemaRebuilds.withLock { started in
            started += 1
            return started
        }
        let rebuilt = TweakSchema(tweakProviders)
        state.withLock { state in
            guard generation > state.schemaGeneration else { return }
            state.schemaGeneration = generation
            state.readSettings.schema = rebuilt
        }
    }

    /// After a change of `provider`, checks all its values against this manager's declared types
    /// and reports the outcome as a `typeCheck` event of the provider, to this manager's log and
    /// ``providerEvents`` only: a failure listing every value of another type (a remote activation
    /// that brought `"38"` for an `Int` tweak is heard when it happens, not only at the first read,
    /// which passes the value over), or a recovery once none is left.
    ///
    /// The verdict is this manager's: another manager of the same provider has another schema, so
    /// it is kept here (``State/typeCheckFailures``), never in the provider's own health.
    func checkDeclaredTypes(after change: TweakChange, from provider: (any TweakProvider)?) {
        guard let provider, let index = tweakProviders.firstIndex(where: { $0 === provider }),
            schema.checksProvider[index]
        else { return }
        let typeCheck = typeCheck(ofProviderAt: index)
        let id = ObjectIdentifier(provider)
        // Made before the lock is taken: the provider's name and the error's text are not read under it.
        var failure = TweakProviderEvent.failed(.typeCheck, error: typeCheck, nextRetry: nil)
        failure.source = provider.name
        var recovery = TweakProviderEvent.succeeded(.typeCheck)
        (recovery.source, recovery.outcome) = (failure.source, .recovered)
        let event: TweakProviderEvent? = state.withLock { state in
            if typeCheck.isEmpty {
                return state.typeCheckFailures.removeValue(forKey: id) == nil ? nil : recovery
            }
            failure.isRepeat = state.typeCheckFailures[id].map { $0.errorText == failure.errorText } ?? false
            state.typeCheckFailures[id] = failure
            return failure
        }
        if let event { providerDidReport(event) }
    }

    /// This manager's current `typeCheck` failure of `provider`, if any.
    func typeCheckFailure(of provider: any TweakProvider) -> TweakProviderEvent? {
        state.withLock { $0.typeCheckFailures[ObjectIdentifier(provider)] }
    }
}

/// The values of one provider whose type is not the declared one, as one manager sees them: the
/// error of a failed `typeCheck` event.
public struct TweakTypeMismatches: Error, Sendable, CustomStringConvertible {
    /// Each value of another type than declared, sorted by feature and variable.
    public let mismatches: [TweakTypeMismatch]
    /// The errors of the values the provider cannot give as the declared type (text it stores
    /// that does not read as it), sorted by feature and variable.
    package let unreadableValues: [String]

    init(mismatches: [TweakTypeMismatch], unreadableValues: [String] = []) {
        self.mismatches = mismatches
        self.unreadableValues = unreadableValues
    }

    /// Whether every value is of the declared type.
    var isEmpty: Bool { mismatches.isEmpty && unreadableValues.isEmpty }

    /// `checkout.max_items: declared as int by <file>, found string "38"; …; reads pass them over`.
    public var description: String {
        let list =
            mismatches.map { "\($0.tweak.feature).\($0.tweak.variable): \($0.problem)" } + unreadableValues
        return list.joined(separator: "; ") + "; reads pass \(list.count == 1 ? "it" : "them") over"
    }
}
