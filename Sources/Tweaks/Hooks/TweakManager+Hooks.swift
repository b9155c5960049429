extension TweakManager {
    /// The hooks every read of this manager runs (see ``TweakHook``), in registration order.
    var hooks: [any TweakHook] { state.withLock { $0.readSettings.observation?.hooks.map(\.hook) ?? [] } }

    /// Adds `hook` to every read of this manager and of its contextual managers, after the hooks
    /// added before (OpenFeature 4.4.1).
    public func addHook(_ hook: any TweakHook) {
        changeObservation { hooks, _ in hooks.append(RegisteredHook.make(hook)) }
    }

    /// Removes every hook added with ``addHook(_:)``.
    public func removeAllHooks() {
        changeObservation { hooks, _ in hooks.removeAll() }
    }

    /// This manager with `hooks` run around each of its reads, after the manager's own `before`
    /// hooks and before its other stages, and `hints` handed to every hook (OpenFeature's
    /// invocation hooks and hook hints). Like ``reading(for:)`` it shares everything else and
    /// costs one small object; the property wrappers and generated accessors made with it run the
    /// hooks too:
    ///
    /// ```swift
    /// let traced = manager.with(hooks: [SpanHook()], hints: ["screen": "checkout"])
    /// let limit = try traced.value(feature: "checkout", variable: "limit", as: Int.self)
    /// ```
    public func with(hooks: [any TweakHook], hints: [String: TweakValue] = [:]) -> TweakManager {
        var options = readOptions
        options.hooks += hooks.map(RegisteredHook.make)
        if !hints.isEmpty { options.hints = (options.hints ?? [:]).merging(hints) { _, new in new } }
        return TweakManager(base: owner, context: boundContext, options: options)
    }

    /// Changes the manager's hooks or exposure log: every thread's cache gets the new
    /// ``ReadObservation`` with its settings, and reads take the observed path from now on.
    func changeObservation(_ change: (inout [RegisteredHook], inout TweakExposureLog?) -> Void) {
        let flag = owner.observedReads
        changeReadSettings { settings in
            var hooks = settings.observation?.hooks ?? []
            var log = settings.observation?.exposureLog
            change(&hooks, &log)
            settings.observation = ReadObservation.make(hooks: hooks, exposureLog: log)
            // The flag is odd while something observes; changed under the manager's lock only.
            if (settings.observation != nil) != flag.isOdd { flag.increment() }
        }
    }

    /// A read that hooks or an exposure log observe: what ``read(_:kind:check:)`` does when
    /// ``observedReads`` is set. The before hooks, the one decision, the exposure, then the after,
    /// error and finally hooks (see ``TweakHook``), each stage given views of the same decision.
    /// Reads made on this thread while hooks run (a hook reading a tweak) are not observed.
    @inline(never)
    func observedDecision(of key: TweakKey, kind: ReadKind, check: (Tweak) -> String?) -> TweakDecision {
        let thread = ThreadLocalCaches.current
        guard let inputs = thread.beginObservedRead(of: self) else {
            return decision(of: key, kind: kind, check: check)
        }
        defer { thread.endObservedRead() }
        let exposureLog = readOptions.recordsExposures ? inputs.observation?.exposureLog : nil
        // The manager's hooks, then the view's.
        let managerHooks = inputs.observation?.hooks ?? []
        let hookCount = managerHooks.count + readOptions.hooks.count
        func hook(_ index: Int) -> RegisteredHook {
            index < managerHooks.count ? managerHooks[index] : readOptions.hooks[index - managerHooks.count]
        }
        guard hookCount > 0 else {
            let decision = decision(of: key, kind: kind, check: check)
            if let exposureLog {
                expose(decision, key: key, schema: inputs.schema, ambientContext: inputs.context, to: exposureLog)
            }
            return decision
        }
        var hookContext = TweakHookContext(
            key: key, isFeatureFlag: kind == .featureFlag, schema: inputs.schema,
            context: ReadContext(bound: boundContext, ambient: inputs.context), hints: readOptions.hints)
        var data = HookDataList(count: hookCount)
        // before: the manager's hooks, then the view's; a throw skips the rest (4.4.6).
        var hookFailure: (any Error)?
        var extendedContext: TweakContext?
        for index in 0..<hookCount {
            do {
                if let addition = try hook(index).before(hookContext, data: &data[index]) {
                    extendedContext = hookContext.context?.adding(addition) ?? addition
                    hookContext.context = extendedContext
                }
            } catch {
                hookFailure = error
                reportHookFailure(error, of: hook(index), stage: "before")
                break
            }
        }
        // The one decision, for the context the before hooks left.
        let decision = decision(of: key, kind: kind, check: check, context: extendedContext)
        if let exposureLog {
            expose(decision, key: key, schema: inputs.schema, ambientContext: inputs.context, to: exposureLog)
        }
        // An error evaluation is one without an answer, as in OpenFeature: layers had the tweak
        // but none could give it (`reason == .error`, its first failure), or no layer has it
        // (`reason == .notFound`, `TweakError.notFound`, OpenFeature's `FLAG_NOT_FOUND`).
        let evaluationError: (any Error)? =
            decision.failed
            ? decision.firstFailure
            : decision.isNotFound ? TweakError.notFound(feature: key.feature, variable: key.variable) : nil
        // The decision moves into the evaluation the hooks see, and out again at the end.
        var evaluation = TweakEvaluation(key: key, schema: inputs.schema, decision: consume decision)
        // after, error, finally: the view's hooks, then the manager's, each list reversed.
        if hookFailure == nil, evaluationError == nil {
            for index in (0..<hookCount).reversed() {
                do {
                    try hook(index).after(hookContext, evaluation: evaluation, data: &data[index])
                } catch {
                    hookFailure = error
                    reportHookFailure(error, of: hook(index), stage: "after")
                    break
                }
            }
        }
        if let failure = hookFailure ?? evaluationError {
            for index in (0..<hookCount).reversed() {
                do {
                    try hook(index).error(hookContext, error: failure, data: &data[index])
                } catch {
                    reportHookFailure(error, of: hook(index), stage: "error")
                }
            }
        }
        for index in (0..<hookCount).reversed() {
            do {
                try hook(index).finally(hookContext, evaluation: evaluation, data: &data[index])
            } catch {
                reportHookFailure(error, of: hook(index), stage: "finally")
            }
        }
        return evaluation.takeDecision()
    }

    /// Reports the first failure of `hook`'s `stage` through the provider events and the log;
    /// later failures of the same hook type and stage are not reported again.
    func reportHookFailure(_ error: any Error, of hook: RegisteredHook, stage: String) {
        reportObservationFailure(
            .failed(.hook, error: error, nextRetry: nil), source: "hook \(type(of: hook.hook)) (\(stage))")
    }

    /// Reports `event` once per `source` (bounded: at most 256 sources are remembered).
    func reportObservationFailure(_ event: TweakProviderEvent, source: String) {
        let isNew = state.withLock { state in
            guard state.reportedObservationFailures.count < 256 else { return false }
            return state.reportedObservationFailures.insert(source).inserted
        }
        guard isNew else { return }
        var event = event
        event.source = source
        owner.providerDidReport(event)
    }
}

extension AtomicCounter {
    /// Whether the value is odd: a flag that ``increment()`` turns over (``TweakManager/observedReads``).
    @inline(__always)
    var isOdd: Bool { load() & 1 != 0 }
}

/// The data of each hook of one read (``TweakHookData``): the first inline, so that a read with
/// one hook, the common case, allocates no list.
private struct HookDataList {
    private var first = TweakHookData()
    /// The data of the other hooks; `nil` (no array to make unique on each write) for one hook.
    private var rest: [TweakHookData]?

    init(count: Int) {
        rest = count > 1 ? Array(repeating: TweakHookData(), count: count - 1) : nil
    }

    subscript(index: Int) -> TweakHookData {
        get { index == 0 ? first : rest![index - 1] }
        set {
            if index == 0 { first = newValue } else { rest![index - 1] = newValue }
        }
    }
}

extension TweakContext {
    /// This context with `addition`'s randomization id (when it has one) and attributes (which
    /// win over this context's of the same name).
    func adding(_ addition: TweakContext) -> TweakContext {
        TweakContext(
            randomizationID: addition.randomizationID ?? randomizationID,
            attributes: attributes.merging(addition.attributes) { _, new in new })
    }
}

extension TweakProviderEvent.Operation {
    /// A hook's stage, run around a read (see ``TweakHook``); its error is what the stage threw.
    public static let hook = Self("hook")
}
