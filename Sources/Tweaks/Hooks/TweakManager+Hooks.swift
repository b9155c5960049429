extension TweakManager {
    /// The hooks every read of this manager runs (see ``TweakHook``), in registration order.
    public var hooks: [any TweakHook] { state.withLock { $0.readSettings.observation?.hooks.map(\.hook) ?? [] } }

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

    /// A read that hooks or an exposure log observe: what ``evaluate(_:kind:check:usesTaskOverrides:trace:)``
    /// does when ``observedReads`` is set. The before hooks, the one evaluation, the exposure,
    /// then the after, error and finally hooks (see ``TweakHook``). Reads made on this thread
    /// while hooks run (a hook reading a tweak) are evaluated unobserved.
    @inline(never)
    func evaluateObserved(
        _ key: TweakKey, kind: ReadKind, check: (Tweak) -> String?, usesTaskOverrides: Bool
    ) -> LookupOutcome {
        var noTrace: LookupTrace?
        let thread = ThreadLocalCaches.current
        guard !thread.isObservingRead else {
            return evaluateUnobserved(
                key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, trace: &noTrace
            ) { $0 }
        }
        // Fields read one by one: a copy of the whole settings would retain each of them.
        let cache = threadCache(of: thread)
        let observation = cache.settings.observation
        let exposureLog = readOptions.recordsExposures ? observation?.exposureLog : nil
        guard observation?.hooks.isEmpty == false || !readOptions.hooks.isEmpty else {
            let outcome = evaluateUnobserved(
                key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, trace: &noTrace
            ) { $0 }
            if let exposureLog, outcome.decidingBranch != nil {
                expose(
                    outcome, key: key, context: ReadContext(bound: boundContext, ambient: cache.settings.context).value,
                    ambientContext: cache.settings.context, schema: cache.settings.schema, to: exposureLog)
            }
            return outcome
        }
        thread.isObservingRead = true
        defer { thread.isObservingRead = false }
        let run = HookRun(observation: observation, viewHooks: readOptions.hooks.isEmpty ? nil : readOptions.hooks)
        // One hook, the common case: its data is a local, with no buffer to fill and empty.
        if run.count == 1 {
            var data = TweakHookData()
            return withUnsafeMutablePointer(to: &data) { data in
                evaluateHooked(
                    key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, hooks: run,
                    data: UnsafeMutableBufferPointer(start: data, count: 1), cache: cache, thread: thread,
                    exposureLog: exposureLog)
            }
        }
        return withUnsafeTemporaryAllocation(of: TweakHookData.self, capacity: run.count) { data in
            data.initialize(repeating: TweakHookData())
            // One element at a time: the type is known here, and the runtime's generic array
            // destruction is not called.
            defer { for index in data.indices { (data.baseAddress! + index).deinitialize(count: 1) } }
            return evaluateHooked(
                key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, hooks: run, data: data,
                cache: cache, thread: thread, exposureLog: exposureLog)
        }
    }

    /// The hooked part of ``evaluateObserved(_:kind:check:usesTaskOverrides:)``: the before hooks,
    /// the one evaluation, the exposure, then the after, error and finally hooks, with `data[i]`
    /// the data of `hooks[i]`. (A function of its own, not a closure, so that the hook context is
    /// a local that each stage borrows rather than copies.)
    private func evaluateHooked(
        _ key: TweakKey, kind: ReadKind, check: (Tweak) -> String?, usesTaskOverrides: Bool, hooks run: HookRun,
        data: UnsafeMutableBufferPointer<TweakHookData>, cache: TweakCache, thread: ThreadLocalCaches,
        exposureLog: TweakExposureLog?
    ) -> LookupOutcome {
        var hookContext = TweakHookContext(
            ReadRecord.make(
                reusing: thread.spareRecord.take(), key: key, isFeatureFlag: kind == .featureFlag,
                boundContext: boundContext, cache: cache, hints: readOptions.hints))
        // before: the manager's hooks, then the view's; a throw skips the rest (4.4.6).
        var hookFailure: (any Error)?
        var extended = false
        for index in 0..<run.count {
            do {
                if let addition = try run.before(index, hookContext, data: &data[index]) {
                    hookContext.context = hookContext.context?.adding(addition) ?? addition
                    extended = true
                }
            } catch {
                hookFailure = error
                reportHookFailure(error, of: run.hook(at: index), stage: "before")
                break
            }
        }
        // The one evaluation, for the context the before hooks left.
        var noTrace: LookupTrace?
        let outcome =
            extended
            ? evaluate(
                key, extendedContext: hookContext.context, kind: kind, check: check,
                usesTaskOverrides: usesTaskOverrides)
            : evaluateUnobserved(
                key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, cache: cache, trace: &noTrace
            ) { $0 }
        hookContext.recordDecision(of: outcome)
        let hooked = consume hookContext
        if let exposureLog, outcome.decidingBranch != nil {
            expose(
                outcome, key: key, context: hooked.context, ambientContext: cache.settings.context,
                schema: cache.settings.schema, to: exposureLog)
        }
        // after, error, finally: the view's hooks, then the manager's, each list reversed.
        // An error evaluation is one without an answer, as in OpenFeature: layers had the tweak
        // but none could give it (`reason == .error`, its first failure), or no layer has it
        // (`reason == .notFound`, `TweakError.notFound`, OpenFeature's `FLAG_NOT_FOUND`).
        let evaluationError: (any Error)? =
            hooked.record.failed
            ? outcome.firstFailure
            : hooked.record.isNotFound ? TweakError.notFound(feature: key.feature, variable: key.variable) : nil
        if hookFailure == nil, evaluationError == nil {
            for index in (0..<run.count).reversed() {
                do {
                    try run.after(index, hooked, data: &data[index])
                } catch {
                    hookFailure = error
                    reportHookFailure(error, of: run.hook(at: index), stage: "after")
                    break
                }
            }
        }
        if let failure = hookFailure ?? evaluationError {
            for index in (0..<run.count).reversed() {
                do {
                    try run.error(index, hooked, error: failure, data: &data[index])
                } catch {
                    reportHookFailure(error, of: run.hook(at: index), stage: "error")
                }
            }
        }
        for index in (0..<run.count).reversed() {
            do {
                try run.finally(index, hooked, data: &data[index])
            } catch {
                reportHookFailure(error, of: run.hook(at: index), stage: "finally")
            }
        }
        thread.spareRecord = hooked.finish()
        return outcome
    }

    /// The evaluation of `key` for `context`, the one `before` hooks made: by a view of this
    /// manager for that context. (Out of line, so that a read whose hooks add nothing retains no
    /// manager: a manager's reference count takes the runtime's slow path.)
    @inline(never)
    private func evaluate(
        _ key: TweakKey, extendedContext context: TweakContext?, kind: ReadKind, check: (Tweak) -> String?,
        usesTaskOverrides: Bool
    ) -> LookupOutcome {
        var noTrace: LookupTrace?
        return TweakManager(base: owner, context: context, options: readOptions).evaluateUnobserved(
            key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, trace: &noTrace
        ) { $0 }
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

/// The hooks of one observed read: the manager's, then the view's. (Neither list is copied out,
/// and an empty one is `nil`: a read retains no array, not even the shared empty one, whose
/// reference count takes the runtime's slow path.)
private struct HookRun {
    /// Where the manager's hooks are.
    let observation: ReadObservation?
    /// The view's hooks (``TweakManager/with(hooks:hints:)``); `nil` when it has none.
    let viewHooks: [RegisteredHook]?

    /// The number of the manager's hooks.
    private var managerCount: Int { observation?.hooks.count ?? 0 }

    var count: Int { managerCount + (viewHooks?.count ?? 0) }

    // The stages of the hook at `index`, called without retaining the hook: the run holds the
    // arrays that keep every hook alive, and lives as long as the read. The `after` and `finally`
    // stages get the evaluation that `context` recorded.
    func before(_ index: Int, _ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
        try Unmanaged.passUnretained(hook(at: index))._withUnsafeGuaranteedRef {
            try $0.before(context, data: &data)
        }
    }
    func after(_ index: Int, _ context: TweakHookContext, data: inout TweakHookData) throws {
        try Unmanaged.passUnretained(hook(at: index))._withUnsafeGuaranteedRef {
            try $0.after(context, evaluation: context.evaluation, data: &data)
        }
    }
    func error(_ index: Int, _ context: TweakHookContext, error: any Error, data: inout TweakHookData) throws {
        try Unmanaged.passUnretained(hook(at: index))._withUnsafeGuaranteedRef {
            try $0.error(context, error: error, data: &data)
        }
    }
    func finally(_ index: Int, _ context: TweakHookContext, data: inout TweakHookData) throws {
        try Unmanaged.passUnretained(hook(at: index))._withUnsafeGuaranteedRef {
            try $0.finally(context, evaluation: context.evaluation, data: &data)
        }
    }

    /// The hook at `index`.
    func hook(at index: Int) -> RegisteredHook {
        if let observation, index < observation.hooks.count { return observation.hooks[index] }
        return viewHooks![index - managerCount]
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
