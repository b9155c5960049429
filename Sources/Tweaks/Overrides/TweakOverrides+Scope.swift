extension TweakOverrides {
    /// The overrides of the innermost enclosing scope (already merged with the outer ones).
    @TaskLocal private static var scoped: TweakOverrides?

    /// How many scopes this process has entered. Reading a task-local value costs ≈ 25 ns; a
    /// process that never entered a scope (an app in production) skips it with one atomic load.
    private static let scopesEntered = AtomicCounter()

    /// The overrides in effect for the current task, or `nil` outside every scope: what every
    /// read checks first.
    @inline(__always)
    static var active: TweakOverrides? {
        scopesEntered.load() == 0 ? nil : scoped
    }

    /// The overrides in effect for the current task, or `nil` outside every scope.
    static var current: TweakOverrides? { active }

    /// Runs `operation` with these overrides in effect, on top of any enclosing scope's; the
    /// enclosing overrides are back when it returns or throws.
    public func withScope<Result>(_ operation: () throws -> Result) rethrows -> Result {
        try Self.$scoped.withValue(mergedWithEnclosing(), operation: operation)
    }

    /// Runs `operation` with these overrides in effect for it and its child tasks, on top of any
    /// enclosing scope's; the enclosing overrides are back when it returns or throws.
    public func withScope<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$scoped.withValue(mergedWithEnclosing(), operation: operation)
    }

    /// These overrides on top of the enclosing scope's. Counting the scope first makes every
    /// later read of this task, and of the tasks it creates, look for the task-local value.
    private func mergedWithEnclosing() -> TweakOverrides {
        Self.scopesEntered.increment()
        return Self.scoped.map { $0.merging(self) } ?? self
    }
}
