/// What a manager knows its tweaks to be: the declarations of its own providers, merged. Read it
/// from ``TweakManager/schema``.
///
/// **The rule.** For each tweak, every field (type, each lifecycle field, title, description,
/// group) comes from the lowest-priority provider that declares it — typically the local defaults
/// file, the stack's schema of last resort. A provider that declares types is an author of the
/// schema: its own answers are not checked. Every other provider's value is checked against the
/// declared type by the lookup rule: a value of another type is passed over, reported, and the next
/// layer answers.
public final class TweakSchema: Sendable {
    private let declarationsByKey: [TweakKey: TweakDeclaration]
    /// The declared types alone, for the lookup: read without copying a declaration.
    private let types: [TweakKey: TweakType]
    /// For each provider, by index: whether its answers are checked (it declares no type, and there
    /// is something to check them against).
    let checksProvider: [Bool]
    /// For each provider, by index: whether its plain values are the app's defaults (`DEFAULT`):
    /// it declares types (it is an author of the schema) and is not a flagd document, whose
    /// plain values are its flags' static answers (`STATIC`).
    let providerGivesDefaults: [Bool]
    /// For each provider, by index: whether it declares anything (its changes may change the schema).
    let providerDeclares: [Bool]
    /// For each provider, by index: whether it is an override layer (a ``MutableTweakProvider``).
    let providerIsOverride: [Bool]
    /// For each provider, by index: its ``TweakProvider/name``, asked once (a default name is made
    /// from the type's name at each call).
    let providerNames: [String]

    /// The schema of `providers` (highest priority first).
    init(_ providers: [any TweakProvider]) {
        var merged: [TweakKey: TweakDeclaration] = [:]
        var declaresTypes: [Bool] = []
        var declaresAnything: [Bool] = []
        for provider in providers.reversed() {
            var declaresType = false
            var declaresSomething = false
            for var declaration in provider.declarations {
                if declaration.declaredBy == nil { declaration.declaredBy = provider.name }
                declaresType = declaresType || declaration.type != nil
                declaresSomething = true
                merged[declaration.key] = merged[declaration.key].map { $0.filling(from: declaration) } ?? declaration
            }
            declaresTypes.append(declaresType)
            declaresAnything.append(declaresSomething)
        }
        declarationsByKey = merged
        types = merged.compactMapValues(\.type)
        let hasTypes = !types.isEmpty
        checksProvider = declaresTypes.reversed().map { hasTypes && !$0 }
        providerDeclares = declaresAnything.reversed()
        providerGivesDefaults = zip(declaresTypes.reversed(), providers).map { declares, provider in
            declares && (provider as? LocalTweakProvider)?.format.isFlagd != true
        }
        providerIsOverride = providers.map { $0 is any MutableTweakProvider }
        providerNames = providers.map(\.name)
    }

    /// A schema of `types` alone, declared by no provider: a request a provider's tests make.
    init(declaring types: [TweakKey: TweakType]) {
        declarationsByKey = Dictionary(
            uniqueKeysWithValues: types.map { key, type in
                (key, TweakDeclaration(feature: key.feature, variable: key.variable, type: type))
            })
        self.types = types
        checksProvider = []
        providerDeclares = []
        providerGivesDefaults = []
        providerIsOverride = []
        providerNames = []
    }

    /// The name of the layer at `index`: ``TweakOverrides/source`` for a task-local override
    /// (`-1`), else the provider's name as this schema recorded it. What evaluations and
    /// exposures report.
    func layerName(_ index: Int) -> String {
        index < 0 ? TweakOverrides.source : providerNames[index]
    }

    /// The declaration of `key`, if a provider declares it.
    package subscript(key: TweakKey) -> TweakDeclaration? {
        declarationsByKey.isEmpty ? nil : declarationsByKey[key]
    }

    /// The declaration of `variable` of `feature`, if a provider declares it.
    public func declaration(feature: String, variable: String) -> TweakDeclaration? {
        self[TweakKey(feature: feature, variable: variable)]
    }

    /// Every declaration, sorted by feature and variable.
    public var declarations: [TweakDeclaration] {
        declarationsByKey.values.sorted { $0.key < $1.key }
    }

    /// Every declared key, in no order (``declarations`` sorts them).
    package var declaredKeys: Dictionary<TweakKey, TweakDeclaration>.Keys { declarationsByKey.keys }

    /// Whether no provider declares anything.
    package var isEmpty: Bool { declarationsByKey.isEmpty }

    /// The declared type of `key`: what the lookup checks.
    @inline(__always)
    func type(of key: TweakKey) -> TweakType? {
        types.isEmpty ? nil : types[key]
    }

    /// Why `value` cannot be `key`'s value (see ``TweakDeclaration/violation(by:isEncrypted:)``), or `nil`
    /// when it can or `key` has no declared type: the one validation of reads, the editor,
    /// `tweak set` and `tweak validate --against`.
    package func violation(by value: TweakValue, for key: TweakKey) -> String? {
        self[key]?.violation(by: value)
    }

    /// Why `tweak`'s value cannot stand for it (see ``TweakDeclaration/violation(by:isEncrypted:)``).
    func violation(by tweak: Tweak) -> String? {
        self[TweakKey(feature: tweak.feature, variable: tweak.variable)]?.violation(
            by: tweak.value, isEncrypted: tweak.isEncrypted)
    }
}
