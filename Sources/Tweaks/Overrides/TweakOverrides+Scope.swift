extension TweakOverrides {
    /// The overrides of the innermost enclosing scope (already merged with the outer ones).
    @TaskLocal static var active: TweakOverrides?

    /// The overrides in effect for the current task, or `nil` outside every scope.
    public static var current: TweakOverrides? { active }

    /// Runs `operation` with these overrides in effect, on top of any enclosing scope's; the
    /// enclosing overrides are back when it returns or throws.
    public func withScope<Result>(_ operation: () throws -> Result) rethrows -> Result {
        try Self.$active.withValue(scoped(), operation: operation)
    }

    /// Runs `operation` with these overrides in effect for it and its child tasks, on top of any
    /// enclosing scope's; the enclosing overrides are back when it returns or throws.
    public func withScope<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$active.withValue(scoped(), operation: operation)
    }

    private func scoped() -> TweakOverrides {
        Self.active.map { $0.merging(self) } ?? self
    }
}
