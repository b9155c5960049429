/// One read as a provider receives it: the tweak asked for, the type the asking manager's schema
/// declares for it, and the read's targeting context. See ``TweakProvider/tweak(for:)-(TweakRequest)``.
///
/// A provider that stores text (environment variables, launch arguments, a service that delivers
/// strings) reads it as ``declaredType``: the type of the manager that asks, never another's.
public struct TweakRequest: Sendable {
    /// The tweak asked for.
    public let key: TweakKey
    /// The asking manager's schema, where ``declaredType`` is looked up when a provider asks.
    let schema: TweakSchema
    /// The read's context, resolved when a provider asks.
    let readContext: ReadContext

    /// A request for `key`, as a manager makes it; tests of a provider make their own.
    public init(key: TweakKey, declaredType: TweakType? = nil, context: TweakContext? = nil) {
        self.key = key
        self.schema = TweakSchema(declaring: declaredType.map { [key: $0] } ?? [:])
        self.readContext = ReadContext(own: context)
    }

    /// A manager's request: the declared type from `schema`, the context bound to the manager or
    /// else its ambient one.
    init(key: TweakKey, schema: TweakSchema, boundContext: TweakContext?, ambientContext: TweakContext?) {
        self.key = key
        self.schema = schema
        self.readContext = ReadContext(bound: boundContext, ambient: ambientContext)
    }

    /// The type the asking manager's ``TweakSchema`` declares for the tweak; `nil` when undeclared.
    public var declaredType: TweakType? { schema.type(of: key) }

    /// The context the read is for: the read's own (a contextual manager's), else the task's
    /// (``TweakContext/withScope(_:)``), else the manager's ambient ``TweakManager/context``;
    /// `nil` when none is set (conditions that need one are false). Resolved when asked.
    public var context: TweakContext? { readContext.value }
}
