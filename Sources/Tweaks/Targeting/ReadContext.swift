/// The context a read is for, resolved when asked: the read's own (a contextual manager's, or one
/// that `before` hooks made), else the task's (``TweakContext/withScope(_:)``), else the manager's
/// ambient one. Resolving reads a task-local value, so a read that never needs its context (no
/// conditional values, no hook that asks) pays nothing for it.
struct ReadContext: Sendable {
    /// The read's own context when ``isOwn``, else the manager's ambient one.
    private let given: TweakContext?
    /// Whether ``given`` is the read's own, which wins over the task's.
    private let isOwn: Bool

    /// The context of a read of a manager whose own context is `bound` (`nil`: not contextual)
    /// and whose ambient context is `ambient`.
    init(bound: TweakContext?, ambient: TweakContext?) {
        given = bound ?? ambient
        isOwn = bound != nil
    }

    /// A read's own context, whatever the task's.
    init(own context: TweakContext?) {
        given = context
        isOwn = true
    }

    /// The context, resolved.
    var value: TweakContext? { isOwn ? given : TweakContext.scoped ?? given }
}
