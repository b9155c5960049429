/// What a provider says a tweak is: its declared type, lifecycle and descriptive metadata. A
/// provider contributes declarations through ``TweakProvider/declarations``; a manager merges those
/// of its own providers into its ``TweakSchema``.
///
/// ```swift
/// TweakDeclaration(
///     feature: "checkout", variable: "max_items", type: .int,
///     lifecycle: TweakLifecycle(owner: "@payments", kind: .release), title: "Max items")
/// ```
public struct TweakDeclaration: Sendable, Hashable {
    /// The tweak declared.
    public let key: TweakKey
    /// The declared type; `nil` when the provider declares only metadata (a remote document's
    /// lifecycle, an encrypted entry whose stored text is not its type).
    public var type: TweakType?
    /// The owner, kind and dates of the tweak.
    public var lifecycle: TweakLifecycle
    /// A human-readable title.
    public var title: String?
    /// A longer human-readable description.
    public var description: String?
    /// The group the tweak is shown in.
    public var group: String?
    /// The name of the provider that declares it; a manager fills it in with the provider's
    /// ``TweakProvider/name`` when it is `nil`.
    public var declaredBy: String?

    /// A declaration of `variable` of `feature`.
    public init(
        feature: String, variable: String, type: TweakType?, lifecycle: TweakLifecycle = TweakLifecycle(),
        title: String? = nil, description: String? = nil, group: String? = nil, declaredBy: String? = nil
    ) {
        self.key = TweakKey(feature: feature, variable: variable)
        self.type = type
        self.lifecycle = lifecycle
        self.title = title
        self.description = description
        self.group = group
        self.declaredBy = declaredBy
    }

    /// Why `value` cannot stand for this tweak, or `nil` when it can or no type is declared:
    /// ``TweakType/violation(by:)`` naming the declaring provider — `declared as int by <file>,
    /// found string "38"`, or `declared as json object {"a"} by <file>: missing key "a"`. An
    /// encrypted value is not shown.
    package func violation(by value: TweakValue, isEncrypted: Bool = false) -> String? {
        guard let type, let problem = type.violation(by: value) else { return nil }
        let declared = "declared as \(type) by \(declaredBy ?? "?")"
        guard value.isCompatible(with: type.kind), value.jsonKindName == type.prototype.jsonKindName else {
            return "\(declared), found \(value.jsonKindName) \(isEncrypted ? "<encrypted>" : value.jsonText)"
        }
        return "\(declared): \(problem)"
    }

    /// This declaration with the fields it lacks taken from `higher`, a declaration of a
    /// higher-priority provider: the lowest-priority provider's fields win.
    func filling(from higher: TweakDeclaration) -> TweakDeclaration {
        var merged = self
        if merged.type == nil, let type = higher.type {
            merged.type = type
            merged.declaredBy = higher.declaredBy
        }
        merged.lifecycle.owner = lifecycle.owner ?? higher.lifecycle.owner
        merged.lifecycle.kind = lifecycle.kind ?? higher.lifecycle.kind
        merged.lifecycle.created = lifecycle.created ?? higher.lifecycle.created
        merged.lifecycle.expires = lifecycle.expires ?? higher.lifecycle.expires
        merged.title = title ?? higher.title
        merged.description = description ?? higher.description
        merged.group = group ?? higher.group
        return merged
    }
}
