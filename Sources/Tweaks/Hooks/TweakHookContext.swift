/// What a hook is told about the read it runs around (OpenFeature's hook context): immutable,
/// except that each `before` stage sees the context as the earlier ones extended it.
public struct TweakHookContext: Sendable {
    /// The tweak read (OpenFeature's flag key).
    public var key: TweakKey { evaluation.key }
    /// The type the manager's schema declares for the tweak; `nil` when undeclared. A feature
    /// flag read (``TweakManager/isFeatureEnabled(_:)``) asks for ``TweakType/bool``.
    public var declaredType: TweakType? { isFeatureFlag ? .bool : evaluation.schema.type(of: key) }
    /// Whether the read is ``TweakManager/isFeatureEnabled(_:)``.
    public let isFeatureFlag: Bool
    /// The read's context (OpenFeature's evaluation context): in `before`, with the additions of
    /// the earlier `before` stages; in the later stages, the context the evaluation used.
    public internal(set) var context: TweakContext? {
        get { readContext.value }
        set { readContext = ReadContext(own: newValue) }
    }
    /// ``context``, resolved when asked.
    private(set) var readContext: ReadContext
    /// The hints given with the read (``TweakManager/with(hooks:hints:)``), the same for every
    /// hook and stage.
    public var hints: [String: TweakValue] { givenHints ?? [:] }
    /// ``hints``; `nil` when there are none.
    private let givenHints: [String: TweakValue]?
    /// The read's evaluation: its key and schema (where ``declaredType`` is looked up, and the
    /// providers' names) from the start, and what it decided once it ran, for the later stages.
    /// (Kept here, so that a read copies its key and schema once for the hooks.)
    private(set) var evaluation: TweakEvaluation

    /// The hook context of a read of `key` for `readContext`, with `hints`, by a manager whose
    /// schema is `schema`.
    init(
        key: TweakKey, isFeatureFlag: Bool, readContext: ReadContext, hints: [String: TweakValue]?,
        schema: TweakSchema
    ) {
        self.isFeatureFlag = isFeatureFlag
        self.readContext = readContext
        givenHints = hints
        evaluation = TweakEvaluation(key: key, schema: schema)
    }

    /// Records what the evaluation decided (`report`), for the context it used.
    mutating func record(_ report: consuming LookupReport) {
        evaluation.record(report, context: readContext)
    }

    /// The names of the manager's providers in priority order (OpenFeature's provider metadata).
    public var providerNames: [String] { evaluation.schema.providerNames }
}
