/// A hook as a read calls it: an object that holds the hook as its own type (see ``make(_:)``),
/// so that each stage is called on the hook where it is stored. Called through `any TweakHook`,
/// each stage would first copy the hook's existential out of its array, and destroy the copy.
class RegisteredHook: @unchecked Sendable {
    // Safe: the only stored property is immutable and `Sendable`; subclasses add none other.
    /// The hook, as registered.
    let hook: any TweakHook

    fileprivate init(_ hook: any TweakHook) {
        self.hook = hook
    }

    /// `hook`, ready to be called by reads.
    static func make(_ hook: any TweakHook) -> RegisteredHook { typed(hook) }

    private static func typed<Hook: TweakHook>(_ hook: Hook) -> RegisteredHook { TypedRegisteredHook(hook) }

    // The stages, overridden by ``TypedRegisteredHook``.
    func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
        try hook.before(context, data: &data)
    }
    func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        try hook.after(context, evaluation: evaluation, data: &data)
    }
    func error(_ context: TweakHookContext, error: any Error, data: inout TweakHookData) throws {
        try hook.error(context, error: error, data: &data)
    }
    func finally(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        try hook.finally(context, evaluation: evaluation, data: &data)
    }
}

/// A ``RegisteredHook`` whose hook is a `Hook`, called directly.
private final class TypedRegisteredHook<Hook: TweakHook>: RegisteredHook, @unchecked Sendable {
    // Safe: the stored properties are immutable and `Sendable`.
    private let typedHook: Hook

    init(_ hook: Hook) {
        typedHook = hook
        super.init(hook)
    }

    override func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
        try typedHook.before(context, data: &data)
    }
    override func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        try typedHook.after(context, evaluation: evaluation, data: &data)
    }
    override func error(_ context: TweakHookContext, error: any Error, data: inout TweakHookData) throws {
        try typedHook.error(context, error: error, data: &data)
    }
    override func finally(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {
        try typedHook.finally(context, evaluation: evaluation, data: &data)
    }
}
