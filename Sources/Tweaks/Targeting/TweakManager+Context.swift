extension TweakContext {
    /// The context of reads in the current task (see ``withScope(_:)``).
    @TaskLocal static var scoped: TweakContext?

    /// The context of reads in the current task, if one is set with ``withScope(_:)``.
    public static var current: TweakContext? { scoped }

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
    /// The context of reads that pass none and run outside a ``TweakContext`` scope: on an app,
    /// the user of the device. `nil` (the default): conditions that need a context are false.
    ///
    /// Answers that depend on a context are never cached, so a new context applies from the next
    /// read on; observers are not told of the values it changes.
    public var context: TweakContext? {
        get { state.withLock { $0.context } }
        set { state.withLock { $0.context = newValue } }
    }

    /// The context a lookup evaluates conditions in: the read's own (`context:`), else the task's
    /// (``TweakContext/withScope(_:)``), else the manager's ``context``. Asked only
    /// when a tweak has conditional values.
    var evaluationContext: TweakContext? {
        ThreadLocalCaches.current.callContext ?? TweakContext.scoped ?? context
    }

    /// Runs the read `body` with `context` as the read's own context.
    func reading<Result>(in context: TweakContext, _ body: () throws -> Result) rethrows -> Result {
        let thread = ThreadLocalCaches.current
        let outer = thread.callContext
        thread.callContext = context
        defer { thread.callContext = outer }
        return try body()
    }

    /// ``tweakWith(feature:variable:)`` for `context`: conditional values are decided for it.
    public func tweakWith(feature: String, variable: String, context: TweakContext) throws -> Tweak {
        try reading(in: context) { try tweakWith(feature: feature, variable: variable) }
    }

    /// ``tweakIfPresent(feature:variable:)`` for `context`: conditional values are decided for it.
    public func tweakIfPresent(feature: String, variable: String, context: TweakContext) throws -> Tweak? {
        try reading(in: context) { try tweakIfPresent(feature: feature, variable: variable) }
    }

    /// ``isFeatureEnabled(_:)`` for `context`: conditional values are decided for it.
    public func isFeatureEnabled(_ feature: String, context: TweakContext) -> Bool {
        reading(in: context) { isFeatureEnabled(feature) }
    }

    /// The typed read `value(feature:variable:as:)` of a `TweakValueConvertible` type, for `context`.
    public func value<Value: TweakValueConvertible>(
        feature: String, variable: String, as type: Value.Type = Value.self, context: TweakContext
    ) throws -> Value {
        try reading(in: context) { try value(feature: feature, variable: variable, as: type) }
    }

    /// The typed read `value(feature:variable:as:)` of a `RawRepresentable` type, for `context`.
    public func value<Value: RawRepresentable>(
        feature: String, variable: String, as type: Value.Type = Value.self, context: TweakContext
    ) throws -> Value where Value.RawValue: TweakValueConvertible {
        try reading(in: context) { try value(feature: feature, variable: variable, as: type) }
    }

    /// The typed read `value(feature:variable:as:)` of a `Codable` type, for `context`.
    @_disfavoredOverload
    public func value<Value: Codable>(
        feature: String, variable: String, as type: Value.Type = Value.self, context: TweakContext
    ) throws -> Value {
        try reading(in: context) { try value(feature: feature, variable: variable, as: type) }
    }

    /// ``explain(feature:variable:)`` for `context`: shows which condition decided.
    public func explain(feature: String, variable: String, context: TweakContext) -> TweakExplanation {
        reading(in: context) { explain(feature: feature, variable: variable) }
    }
}
