/// The declared type of every tweak of a manager's local defaults files: the schema that the other
/// layers' values are checked against.
///
/// A tweak is declared by the lowest-priority ``LocalTweakProvider`` that has it, with the kind of
/// its value (an `Int` and a `Double` are compatible). Encrypted entries declare nothing (their
/// stored text is not their type). A value of another kind from a provider that is not a local
/// defaults file is unusable by the lookup rule: passed over, logged, shown by `explain`, and the
/// next layer answers. (Local files are not checked against each other: a read answered by one
/// costs no check.)
struct TweakDeclarations: Sendable {
    /// One tweak's declared kind and the file that declares it.
    struct Declaration: Sendable {
        /// The declared value, whose kind (and, for an object, keys) is the type.
        let value: TweakValue
        let source: String

        var kind: TweakValue.Kind { value.kind }

        /// Why `tweak` cannot stand for this declaration, or `nil` when its kind fits. An
        /// encrypted value is checked once decrypted (its stored text says nothing of its type).
        func mismatch(_ tweak: Tweak) -> String? {
            guard !tweak.value.isCompatible(with: kind) else { return nil }
            let found = tweak.isEncrypted ? "<encrypted>" : tweak.value.jsonText
            return "declared as \(kind) by \(source), found \(tweak.value.kind) \(found)"
        }
    }

    private let declarations: [TweakKey: Declaration]
    /// The declared kinds alone, for the lookup: a kind is copied without reference counting.
    private let kinds: [TweakKey: TweakValue.Kind]
    /// For each provider, by index: whether its answers are checked (it is no local defaults file,
    /// and there is something to check them against).
    let checksProvider: [Bool]

    /// The declarations of the ``LocalTweakProvider``s among `providers` (highest priority first).
    init(_ providers: [any TweakProvider]) {
        var declarations: [TweakKey: Declaration] = [:]
        for provider in providers.reversed() where provider is LocalTweakProvider {
            for tweak in provider.knownTweaks where !tweak.isEncrypted {
                let key = TweakKey(feature: tweak.feature, variable: tweak.variable)
                if declarations[key] == nil {
                    declarations[key] = Declaration(value: tweak.value, source: provider.name)
                }
            }
        }
        self.declarations = declarations
        kinds = declarations.mapValues(\.kind)
        checksProvider = providers.map { !declarations.isEmpty && !($0 is LocalTweakProvider) }
    }

    /// The declared kind of `key`, if a local defaults file declares it: what the lookup checks.
    @inline(__always)
    func kind(of key: TweakKey) -> TweakValue.Kind? {
        kinds.isEmpty ? nil : kinds[key]
    }

    /// Whether no tweak is declared.
    var isEmpty: Bool { declarations.isEmpty }

    /// Every declared tweak.
    var keys: Dictionary<TweakKey, Declaration>.Keys { declarations.keys }

    /// The declaration of `key`, if a local defaults file declares it.
    subscript(key: TweakKey) -> Declaration? {
        declarations.isEmpty ? nil : declarations[key]
    }
}
