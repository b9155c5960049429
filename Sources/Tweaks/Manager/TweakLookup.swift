/// Every layer's answer to one lookup, in priority order, and which one won: what
/// ``TweakExplanation`` shows.
struct LookupTrace {
    var answers: [TweakExplanation.ProviderAnswer] = []
    var winningIndex: Int?

    mutating func record(
        _ layer: String, _ answer: TweakExplanation.Answer, wins: Bool, decision: TweakTargetingDecision? = nil
    ) {
        if wins { winningIndex = answers.count }
        answers.append(TweakExplanation.ProviderAnswer(provider: layer, answer: answer, decision: decision))
    }

    /// Adds the targeting decision to the answer recorded last.
    mutating func attach(_ decision: TweakTargetingDecision) {
        guard let last = answers.popLast() else { return }
        answers.append(
            TweakExplanation.ProviderAnswer(provider: last.provider, answer: last.answer, decision: decision))
    }
}

/// What a lookup found: the winning tweak, or why there is none.
struct LookupOutcome {
    /// The first usable answer; `nil` when there is none or an override removes the tweak.
    var tweak: Tweak?
    /// The error of the first answer that was passed over.
    var firstFailure: (any Error)?
    /// Whether a layer decided the lookup: a usable answer, or a removing override.
    var isDecided = false
    /// Whether a layer's answer was decided by conditional values: the outcome holds for the
    /// read's context only, and is not cached.
    var dependsOnContext = false
    /// The manager's memory of logged problems: a problem is logged once (see ``ProblemLog``).
    let problemLog: ProblemLog

    /// A layer's `tweak`: passed over when `check` gives a reason, else the answer unless a layer
    /// decided already; recorded in `trace` when there is one.
    mutating func consider(
        _ tweak: consuming Tweak, from layer: @autoclosure () -> String, key: TweakKey, check: (Tweak) -> String?,
        log: LogClosure?,
        trace: inout LookupTrace?
    ) {
        if let reason = check(tweak) {
            reject(tweak, from: layer(), key: key, reason: reason, log: log, trace: &trace)
            return
        }
        if trace != nil {
            let wins = trace?.winningIndex == nil
            trace?.record(layer(), .value(tweak), wins: wins)
        }
        guard !isDecided else { return }
        log?("\(key) resolved: \(tweak)", .debug)
        self.tweak = tweak
        isDecided = true
    }

    /// Passes over a layer's `tweak` whose value is unusable for `reason`: logged, kept to be
    /// thrown when nothing usable answers, recorded in `trace` when there is one.
    mutating func reject(
        _ tweak: Tweak, from layer: @autoclosure () -> String, key: TweakKey, reason: String, log: LogClosure?,
        trace: inout LookupTrace?
    ) {
        pass(
            over: TweakError.notSupported(feature: key.feature, variable: key.variable, reason: reason), key: key,
            log: log, layer: layer(), answer: .value(tweak.value))
        trace?.record(layer(), .rejected(tweak, reason: reason), wins: false)
    }

    /// Notes an answer passed over while undecided: logged (once per problem, by ``problemLog``),
    /// and the first one kept to be thrown.
    mutating func pass(
        over error: any Error, key: TweakKey, log: LogClosure?, layer: @autoclosure () -> String,
        answer: ProblemLog.Answer = .failure
    ) {
        guard !isDecided else { return }
        if let log {
            let reason = (error as? TweakError)?.reason ?? String(describing: error)
            problemLog.report(key, layer: layer(), answer: answer, reason: reason, log: log)
        }
        if firstFailure == nil { firstFailure = error }
    }

    /// The tweak; without one, the first failure is thrown (a layer had the tweak but could not
    /// give a usable value), else `nil` (no layer has it).
    func get() throws -> Tweak? {
        if let tweak { return tweak }
        if let firstFailure { throw firstFailure }
        return nil
    }
}

extension TweakManager {
    /// The lookup rule, decided here and nowhere else; every read, ``isFeatureEnabled(_:)``,
    /// ``explain(feature:variable:)``, the catalog and the declared type go through it.
    ///
    /// The layers are asked in priority order: a task-local override of the key (`override`),
    /// then each provider. **The first usable answer wins.** An answer is unusable when the layer
    /// has the tweak but throws (a failed decryption, an unreadable stored value), when a provider's
    /// value is not of the type the local defaults file declares (``TweakDeclarations``), or when
    /// `check` rejects its value (a typed read whose type it is not); unusable answers are passed over,
    /// logged at `error` level and shown by `explain`, so a broken override never hides a good
    /// default. An override that removes the tweak ends the lookup with "not found".
    ///
    /// Without a `trace`, the walk stops at the winner; with one, it asks every layer.
    ///
    /// This is the single evaluation point of targeting: a provider's tweak with conditional
    /// values is decided here for the read's ``evaluationContext`` (asked only then), and
    /// a conditional "no answer" passes the lookup on to the next layer. Overrides are
    /// context-free, except those a test sets for one context.
    func lookUp(
        _ key: TweakKey, override: TweakOverrides.Entry?, log: LogClosure?, check: (Tweak) -> String? = { _ in nil },
        featureVerdict: String? = nil, trace: inout LookupTrace?
    ) -> LookupOutcome {
        var outcome = LookupOutcome(problemLog: problemLog)
        // Answers are built for a trace only: a read pays for no `Answer` it does not show.
        let isTracing = trace != nil

        switch override {
        case .value(let tweak)? where tweak.hasTargeting:
            // An override for one context (tests): the other contexts go on to the providers.
            outcome.dependsOnContext = true
            if let resolved = decide(tweak, from: TweakOverrides.source, key: key, log: log, trace: &trace) {
                outcome.consider(
                    resolved.tweak, from: TweakOverrides.source, key: key, check: check, log: log, trace: &trace)
                if let decision = resolved.decision { trace?.attach(decision) }
            }
        case .value(let tweak)?:
            outcome.consider(tweak, from: TweakOverrides.source, key: key, check: check, log: log, trace: &trace)
        case .removed?:
            outcome.isDecided = true
            if isTracing { trace?.record(TweakOverrides.source, .removed, wins: true) }
        case nil:
            break
        }

        for index in tweakProviders.indices {
            if outcome.isDecided && !isTracing { break }
            let provider = tweakProviders[index]
            let found: Tweak?
            do {
                found = try provider.tweak(for: key)
            } catch TweakError.notFound {
                found = nil
            } catch {
                outcome.pass(over: error, key: key, log: log, layer: provider.name)
                if isTracing { trace?.record(provider.name, .failed(String(describing: error)), wins: false) }
                continue
            }
            var tweak: Tweak
            switch consume found {
            case .some(let found):
                tweak = found.source == nil ? found.with(source: provider.name) : found
            case nil:
                guard let feature = featureVerdict, let verdict = verdict(of: provider, on: feature, key: key) else {
                    // ProblemLog: a layer without the tweak no longer has a problem with it.
                    if let log { problemLog.observe(key, layer: provider.name, value: nil, log: log) }
                    log?("\(key) not in \(provider.name)", .trace)
                    if isTracing { trace?.record(provider.name, .notFound, wins: false) }
                    continue
                }
                tweak = verdict
            }
            // Conditional values: decided for the read's context; the outcome is not cached.
            // Checked without retaining them, so that a tweak without any pays one load.
            var decision: TweakTargetingDecision?
            if _slowPath(tweak.hasTargeting) {
                outcome.dependsOnContext = true
                guard let resolved = decide(tweak, from: provider.name, key: key, log: log, trace: &trace) else {
                    continue
                }
                tweak = resolved.tweak
                decision = resolved.decision
            }
            // ProblemLog: a layer that answers otherwise than it did when passed over has no problem now.
            if let log { problemLog.observe(key, layer: provider.name, value: tweak.value, log: log) }
            // A value of another type than the local defaults file declares is unusable too.
            if declarations.checksProvider[index], let declaredKind = declarations.kind(of: key),
                !tweak.value.isCompatible(with: declaredKind), let reason = declarations[key]?.mismatch(tweak)
            {
                outcome.reject(tweak, from: provider.name, key: key, reason: reason, log: log, trace: &trace)
                if let decision { trace?.attach(decision) }
                continue
            }
            outcome.consider(consume tweak, from: provider.name, key: key, check: check, log: log, trace: &trace)
            if let decision { trace?.attach(decision) }
        }
        if !outcome.isDecided { log?("\(key): no provider has a usable value", .debug) }
        return outcome
    }

    /// `tweak`'s value for the read's ``evaluationContext``, with the decision when tracing; `nil`
    /// (recorded as not found) when its conditional values give no answer for the context.
    private func decide(
        _ tweak: Tweak, from layer: String, key: TweakKey, log: LogClosure?, trace: inout LookupTrace?
    ) -> (tweak: Tweak, decision: TweakTargetingDecision?)? {
        guard let targeting = tweak.targeting else { return (tweak, nil) }
        let context = evaluationContext
        let decision = trace != nil ? targeting.decision(for: context) : nil
        guard let answer = targeting.answer(of: tweak, for: context) else {
            log?("\(key): \(layer) gives no answer for this context", .trace)
            trace?.record(layer, .notFound, wins: false, decision: decision)
            return nil
        }
        return (answer, decision)
    }

    /// A provider's own verdict on `feature` (``TweakProvider/isFeatureEnabled(_:)``), asked after
    /// it had no `enabled` tweak: `true` is an `enabled = true` answer, `false` none.
    ///
    /// The default verdict would look the same `enabled` tweak up again only to answer `false`:
    /// the thread notes which provider is asked, and the default answers at once (see
    /// ``ThreadLocalCaches/verdictAfterMiss``).
    private func verdict(of provider: any TweakProvider, on feature: String, key: TweakKey) -> Tweak? {
        let thread = ThreadLocalCaches.current
        let outer = thread.verdictAfterMiss
        thread.verdictAfterMiss = ObjectIdentifier(provider)
        defer { thread.verdictAfterMiss = outer }
        guard provider.isFeatureEnabled(feature) else { return nil }
        return Tweak(feature: feature, variable: key.variable, value: .bool(true), source: provider.name)
    }

    /// Every layer's answer for `key`, without the cache: what `explain` shows.
    func trace(_ key: TweakKey, check: (Tweak) -> String? = { _ in nil }) -> LookupTrace {
        var trace: LookupTrace? = LookupTrace()
        _ = lookUp(
            key, override: TweakOverrides.active?.entry(for: key, in: self), log: nil, check: check, trace: &trace)
        return trace ?? LookupTrace()
    }
}

extension TweakError {
    /// The reason of a ``notSupported(feature:variable:reason:)`` error.
    var reason: String? {
        if case .notSupported(_, _, let reason) = self { reason } else { nil }
    }
}
