/// What an editor needs to change one tweak — a settings screen, a debug menu, `tweak set`: its
/// declared type and default, the answer a read gives now and which layer gives it, and how to read
/// a person's text as the declared type. Made by ``TweakManager/editableTweak(feature:variable:)``
/// from the same lookup every read uses.
///
/// ```swift
/// if let editable = manager.editableTweak(feature: "checkout", variable: "max_items") {
///     let value = try editable.value(parsing: textField.text)  // "12" → .int(12); "twelve" throws
///     try manager.set(value, feature: "checkout", variable: "max_items")
/// }
/// ```
package struct EditableTweak: Sendable {
    /// The tweak's feature and variable.
    package let key: TweakKey
    /// The tweak as the lowest-priority provider that has it declares it — the default a stack
    /// falls back to, typically from the local JSON file. Its value's kind is the declared type.
    package let declaration: Tweak
    /// The tweak a read answers now (before any task-local override), or `nil` when no layer has a
    /// usable value.
    package let current: Tweak?
    /// The name of the layer whose value a read answers instead of the declaration's (an override,
    /// the remote configuration); `nil` when the declaration answers.
    package let overriddenBy: String?

    /// The type a value must have: the manager's ``TweakSchema`` type, else the type of
    /// ``declaration``'s value (a tweak only one provider has).
    package let type: TweakType

    /// The declared type: the kind of ``type``.
    package var declaredKind: TweakValue.Kind { type.kind }

    /// Reads `text` as a value of the declared type (see ``TweakType/value(parsing:)``): the same
    /// validation as reads.
    /// - Throws: ``TweakValueParseError`` saying what the text should be.
    package func value(parsing text: String) throws(TweakValueParseError) -> TweakValue {
        try type.value(parsing: text)
    }
}

extension TweakManager {
    /// The tweak as an editor sees it; `nil` when no provider declares it (only declared tweaks can
    /// be edited: their type says how to read a person's text).
    ///
    /// Task-local ``TweakOverrides`` are left out: an editor changes the providers.
    package func editableTweak(feature: String, variable: String) -> EditableTweak? {
        let key = TweakKey(feature: feature, variable: variable)
        let decision = decision(of: key, purpose: .explanation, usesTaskOverrides: false)
        // Without an override layer, the answers are the providers'. A provider that has the tweak
        // but cannot give it (an encrypted value without a closure) declares it as stored.
        guard let answers = decision.answers,
            let declaringIndex = answers.lastIndex(where: { !$0.answer.isNotFound }),
            let declaration = answers[declaringIndex].answer.tweak
                ?? tweakProviders[declaringIndex].knownTweaks.first(where: {
                    $0.feature == feature && $0.variable == variable
                })
        else { return nil }
        return EditableTweak(
            key: key, declaration: declaration, current: decision.tweak,
            overriddenBy: decision.winningIndex.flatMap { $0 == declaringIndex ? nil : answers[$0].provider },
            type: schema.type(of: key) ?? TweakType(of: declaration.value))
    }
}
