/// One read as a provider receives it: the tweak asked for, the type the asking manager's schema
/// declares for it, and the read's targeting context. See ``TweakProvider/tweak(for:)-(TweakRequest)``.
///
/// A provider that stores text (environment variables, launch arguments, a service that delivers
/// strings) reads it as ``declaredType``: the type of the manager that asks, never another's.
public struct TweakRequest: Sendable {
    /// The tweak asked for.
    public let key: TweakKey
    /// The type the asking manager's ``TweakSchema`` declares for the tweak; `nil` when undeclared.
    public let declaredType: TweakType?
    /// The context the read gave (a contextual manager's, see ``TweakManager/reading(for:)``).
    private let boundContext: TweakContext?
    /// The asking manager's ambient ``TweakManager/context``.
    private let ambientContext: TweakContext?

    /// A request for `key`, as a manager makes it; tests of a provider make their own.
    public init(key: TweakKey, declaredType: TweakType? = nil, context: TweakContext? = nil) {
        self.init(key: key, declaredType: declaredType, boundContext: context, ambientContext: nil)
    }

    init(key: TweakKey, declaredType: TweakType?, boundContext: TweakContext?, ambientContext: TweakContext?) {
        self.key = key
        self.declaredType = declaredType
        self.boundContext = boundContext
        self.ambientContext = ambientContext
    }

    /// The context the read is for: the read's own (a contextual manager's), else the task's
    /// (``TweakContext/withScope(_:)``), else the manager's ambient ``TweakManager/context``;
    /// `nil` when none is set (conditions that need one are false). Resolved when asked.
    public var context: TweakContext? {
        boundContext ?? TweakContext.scoped ?? ambientContext
    }
}
