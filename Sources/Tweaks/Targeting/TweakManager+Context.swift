extension TweakContext {
    /// The context of reads in the current task (see ``withScope(_:)``).
    @TaskLocal static var scoped: TweakContext?

    /// The context of reads in the current task, if one is set with ``withScope(_:)``.
    static var current: TweakContext? { scoped }

    /// Runs `operation` with this context for every read in the task (and its child tasks) that
    /// passes none; like `TweakOverrides.withScope`, for a request on a server or a test.
    public func withScope<Result>(_ operation: () throws -> Result) rethrows -> Result {
        try Self.$scoped.withValue(self, operation: operation)
    }

    /// Runs the asynchronous `operation` with this context for every read in the task (and its
    /// child tasks) that passes none.
    public func withScope<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$scoped.withValue(self, operation: operation, isolation: isolation)
    }
}

extension TweakManager {
    /// The context of reads outside a ``TweakContext`` scope on a manager that is not contextual
    /// (``reading(for:)``): on an app, the user of the device. `nil` (the default): conditions that
    /// need a context are false. Shared with the manager's contextual managers.
    ///
    /// Answers that depend on a context are never cached, so a new context applies from the next
    /// read on; observers are not told of the values it changes.
    public var context: TweakContext? {
        get { state.withLock { $0.readSettings.context } }
        set { changeReadSettings { $0.context = newValue } }
    }
}
