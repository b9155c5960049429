/// What a hook is told about the read it runs around (OpenFeature's hook context): immutable,
/// except that each `before` stage sees the context as the earlier ones extended it.
public struct TweakHookContext: Sendable {
    /// The tweak read (OpenFeature's flag key).
    public let key: TweakKey
    /// Whether the read is ``TweakManager/isFeatureEnabled(_:)``.
    package let isFeatureFlag: Bool
    /// The schema of the reading manager: where ``declaredType`` is looked up, and the providers'
    /// names.
    let schema: TweakSchema
    /// The read's context, resolved when asked (see ``context``).
    private var readContext: ReadContext
    /// The hints given with the read; `nil` when none.
    private let givenHints: [String: TweakValue]?

    init(key: TweakKey, isFeatureFlag: Bool, schema: TweakSchema, context: ReadContext, hints: [String: TweakValue]?) {
        self.key = key
        self.isFeatureFlag = isFeatureFlag
        self.schema = schema
        self.readContext = context
        self.givenHints = hints
    }

    /// The type the manager's schema declares for the tweak; `nil` when undeclared. A feature
    /// flag read (``TweakManager/isFeatureEnabled(_:)``) asks for ``TweakType/bool``.
    public var declaredType: TweakType? { isFeatureFlag ? .bool : schema.type(of: key) }
    /// The read's context (OpenFeature's evaluation context): in `before`, with the additions of
    /// the earlier `before` stages; in the later stages, the context the evaluation used.
    public internal(set) var context: TweakContext? {
        get { readContext.value }
        set { readContext = ReadContext(own: newValue) }
    }
    /// The hints given with the read (``TweakManager/with(hooks:hints:)``), the same for every
    /// hook and stage.
    public var hints: [String: TweakValue] { givenHints ?? [:] }
    /// The names of the manager's providers in priority order (OpenFeature's provider metadata).
    package var providerNames: [String] { schema.providerNames }
}
