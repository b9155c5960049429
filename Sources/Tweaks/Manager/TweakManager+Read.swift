extension TweakManager {
    /// **The one path of every read**: `tweakWith`, `tweakIfPresent`, the typed reads, the
    /// property wrappers, generated accessors and ``isFeatureEnabled(_:)`` read here, once per
    /// read; a read of a manager with hooks or an exposure log is observed
    /// (``observedDecision(of:kind:check:)``), every other one is ``decision(of:kind:check:purpose:usesTaskOverrides:context:)``.
    ///
    /// `check` is the read's own requirement (a typed read's decoding): a value it rejects is
    /// passed over in the same walk, so a typed mismatch never walks the providers twice.
    @inline(__always)
    func read(_ key: TweakKey, kind: ReadKind = .value, check: (Tweak) -> String? = { _ in nil }) -> TweakDecision {
        if observedReads.isOdd { return observedDecision(of: key, kind: kind, check: check) }
        return decision(of: key, kind: kind, check: check)
    }

    /// What a read of `key` decides, unobserved: a task-local override of the key first, then the
    /// calling thread's cache, then the walk of the layers
    /// (``walk(_:override:kind:check:log:purpose:)``), whose decision is cached unless it depends on
    /// the context, on `check`, or on a failing provider.
    ///
    /// Only a ``ReadPurpose/read`` uses the cache and the log. `context` is the context that `before`
    /// hooks made for this read, instead of the manager's; the editor leaves task-local overrides
    /// out (`usesTaskOverrides`).
    func decision(
        of key: TweakKey, kind: ReadKind = .value, check: (Tweak) -> String? = { _ in nil },
        purpose: ReadPurpose = .read, usesTaskOverrides: Bool = true, context: TweakContext? = nil
    ) -> TweakDecision {
        let thread = ThreadLocalCaches.current
        // A task-local override of the key is never cached; the cache answers every other key,
        // inside a scope as outside it (it holds the providers' answers only).
        var override: TweakOverrides.Entry?
        if usesTaskOverrides, let overrides = TweakOverrides.active, let entry = overrides.entry(for: key, in: self) {
            reportMismatch(of: entry, key: key, overrides: overrides)
            override = entry
        }
        let settings: ThreadLocalCaches.WalkInputs
        if override == nil, purpose == .read {
            switch thread.lookUp(key, kind: kind, of: self) {
            case .answered(let answer, let trace) where answer.tweak.map({ check($0) == nil }) ?? true:
                trace?("\(key) answered from the cache", .trace)
                return TweakDecision(tweak: answer.tweak, layer: answer.layer)
            case .answered:
                // A cached value the read cannot use is not an answer: the providers are walked, once.
                settings = thread.walkInputs(of: self)
            case .missed(let inputs):
                settings = inputs
            }
        } else {
            settings = thread.walkInputs(of: self)
        }
        let request = TweakRequest(
            key: key, schema: settings.schema, boundContext: context ?? boundContext, ambientContext: settings.context)
        let decision = walk(
            request, override: override, kind: kind, check: check, log: purpose == .read ? settings.log : nil,
            purpose: purpose)
        // An answer is kept unless it is a failure: a failing provider is asked again next time.
        // Kept only in the cache of the version the walk read: a change since emptied it. The
        // providers may have read other managers meanwhile, whose caches can push this one out of
        // the thread's: the store finds it again.
        if purpose == .read, override == nil, settings.isCaching, decision.isForEveryRead, !decision.failed {
            thread.store(
                CachedAnswer(tweak: decision.tweak, layer: decision.layer), for: key, kind: kind,
                version: settings.version,
                of: self)
        }
        return decision
    }
}
