/// Code that runs around every read of a manager: OpenFeature's evaluation hooks.
///
/// A hook has four stages, each with a default that does nothing, so a hook implements only the
/// stages it needs:
/// - ``before(_:data:)`` runs before the evaluation and may add to the read's context;
/// - ``after(_:evaluation:data:)`` gets what the evaluation decided (value, answering layer,
///   reason, deciding condition, micro-percentiles);
/// - ``error(_:error:data:)`` runs when a hook's stage throws or the evaluation has no answer, as
///   in OpenFeature: layers had the tweak but none could give a usable value (reason
///   ``TweakEvaluation/Reason/error``, the first failure), or no layer has it (reason
///   ``TweakEvaluation/Reason/notFound``, ``TweakError/notFound(feature:variable:)``: OpenFeature's
///   `FLAG_NOT_FOUND`, an `isFeatureEnabled` read of an unknown feature included);
/// - ``finally(_:evaluation:data:)`` always runs last.
///
/// Register hooks on a manager (``TweakManager/addHook(_:)``, for every read) or for the reads of
/// one manager view (``TweakManager/with(hooks:hints:)``). `before` runs the manager's hooks,
/// then the view's; `after`, `error` and `finally` run in the reverse order (OpenFeature 4.4.2).
/// Each hook gets its own ``TweakHookData`` for one evaluation, carried from stage to stage.
///
/// **A hook never breaks a read.** The read answers what the evaluation decides, whatever its
/// hooks do: when a `before` stage throws, the remaining `before` stages are skipped, the
/// evaluation runs with the context as the earlier `before` stages left it, the `error` stages
/// run and the `after` stages do not; when an `after` stage throws, the remaining `after` stages
/// are skipped and the `error` stages run; every `finally` stage runs. (OpenFeature 4.4.7 answers
/// the caller's default instead; a Tweaks read keeps its answer.) A hook's first failure in each
/// stage is reported once through ``TweakManager/providerEvents`` (operation
/// ``TweakProviderEvent/Operation-swift.struct/hook``) and the log.
///
/// Hooks run on the reading thread, synchronously: keep them short (hand work to a queue).
/// Reads a hook makes itself are not observed by hooks or exposures. A hook may keep the
/// ``TweakHookContext`` and ``TweakEvaluation`` it is given, or send them to another thread:
/// they are values, and later reads do not change them.
///
/// ```swift
/// struct ReadCounter: TweakHook {
///     let counts: Locked<[TweakKey: Int]>
///     func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) {
///         counts.withLock { $0[context.key, default: 0] += 1 }
///     }
/// }
/// manager.addHook(ReadCounter(counts: Locked([:])))
/// ```
public protocol TweakHook: Sendable {
    /// Runs before the evaluation; returns a context whose randomization id (when set) and
    /// attributes are added to the read's context (`nil`: nothing to add). Later `before` stages
    /// see the context with the additions (OpenFeature 4.3.4).
    func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext?

    /// Runs after an evaluation that found an answer, with what it decided.
    func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws

    /// Runs when a hook's `before` or `after` stage threw, or when the evaluation has no answer;
    /// `error` is what went wrong: the stage's error, the first unusable answer's, or
    /// ``TweakError/notFound(feature:variable:)`` when no layer has the tweak. What it throws is
    /// reported and ignored.
    func error(_ context: TweakHookContext, error: any Error, data: inout TweakHookData) throws

    /// Runs last, always, with what the evaluation decided. What it throws is reported and ignored.
    func finally(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws
}

extension TweakHook {
    /// Adds nothing to the context.
    public func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? { nil }
    /// Does nothing.
    public func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {}
    /// Does nothing.
    public func error(_ context: TweakHookContext, error: any Error, data: inout TweakHookData) throws {}
    /// Does nothing.
    public func finally(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {}
}
