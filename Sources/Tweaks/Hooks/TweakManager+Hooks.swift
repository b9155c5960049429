extension TweakManager {
    /// The hooks every read of this manager runs (see ``TweakHook``), in registration order.
    public var hooks: [any TweakHook] { state.withLock { $0.readSettings.observation?.hooks ?? [] } }

    /// Adds `hook` to every read of this manager and of its contextual managers, after the hooks
    /// added before (OpenFeature 4.4.1).
    public func addHook(_ hook: any TweakHook) {
        changeObservation { hooks, _ in hooks.append(hook) }
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
        options.hooks += hooks
        options.hints.merge(hints) { _, new in new }
        return TweakManager(base: owner, context: boundContext, options: options)
    }

    /// Changes the manager's hooks or exposure log: every thread's cache gets the new
    /// ``ReadObservation`` with its settings, and reads take the observed path from now on.
    func changeObservation(_ change: (inout [any TweakHook], inout TweakExposureLog?) -> Void) {
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
        let cache = threadCache()
        let observation = cache.settings.observation
        let managerHooks = observation?.hooks ?? []
        let exposureLog = readOptions.recordsExposures ? observation?.exposureLog : nil
        guard !managerHooks.isEmpty || !readOptions.hooks.isEmpty else {
            let outcome = evaluateUnobserved(
                key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, trace: &noTrace
            ) { $0 }
            if let exposureLog, outcome.decidingBranch != nil {
                expose(
                    outcome, key: key, context: ReadContext(bound: boundContext, ambient: cache.settings.context).value,
                    ambientContext: cache.settings.context, to: exposureLog)
            }
            return outcome
        }
        thread.isObservingRead = true
        defer { thread.isObservingRead = false }
        let run = HookRun(managerHooks: managerHooks, viewHooks: readOptions.hooks)
        var hookContext = TweakHookContext(
            key: key, isFeatureFlag: kind == .featureFlag,
            readContext: ReadContext(bound: boundContext, ambient: cache.settings.context), hints: readOptions.hints,
            schema: cache.settings.schema, providers: tweakProviders)
        return withUnsafeTemporaryAllocation(of: TweakHookData.self, capacity: run.count) { data in
            data.initialize(repeating: TweakHookData())
            defer { data.deinitialize() }
            // before: the manager's hooks, then the view's; a throw skips the rest (4.4.6).
            var hookFailure: (any Error)?
            var extended = false
            for index in 0..<run.count {
                do {
                    if let addition = try run[index].before(hookContext, data: &data[index]) {
                        hookContext.context = hookContext.context?.adding(addition) ?? addition
                        extended = true
                    }
                } catch {
                    hookFailure = error
                    reportHookFailure(error, of: run[index], stage: "before")
                    break
                }
            }
            // The one evaluation, for the context the before hooks left.
            let evaluator =
                extended ? TweakManager(base: owner, context: hookContext.context, options: readOptions) : self
            let outcome = evaluator.evaluateUnobserved(
                key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, trace: &noTrace
            ) { $0 }
            let evaluation = evaluation(
                of: outcome, key: key, context: hookContext.readContext, schema: cache.settings.schema)
            if let exposureLog, outcome.decidingBranch != nil {
                expose(
                    outcome, key: key, context: hookContext.context, ambientContext: cache.settings.context,
                    to: exposureLog)
            }
            // after, error, finally: the view's hooks, then the manager's, each list reversed.
            // An error evaluation (`reason == .error`) is the one with a failure.
            let failed = evaluation.failure != nil
            if hookFailure == nil, !failed {
                for index in (0..<run.count).reversed() {
                    do {
                        try run[index].after(hookContext, evaluation: evaluation, data: &data[index])
                    } catch {
                        hookFailure = error
                        reportHookFailure(error, of: run[index], stage: "after")
                        break
                    }
                }
            }
            if let failure = hookFailure ?? (failed ? outcome.firstFailure : nil) {
                for index in (0..<run.count).reversed() {
                    do {
                        try run[index].error(hookContext, error: failure, data: &data[index])
                    } catch {
                        reportHookFailure(error, of: run[index], stage: "error")
                    }
                }
            }
            for index in (0..<run.count).reversed() {
                do {
                    try run[index].finally(hookContext, evaluation: evaluation, data: &data[index])
                } catch {
                    reportHookFailure(error, of: run[index], stage: "finally")
                }
            }
            return outcome
        }
    }

    /// Reports the first failure of `hook`'s `stage` through the provider events and the log;
    /// later failures of the same hook type and stage are not reported again.
    func reportHookFailure(_ error: any Error, of hook: any TweakHook, stage: String) {
        reportObservationFailure(
            .failed(.hook, error: error, nextRetry: nil), source: "hook \(type(of: hook)) (\(stage))")
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

/// The hooks of one observed read: the manager's, then the view's.
private struct HookRun {
    let managerHooks: [any TweakHook]
    let viewHooks: [any TweakHook]

    var count: Int { managerHooks.count + viewHooks.count }

    subscript(index: Int) -> any TweakHook {
        index < managerHooks.count ? managerHooks[index] : viewHooks[index - managerHooks.count]
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
