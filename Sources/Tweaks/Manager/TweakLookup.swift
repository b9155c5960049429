/// Every layer's answer to one lookup, in priority order, and which one won: what
/// ``TweakExplanation`` shows and ``TweakEvaluation`` reports.
struct LookupTrace {
    var answers: [TweakExplanation.ProviderAnswer] = []
    var winningIndex: Int?
    /// Whether the walk asks every layer (`explain`), or stops at the winner (an evaluation).
    var asksEveryLayer = true
    /// Whether each layer's answer is kept (`explain`, an edit's check). Without, the trace only
    /// makes the walk a report rather than a read (no cache, no log, no hooks): an evaluation
    /// reports what the walk itself keeps (``LayerWalk/passedOver``).
    var recordsAnswers = true

    mutating func record(
        _ layer: String, _ answer: TweakExplanation.Answer, wins: Bool, decision: TweakTargetingDecision? = nil
    ) {
        guard recordsAnswers else { return }
        if wins { winningIndex = answers.count }
        answers.append(TweakExplanation.ProviderAnswer(provider: layer, answer: answer, decision: decision))
    }

    /// Adds the targeting decision to the answer recorded last.
    mutating func attach(_ decision: TweakTargetingDecision) {
        guard recordsAnswers, let last = answers.popLast() else { return }
        answers.append(
            TweakExplanation.ProviderAnswer(provider: last.provider, answer: last.answer, decision: decision))
    }
}

/// What one evaluation decided: the cache's answer, or the walk of the layers. Every read returns
/// through one; ``TweakEvaluation`` is its public form.
///
/// A cached answer is a case of its own, so that a cached read that moves its tweak out leaves
/// nothing to destroy. The reports' accessors are not inlined: the optimizer of Swift 6.3 crashes
/// ("Cannot initialize a nonCopyable type with a guaranteed value") on a function that combines
/// several inlined borrowing switches of a borrowed outcome. Reads use ``get()`` and ``isEnabled``.
enum LookupOutcome: ~Copyable {
    /// The cache's answer: a tweak from the layer at `layer`, or none.
    case cached(Tweak?, layer: Int?)
    /// The cache's answer to a feature-flag read.
    case cachedFlag(Bool)
    /// The providers' answer.
    case walked(LayerWalk)

    /// The answer; `nil` when there is none or an override removes the tweak.
    var tweak: Tweak? {
        @inline(never) get {
            switch self {
            case .cached(let tweak, _): tweak
            case .cachedFlag: nil
            case .walked(let walk): walk.tweak
            }
        }
    }

    /// The index of the answering layer: `-1` for a task-local override, else the provider's.
    var layer: Int? {
        @inline(never) get {
            switch self {
            case .cached(_, let layer): layer
            case .cachedFlag: nil
            case .walked(let walk): walk.layer
            }
        }
    }

    /// The error of the first answer that was passed over.
    var firstFailure: (any Error)? {
        @inline(never) get {
            switch self {
            case .cached: nil
            case .cachedFlag: nil
            case .walked(let walk): walk.firstFailure
            }
        }
    }

    /// The conditional values that decided the answer, and the index of the deciding branch.
    var decidingBranch: (targeting: TweakTargeting, index: Int)? {
        @inline(never) get {
            switch self {
            case .cached: nil
            case .cachedFlag: nil
            case .walked(let walk): walk.decidingBranch
            }
        }
    }

    /// The answer, its layer and the deciding branch, when conditional values decided it: what
    /// an exposure records. (One switch that copies them out: the optimizer of Swift 6.3 crashes
    /// on a function that combines several borrowing switches of a borrowed outcome.)
    var targetedAnswer: (tweak: Tweak, layer: Int, branch: (targeting: TweakTargeting, index: Int))? {
        @inline(never) get {
            switch self {
            case .cached: return nil
            case .cachedFlag: return nil
            case .walked(let walk):
                guard let tweak = walk.tweak, let layer = walk.layer, let branch = walk.decidingBranch else {
                    return nil
                }
                return (tweak, layer, branch)
            }
        }
    }

    /// Records the outcome in `record` (a hooked read's, or an evaluation's): a cached answer
    /// field by field, so that a record that holds the same answer already (the thread's last
    /// read) retains nothing.
    @inline(never)
    func record(in record: ReadRecord) {
        switch self {
        case .cached(let tweak, let layer): record.recordCachedAnswer(tweak, layer: layer, flag: nil)
        case .cachedFlag(let flag): record.recordCachedAnswer(nil, layer: nil, flag: flag)
        case .walked(let walk):
            record.recordDecision(
                LookupReport(tweak: walk.tweak, layer: walk.layer, passedOver: walk.passedOver, decided: walk.decided))
        }
    }

    /// The answer of a feature-flag read: the `enabled` tweak's Boolean value, else `false`.
    var isEnabled: Bool {
        switch self {
        case .cached(let tweak, _): tweak?.value.boolValue ?? false
        case .cachedFlag(let flag): flag
        case .walked(let walk): walk.isEnabled
        }
    }

    /// The tweak; without one, the first failure is thrown (a layer had the tweak but could not
    /// give a usable value), else `nil` (no layer has it).
    @inline(__always)
    consuming func get() throws -> Tweak? {
        switch consume self {
        case .cached(let tweak, _): return tweak
        case .cachedFlag: return nil
        case .walked(let walk): return try walk.get()
        }
    }
}

/// What an evaluation reports of a ``LookupOutcome``: its parts, copied out of it once.
struct LookupReport: Sendable {
    /// The answer; `nil` when there is none.
    var tweak: Tweak?
    /// The index of the answering layer: `-1` for a task-local override, else the provider's.
    var layer: Int?
    /// A feature-flag read's answer from the cache, which keeps no tweak.
    var cachedFlag: Bool?
    /// The answers passed over before the winner.
    var passedOver: [LayerWalk.PassedOver]?
    /// How conditional values decided the answer, when they did.
    var decided: TargetingDecided?

    /// The condition that decided the answer, when conditional values did (not their default).
    var condition: NamedCondition? { decided?.condition }

    /// The error of the first answer that was passed over.
    var firstFailure: (any Error)? { passedOver?.first?.error }

    /// Why the read answered as it did, for a manager whose providers are as `schema` says.
    func reason(schema: TweakSchema) -> TweakEvaluation.Reason {
        if cachedFlag != nil { return .cached }
        guard tweak != nil, let layer else {
            if layer == -1 { return .notFound }
            return firstFailure == nil ? .notFound : .error
        }
        if let condition { return condition.reason }
        if layer < 0 || schema.providerIsOverride[layer] { return .override }
        return schema.providerDeclaresTypes[layer] ? .declaredDefault : .staticValue
    }
}

/// One walk of the layers: the first usable answer and how it was found.
struct LayerWalk: ~Copyable {
    /// The first usable answer; `nil` when there is none or an override removes the tweak.
    var tweak: Tweak?
    /// The index of the answering layer: `-1` for a task-local override, else the provider's.
    var layer: Int?
    /// Whether a layer decided the lookup: a usable answer, or a removing override.
    var isDecided = false
    /// Whether a layer's answer was decided by conditional values: the outcome holds for the
    /// read's context only, and is not cached.
    var dependsOnContext = false
    /// Whether the read's own check (a typed read's decoding) passed a value over: the outcome is
    /// the typed read's only, and is not cached.
    var wasRejectedByCheck = false
    /// The answers passed over before a layer decided, highest priority first: what an evaluation
    /// reports. `nil` (nothing to destroy) until one is.
    var passedOver: [PassedOver]?
    /// The error of the first answer that was passed over.
    var firstFailure: (any Error)? { passedOver?.first?.error }
    /// How conditional values decided the answer (by a condition or by their default), when they
    /// did: what an evaluation and an exposure report.
    var decided: TargetingDecided?
    /// What the read's one `debug` line adds to its answer: the problems met again (their first
    /// meeting was an `error` line), and, at `trace`, each layer without an answer. `nil` (nothing
    /// to destroy) until the log takes one.
    var notes: [String]?
    /// The conditional values that decided the answer, and the index of the deciding branch (not
    /// their default).
    var decidingBranch: (targeting: TweakTargeting, index: Int)? {
        guard let decided, let index = decided.branchIndex else { return nil }
        return (decided.targeting, index)
    }

    /// The answer of a feature-flag read: the `enabled` tweak's Boolean value, else `false`.
    var isEnabled: Bool { tweak.flatMap(\.flagValue) ?? false }

    /// A layer's `tweak`: passed over when `check` gives a reason, else the answer unless a layer
    /// decided already; recorded in `trace` when there is one.
    mutating func consider(
        _ tweak: consuming Tweak, from layer: @autoclosure () -> String, index: Int, key: TweakKey,
        check: (Tweak) -> String?, log: ManagerLog?, problems: ProblemLog, trace: inout LookupTrace?
    ) {
        if let reason = check(tweak) {
            if !isDecided { wasRejectedByCheck = true }
            reject(tweak, from: layer(), key: key, reason: reason, log: log, problems: problems, trace: &trace)
            return
        }
        if trace != nil {
            let wins = trace?.winningIndex == nil && !isDecided
            trace?.record(layer(), .value(tweak), wins: wins)
        }
        guard !isDecided else { return }
        self.tweak = tweak
        self.layer = index
        isDecided = true
    }

    /// Passes over a layer's `tweak` whose value is unusable for `reason`: logged, kept to be
    /// thrown when nothing usable answers, recorded in `trace` when there is one.
    mutating func reject(
        _ tweak: Tweak, from layer: @autoclosure () -> String, key: TweakKey, reason: String, log: ManagerLog?,
        problems: ProblemLog, trace: inout LookupTrace?
    ) {
        pass(
            over: TweakError.notSupported(feature: key.feature, variable: key.variable, reason: reason), key: key,
            log: log, problems: problems, layer: layer(), answer: .value(tweak.value), rejecting: tweak)
        trace?.record(layer(), .rejected(tweak, reason: reason), wins: false)
    }

    /// Notes an answer passed over while undecided (`rejecting` the layer's tweak, or a failure
    /// without one): logged (once per problem, by `problems`, the manager's memory of logged
    /// problems), kept in ``passedOver``, and the first one kept to be thrown.
    mutating func pass(
        over error: any Error, key: TweakKey, log: ManagerLog?, problems: ProblemLog, layer: @autoclosure () -> String,
        answer: ProblemLog.Answer = .failure, rejecting tweak: Tweak? = nil
    ) {
        guard !isDecided else { return }
        let layer = layer()
        if let log {
            let reason = (error as? TweakError)?.reason ?? String(describing: error)
            if !problems.report(key, layer: layer, answer: answer, reason: reason, log: log), log.logsDebug {
                let what = if case .value = answer { "\(layer)'s value" } else { layer }
                note("\(what) passed over again: \(reason)")
            }
        }
        passedOver = (passedOver ?? []) + [PassedOver(layer: layer, error: error, tweak: tweak)]
    }

    /// Adds `note` to the read's line.
    mutating func note(_ note: String) {
        if notes == nil { notes = [note] } else { notes?.append(note) }
    }

    /// The read's one `debug` line: what it answered (`kind`: a value, or a feature flag's
    /// verdict), then its ``notes``.
    func line(for key: TweakKey, kind: ReadKind) -> String {
        let answer =
            switch (kind, tweak) {
            case (.featureFlag, _):
                "feature \(key.feature) is \(isEnabled ? "enabled" : "disabled") (\(tweak?.source ?? "no usable answer"))"
            case (.value, let tweak?): "\(key) resolved: \(tweak)"
            case (.value, nil) where isDecided: "\(key): removed by a task-local override"
            case (.value, nil): "\(key): no provider has a usable value"
            }
        guard let notes else { return answer }
        return "\(answer); \(notes.joined(separator: "; "))"
    }

    /// An answer passed over: its layer, why, and the tweak it rejected (none for a failure).
    /// Described only when an evaluation reports it.
    struct PassedOver: Sendable {
        let layer: String
        let error: any Error
        let tweak: Tweak?

        /// The answer as ``TweakExplanation`` shows it: the rejected tweak and why, or the error.
        var answer: TweakExplanation.ProviderAnswer {
            guard let tweak else {
                return TweakExplanation.ProviderAnswer(
                    provider: layer, answer: .failed(String(describing: error)), decision: nil)
            }
            let reason = (error as? TweakError)?.reason ?? String(describing: error)
            return TweakExplanation.ProviderAnswer(
                provider: layer, answer: .rejected(tweak, reason: reason), decision: nil)
        }
    }

    /// The tweak; without one, the first failure is thrown (a layer had the tweak but could not
    /// give a usable value), else `nil` (no layer has it).
    @inline(__always)
    consuming func get() throws -> Tweak? {
        // The walk is consumed: its tweak is moved out, not copied.
        let tweak = tweak.take()
        if let tweak { return tweak }
        if passedOver != nil { try throwFirstFailure() }
        return nil
    }

    /// Throws the first failure (out of line: the path of a read that found no usable value).
    @inline(never)
    private func throwFirstFailure() throws {
        if let firstFailure { throw firstFailure }
    }
}

/// What a read asks of the lookup beyond "the first usable answer".
enum ReadKind {
    /// Any value (`tweakWith`, a typed read whose check decodes).
    case value
    /// ``TweakManager/isFeatureEnabled(_:)``: the `enabled` tweak as a `Bool`, with providers' own
    /// verdicts, cached per feature.
    case featureFlag
}

extension TweakManager {
    /// **The one exit of every read**: `tweakWith`, `tweakIfPresent`, the typed reads, the
    /// property wrappers, generated accessors, ``isFeatureEnabled(_:)``, the change streams, the
    /// catalog, ``explain(feature:variable:)`` and ``evaluate(feature:variable:)`` all evaluate here,
    /// once per read.
    ///
    /// A task-local override of the key comes first; then the calling thread's cache; then the
    /// providers (``lookUp(_:override:log:check:kind:trace:)``), whose outcome is cached unless it
    /// depends on the context, on `check`, or on a failing provider. `check` is the read's own
    /// requirement (a typed read's decoding): a value it rejects is passed over in the same walk,
    /// so a typed mismatch never walks the providers twice. With a `trace`, the cache is skipped; an editor's evaluation leaves task-local overrides out.
    ///
    /// The read's own use of the outcome is `finish` (a `tweakWith` moves the tweak out of it).
    /// Inlined into each read, with `finish` inlined into each of its paths, so that a cached answer
    /// builds and destroys no outcome it does not use; the rest is
    /// ``evaluateUncached(_:kind:check:cache:trace:)``. A read of a manager
    /// with hooks or an exposure log goes through ``evaluateObserved(_:kind:check:usesTaskOverrides:)``
    /// (one predictable branch otherwise); a trace (`explain`, the editor) is never observed.
    @inline(__always)
    func evaluate<Result: ~Copyable>(
        _ key: TweakKey, kind: ReadKind = .value, check: (Tweak) -> String? = { _ in nil },
        usesTaskOverrides: Bool = true, trace: inout LookupTrace?,
        then finish: (consuming LookupOutcome) throws -> Result
    ) rethrows -> Result {
        if _slowPath(observedReads.isOdd), trace == nil {
            return try finish(evaluateObserved(key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides))
        }
        return try evaluateUnobserved(
            key, kind: kind, check: check, usesTaskOverrides: usesTaskOverrides, trace: &trace, then: finish)
    }

    /// ``evaluate(_:kind:check:usesTaskOverrides:trace:then:)`` without hooks and exposures.
    /// `knownCache` is this manager's cache on the calling thread when the caller has it already
    /// (a hooked read); it is used while no change has made it stale (a `before` hook may write).
    @inline(__always)
    func evaluateUnobserved<Result: ~Copyable>(
        _ key: TweakKey, kind: ReadKind, check: (Tweak) -> String?, usesTaskOverrides: Bool,
        cache knownCache: TweakCache? = nil, trace: inout LookupTrace?,
        then finish: (consuming LookupOutcome) throws -> Result
    ) rethrows -> Result {
        // A task-local override of the key is never cached; the cache answers every other key,
        // inside a scope as outside it (it holds the providers' answers only).
        if usesTaskOverrides, let overrides = TweakOverrides.active, let entry = overrides.entry(for: key, in: self) {
            return try finish(
                evaluate(key, overriddenBy: entry, in: overrides, kind: kind, check: check, trace: &trace))
        }
        // Not retained, so used only until the read calls out of Tweaks (see
        // ``unretainedThreadCache()``).
        let cache: Unmanaged<TweakCache> =
            if let knownCache, knownCache.version == cacheVersion.load() {
                .passUnretained(knownCache)
            } else {
                unretainedThreadCache()
            }
        if trace == nil {
            switch kind {
            case .featureFlag:
                switch cache._withUnsafeGuaranteedRef({ $0.isFeatureEnabled(key) }) {
                case .enabled?: return try finish(.cachedFlag(true))
                case .disabled?: return try finish(.cachedFlag(false))
                // No answer: the read's outcome is not found, as it was when it was stored.
                case .notFound?: return try finish(.cached(nil, layer: nil))
                case nil: break
                }
            case .value:
                switch cache._withUnsafeGuaranteedRef({ $0.entry(for: key) }) {
                case .hit(let tweak, let layer)?:
                    // The log is taken first: `check` (a typed read's decoding) calls out.
                    let log = cache._withUnsafeGuaranteedRef { $0.settings.tracesReads ? $0.settings.log : nil }
                    if check(tweak) == nil {
                        log?("\(key) answered from the cache", .trace)
                        return try finish(.cached(tweak, layer: layer))
                    }
                // A cached value the read cannot use: the providers are walked, once.
                case .miss?:
                    cache._withUnsafeGuaranteedRef { $0.settings.tracesReads ? $0.settings.log : nil }?(
                        "\(key) answered from the cache", .trace)
                    return try finish(.cached(nil, layer: nil))
                case nil:
                    break
                }
            }
        }
        return try finish(evaluateUncached(key, kind: kind, check: check, cache: cache, trace: &trace))
    }

    /// ``evaluate(_:kind:check:usesTaskOverrides:trace:)`` of a key that a task-local override
    /// (`entry` of `overrides`) answers: never cached.
    func evaluate(
        _ key: TweakKey, overriddenBy entry: TweakOverrides.Entry, in overrides: TweakOverrides, kind: ReadKind,
        check: (Tweak) -> String?, trace: inout LookupTrace?
    ) -> LookupOutcome {
        reportMismatch(of: entry, key: key, overrides: overrides)
        let (request, log) = state.withLock {
            (
                TweakRequest(
                    key: key, schema: $0.readSettings.schema, boundContext: boundContext,
                    ambientContext: $0.readSettings.context),
                $0.readSettings.log
            )
        }
        return .walked(
            lookUp(request, override: entry, log: trace == nil ? log : nil, check: check, kind: kind, trace: &trace))
    }

    /// ``evaluate(_:kind:check:usesTaskOverrides:trace:)`` past the cache: the providers, whose
    /// outcome is stored in the thread's cache when it may be.
    ///
    /// The walk calls out of Tweaks (providers, closures), so `cache`, not retained, is used only
    /// before it: the outcome is stored in the cache looked up again.
    @inline(__always)
    func evaluateUncached(
        _ key: TweakKey, kind: ReadKind, check: (Tweak) -> String?, cache: Unmanaged<TweakCache>,
        trace: inout LookupTrace?
    ) -> LookupOutcome {
        // An explanation is not a read: it logs nothing, and is not cached. The request is made of
        // the cache's settings where they are: each is retained once.
        let isRead = trace == nil
        let (request, log, version, isCaching) = cache._withUnsafeGuaranteedRef { cache in
            (
                TweakRequest(
                    key: key, schema: cache.settings.schema, boundContext: boundContext,
                    ambientContext: cache.settings.context),
                isRead ? cache.settings.log : nil, cache.version, isRead && cache.settings.isCaching
            )
        }
        let outcome = lookUp(request, override: nil, log: log, check: check, kind: kind, trace: &trace)
        // An answer is kept unless it is a failure: a failing provider is asked again next time.
        if isCaching, outcome.tweak != nil || outcome.firstFailure == nil, !outcome.dependsOnContext,
            !outcome.wasRejectedByCheck
        {
            unretainedThreadCache()._withUnsafeGuaranteedRef { cache in
                // Only into the cache of the version the walk read: a change since emptied it.
                guard cache.version == version else { return }
                switch kind {
                case .featureFlag:
                    cache.store(
                        featureEnabled: outcome.tweak == nil ? .notFound : outcome.isEnabled ? .enabled : .disabled,
                        for: key)
                case .value: cache.store(outcome.tweak, layer: outcome.layer ?? 0, for: key)
                }
            }
        }
        return .walked(outcome)
    }

    /// The lookup rule, decided here and nowhere else (see ``TweakManager``).
    ///
    /// The layers are asked in priority order: a task-local override of the key (`override`),
    /// then each provider, with `request` (the key, the type this manager's ``schema``
    /// declares and the read's context). **The first usable answer wins.** An answer is unusable
    /// when the layer has the tweak but throws (a failed decryption, an unreadable stored value),
    /// when a provider that declares no type gives a value that violates the declared type
    /// (``TweakType/violation(by:)``), or when `check` rejects its value (a typed read whose type
    /// it is not); unusable answers are passed over, logged at `error` level and shown by `explain`,
    /// so a broken override never hides a good default. An override that removes the tweak ends the
    /// lookup with "not found".
    ///
    /// This is the single evaluation point of targeting: a tweak with conditional values is decided
    /// here for the read's context (resolved only then), and a conditional "no answer" passes the
    /// lookup on to the next layer. Overrides are context-free, except those a test sets for one
    /// context.
    func lookUp(
        _ request: TweakRequest, override: TweakOverrides.Entry?, log: ManagerLog?,
        check readCheck: (Tweak) -> String?, kind: ReadKind, trace: inout LookupTrace?
    ) -> LayerWalk {
        let key = request.key
        let schema = request.schema
        var outcome = LayerWalk()
        // Answers are built for a trace only: a read pays for no `Answer` it does not show.
        let isTracing = trace?.recordsAnswers == true
        let asksEveryLayer = trace?.asksEveryLayer ?? false
        // A feature-flag read asks for a Bool.
        func check(_ tweak: Tweak) -> String? {
            guard kind == .featureFlag else { return readCheck(tweak) }
            return tweak.flagValue == nil
                ? TweakManager.mismatchReason(tweak, expected: Bool.self, detail: nil) : nil
        }

        switch override {
        case .value(let tweak)? where tweak.hasTargeting:
            // An override for one context (tests): the other contexts go on to the providers.
            outcome.dependsOnContext = true
            if let resolved = decide(tweak, from: TweakOverrides.source, request: request, trace: &trace) {
                outcome.consider(
                    resolved.tweak, from: TweakOverrides.source, index: -1, key: key, check: check, log: log,
                    problems: problemLog, trace: &trace)
                outcome.note(resolved.decided, decision: resolved.decision, trace: &trace)
            }
        case .value(let tweak)?:
            outcome.consider(
                tweak, from: TweakOverrides.source, index: -1, key: key, check: check, log: log, problems: problemLog,
                trace: &trace)
        case .removed?:
            outcome.isDecided = true
            outcome.layer = -1
            if isTracing { trace?.record(TweakOverrides.source, .removed, wins: true) }
        case nil:
            break
        }

        // A layer is named as the schema recorded its provider's name, as evaluations and
        // exposures name it (a default name is made from the type's name at each call).
        for index in 0..<askedProviders.count {
            if outcome.isDecided && !asksEveryLayer { break }
            let asked = askedProviders[index]
            let found: Tweak?
            do {
                found = try asked._withUnsafeGuaranteedRef { try $0.tweak(for: request) }
            } catch TweakError.notFound {
                found = nil
            } catch {
                outcome.pass(over: error, key: key, log: log, problems: problemLog, layer: schema.providerNames[index])
                if isTracing {
                    trace?.record(schema.providerNames[index], .failed(String(describing: error)), wins: false)
                }
                continue
            }
            var tweak: Tweak
            switch consume found {
            case .some(let found):
                tweak = found.source == nil ? found.with(source: schema.providerNames[index]) : found
            case nil:
                guard kind == .featureFlag,
                    let verdict = verdict(of: asked, named: schema.providerNames[index], on: key.feature, key: key)
                else {
                    // ProblemLog: a layer without the tweak no longer has a problem with it.
                    if let log {
                        problemLog.observe(key, layer: schema.providerNames[index], value: nil, log: log)
                        if log.logsTrace { outcome.note("not in \(schema.providerNames[index])") }
                    }
                    if isTracing { trace?.record(schema.providerNames[index], .notFound, wins: false) }
                    continue
                }
                tweak = verdict
            }
            // Conditional values: decided for the read's context; the outcome is not cached.
            // Checked without retaining them, so that a tweak without any pays one load.
            var decided: TargetingDecided?
            var decision: TweakTargetingDecision?
            if _slowPath(tweak.hasTargeting) {
                outcome.dependsOnContext = true
                guard
                    let resolved = decide(tweak, from: schema.providerNames[index], request: request, trace: &trace)
                else {
                    if let log, log.logsTrace {
                        outcome.note("\(schema.providerNames[index]) gives no answer for this context")
                    }
                    continue
                }
                tweak = resolved.tweak
                decided = resolved.decided
                decision = resolved.decision
            }
            // ProblemLog: a layer that answers otherwise than it did when passed over has no problem now.
            if let log { problemLog.observe(key, layer: schema.providerNames[index], value: tweak.value, log: log) }
            // A value that violates the declared type is unusable too.
            if schema.checksProvider[index], let declaredType = schema.type(of: key),
                !declaredType.conforms(tweak.value),
                let reason = schema[key]?.violation(by: tweak.value, isEncrypted: tweak.isEncrypted)
            {
                outcome.reject(
                    tweak, from: schema.providerNames[index], key: key, reason: reason, log: log, problems: problemLog,
                    trace: &trace)
                if let decision { trace?.attach(decision) }
                continue
            }
            let wasDecided = outcome.isDecided
            outcome.consider(
                consume tweak, from: schema.providerNames[index], index: index, key: key, check: check, log: log,
                problems: problemLog, trace: &trace)
            if let decided, !wasDecided, outcome.isDecided {
                outcome.note(decided, decision: decision, trace: &trace)
            } else if let decision {
                trace?.attach(decision)
            }
        }
        // One line per read, however many layers it asked or problems it met again.
        if let log, log.logsDebug { log(outcome.line(for: key, kind: kind), .debug) }
        return outcome
    }

    /// `tweak`'s value for the request's context: the tweak and how its conditional values decided
    /// it (the deciding branch, `nil` for their default; the decision when tracing); `nil`
    /// (recorded as not found) when they give no answer for the context.
    private func decide(
        _ tweak: Tweak, from layer: String, request: TweakRequest, trace: inout LookupTrace?
    ) -> (tweak: Tweak, decided: TargetingDecided?, decision: TweakTargetingDecision?)? {
        guard let targeting = tweak.targeting else { return (tweak, nil, nil) }
        let context = request.context
        let decision = trace?.recordsAnswers == true ? targeting.decision(for: context) : nil
        guard let (answer, index) = targeting.answerAndCondition(of: tweak, for: context) else {
            trace?.record(layer, .notFound, wins: false, decision: decision)
            return nil
        }
        return (answer, TargetingDecided(targeting: targeting, branchIndex: index), decision)
    }

    /// A provider's own verdict on `feature` (``TweakProvider/isFeatureEnabled(_:)``), asked after
    /// it had no `enabled` tweak: `true` is an `enabled = true` answer, `false` none.
    ///
    /// The default verdict would look the same `enabled` tweak up again only to answer `false`:
    /// the thread notes which provider is asked, and the default answers at once (see
    /// ``ThreadLocalCaches/verdictAfterMiss``). `name` is the provider's name, the answer's source.
    private func verdict(
        of provider: Unmanaged<AskedProvider>, named name: String, on feature: String, key: TweakKey
    ) -> Tweak? {
        let thread = ThreadLocalCaches.current
        let outer = thread.verdictAfterMiss
        thread.verdictAfterMiss = provider._withUnsafeGuaranteedRef { ObjectIdentifier($0.provider) }
        defer { thread.verdictAfterMiss = outer }
        guard provider._withUnsafeGuaranteedRef({ $0.isFeatureEnabled(feature) }) else { return nil }
        return Tweak(feature: feature, variable: key.variable, value: .bool(true), source: name)
    }

    /// Every layer's answer for `key`, without the cache: what `explain` shows.
    func trace(_ key: TweakKey, kind: ReadKind = .value, check: (Tweak) -> String? = { _ in nil }) -> LookupTrace {
        var trace: LookupTrace? = LookupTrace()
        evaluate(key, kind: kind, check: check, trace: &trace) { _ in }
        return trace ?? LookupTrace()
    }
}

extension LayerWalk {
    /// Notes the conditional values that decided the winning answer.
    fileprivate mutating func note(
        _ decided: TargetingDecided?, decision: TweakTargetingDecision?, trace: inout LookupTrace?
    ) {
        self.decided = decided
        if let decision { trace?.attach(decision) }
    }
}

/// How a layer's conditional values decided its answer for the read's context.
struct TargetingDecided: Sendable {
    /// The conditional values.
    let targeting: TweakTargeting
    /// The index of the deciding branch; `nil` when their default answered.
    var branchIndex: Int? { index < 0 ? nil : index }
    /// The deciding branch's condition; `nil` when their default answered.
    var condition: NamedCondition? { branchIndex.map { targeting.branches[$0].condition } }
    /// ``branchIndex``, `-1` for the default: a non-optional `Int` keeps an optional
    /// `TargetingDecided` two words, with nothing to test but the reference.
    private let index: Int

    init(targeting: TweakTargeting, branchIndex: Int?) {
        self.targeting = targeting
        self.index = branchIndex ?? -1
    }
}

extension TweakError {
    /// The reason of a ``notSupported(feature:variable:reason:)`` error.
    var reason: String? {
        if case .notSupported(_, _, let reason) = self { reason } else { nil }
    }
}
