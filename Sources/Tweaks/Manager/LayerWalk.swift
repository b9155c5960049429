extension TweakManager {
    /// The lookup rule, decided here and nowhere else (see ``TweakManager``).
    ///
    /// The layers are asked in priority order: a task-local override of the key (`override`),
    /// then each provider, with `request` (the key, the type this manager's ``schema`` declares
    /// and the read's context). **The first usable answer wins.** An answer is unusable when the
    /// layer has the tweak but throws (a failed decryption, an unreadable stored value), when a
    /// provider that declares no type gives a value that violates the declared type
    /// (``TweakType/violation(by:)``), or when `check` rejects its value (a typed read whose type it
    /// is not); unusable answers are passed over, logged at `error` level and shown by `explain`,
    /// so a broken override never hides a good default. An override that removes the tweak ends
    /// the lookup with "not found".
    ///
    /// This is the single evaluation point of targeting: a tweak with conditional values is decided
    /// here for the read's context (resolved only then), and a conditional "no answer" passes the
    /// lookup on to the next layer.
    func walk(
        _ request: TweakRequest, override: TweakOverrides.Entry?, kind: ReadKind, check: (Tweak) -> String?,
        log: ManagerLog?, purpose: ReadPurpose
    ) -> TweakDecision {
        let schema = request.schema
        var walk = LayerWalk(
            key: request.key, kind: kind, log: log, problems: problemLog, explains: purpose == .explanation)

        switch override {
        case .value(let tweak)?:
            walk.consider(
                tweak, from: TweakOverrides.source, index: -1, request: request, checksType: false, check: check)
        case .removed?:
            walk.decision.layer = -1
            walk.record(TweakOverrides.source, .removed, wins: true)
        case nil:
            break
        }

        // A layer is named only when its name is used (a failure, a log line, an explanation, a
        // tweak without a source): a read of a layer that answers copies no name.
        for (index, provider) in askedProviders.enumerated() {
            if walk.decision.isDecided && !walk.explains { break }
            let found: Tweak?
            do {
                found = try provider.tweak(for: request)
            } catch TweakError.notFound {
                found = nil
            } catch {
                walk.pass(over: error, layer: schema.providerNames[index])
                walk.record(schema.providerNames[index], .failed(String(describing: error)), wins: false)
                continue
            }
            if let found {
                walk.consider(
                    found.source == nil ? found.with(source: schema.providerNames[index]) : found,
                    from: schema.providerNames[index], index: index, request: request,
                    checksType: schema.checksProvider[index], check: check)
            } else if kind == .featureFlag,
                let verdict = verdict(of: provider, named: schema.providerNames[index], on: request.key)
            {
                walk.consider(
                    verdict, from: schema.providerNames[index], index: index, request: request, checksType: false,
                    check: check)
            } else {
                // ProblemLog: a layer without the tweak no longer has a problem with it.
                if let log {
                    problemLog.observe(request.key, layer: schema.providerNames[index], value: nil, log: log)
                    if log.logsTrace { walk.note("not in \(schema.providerNames[index])") }
                }
                walk.record(schema.providerNames[index], .notFound, wins: false)
            }
        }
        // One line per read, however many layers it asked or problems it met again.
        if let log, log.logsDebug { log(walk.line(), .debug) }
        return walk.finish()
    }

    /// A provider's own verdict on the request's feature (``TweakProvider/isFeatureEnabled(_:)``),
    /// asked after it had no `enabled` tweak: `true` is an `enabled = true` answer, `false` none.
    ///
    /// The default verdict would look the same `enabled` tweak up again only to answer `false`:
    /// the thread notes which provider is asked, and the default answers at once (see
    /// ``ThreadLocalCaches/verdictAfterMiss``). `name` is the provider's name, the answer's source.
    private func verdict(of provider: AskedProvider, named name: String, on key: TweakKey) -> Tweak? {
        let thread = ThreadLocalCaches.current
        let outer = thread.verdictAfterMiss
        thread.verdictAfterMiss = ObjectIdentifier(provider.provider)
        defer { thread.verdictAfterMiss = outer }
        guard provider.isFeatureEnabled(key.feature) else { return nil }
        return Tweak(feature: key.feature, variable: key.variable, value: .bool(true), source: name)
    }
}

/// One walk of the layers: the ``TweakDecision`` it makes, and what the read's log line adds.
private struct LayerWalk: ~Copyable {
    let key: TweakKey
    let kind: ReadKind
    let log: ManagerLog?
    /// The manager's memory of logged problems, when the read logs (with ``log``).
    let problems: ProblemLog?
    /// Whether every layer is asked and its answer recorded (an explanation).
    let explains: Bool
    var decision = TweakDecision()
    /// What the read's one `debug` line adds to its answer: the problems met again (their first
    /// meeting was an `error` line), and, at `trace`, each layer without an answer. `nil` (nothing
    /// to destroy) until the log takes one.
    private var notes: [String]?

    init(key: TweakKey, kind: ReadKind, log: ManagerLog?, problems: ProblemLog, explains: Bool) {
        self.key = key
        self.kind = kind
        self.log = log
        self.problems = log == nil ? nil : problems
        self.explains = explains
        if explains { decision.answers = [] }
    }

    /// A layer's `tweak`: decided for the request's context when it has conditional values, then
    /// passed over when it violates the declared type (`checksType`) or the read's check, else
    /// the answer unless a layer decided already.
    mutating func consider(
        _ tweak: Tweak, from layer: @autoclosure () -> String, index: Int, request: TweakRequest, checksType: Bool,
        check: (Tweak) -> String?
    ) {
        var tweak = tweak
        var decided: TargetingDecided?
        var targetingDecision: TweakTargetingDecision?
        if let targeting = tweak.targeting {
            // Decided for the read's context: the decision holds for this read only.
            decision.isForEveryRead = false
            let context = request.context
            if explains { targetingDecision = targeting.decision(for: context) }
            let answered: (Tweak, TargetingOutcome)?
            do {
                answered = try targeting.answer(of: tweak, for: context)
            } catch {
                let failure = TweakError.notSupported(
                    feature: key.feature, variable: key.variable, reason: error.detail)
                pass(over: failure, layer: layer())
                record(layer(), .failed(String(describing: failure)), wins: false, decision: targetingDecision)
                return
            }
            guard let (answer, outcome) = answered else {
                if let log, log.logsTrace { note("\(layer()) gives no answer for this context") }
                record(layer(), .notFound, wins: false, decision: targetingDecision)
                return
            }
            tweak = answer
            decided = TargetingDecided(targeting: targeting, outcome: outcome, context: context)
        }
        // ProblemLog: a layer that answers otherwise than it did when passed over has no problem now.
        if let log, let problems { problems.observe(key, layer: layer(), value: tweak.value, log: log) }
        if let reason = rejection(of: tweak, checksType: checksType, schema: request.schema, check: check) {
            pass(
                over: TweakError.notSupported(feature: key.feature, variable: key.variable, reason: reason),
                layer: layer(), answer: .value(tweak.value), rejecting: tweak)
            record(layer(), .rejected(tweak, reason: reason), wins: false, decision: targetingDecision)
            return
        }
        let wins = !decision.isDecided
        record(layer(), .value(tweak), wins: wins, decision: targetingDecision)
        guard wins else { return }
        decision.tweak = tweak
        decision.layer = index
        decision.targeting = decided
    }

    /// Why `tweak` is unusable: a value that violates the declared type (for a layer whose values
    /// are checked), or one the read's own check rejects; `nil` when it is usable.
    private mutating func rejection(
        of tweak: Tweak, checksType: Bool, schema: TweakSchema, check: (Tweak) -> String?
    ) -> String? {
        if checksType, let declaredType = schema.type(of: key), !declaredType.conforms(tweak.value),
            let reason = schema[key]?.violation(by: tweak.value, isEncrypted: tweak.isEncrypted)
        {
            return reason
        }
        let reason =
            kind == .featureFlag
            ? (tweak.flagValue == nil ? TweakManager.mismatchReason(tweak, expected: Bool.self, detail: nil) : nil)
            : check(tweak)
        // A value the read's own check passes over decides for this read only.
        if reason != nil, !decision.isDecided { decision.isForEveryRead = false }
        return reason
    }

    /// Notes an answer passed over while undecided (`rejecting` the layer's tweak, or a failure
    /// without one): logged (once per problem, by ``problems``), and kept in the decision.
    mutating func pass(
        over error: any Error, layer: @autoclosure () -> String, answer: ProblemLog.Answer = .failure,
        rejecting tweak: Tweak? = nil
    ) {
        guard !decision.isDecided else { return }
        let layer = layer()
        if let log, let problems {
            let reason = (error as? TweakError)?.reason ?? String(describing: error)
            if !problems.report(key, layer: layer, answer: answer, reason: reason, log: log), log.logsDebug {
                let what = if case .value = answer { "\(layer)'s value" } else { layer }
                note("\(what) passed over again: \(reason)")
            }
        }
        let passed = TweakDecision.PassedOver(layer: layer, error: error, tweak: tweak)
        if decision.passedOver == nil { decision.passedOver = [passed] } else { decision.passedOver?.append(passed) }
    }

    /// Records a layer's answer, when the walk explains itself.
    mutating func record(
        _ layer: @autoclosure () -> String, _ answer: @autoclosure () -> TweakExplanation.Answer, wins: Bool,
        decision targeting: TweakTargetingDecision? = nil
    ) {
        guard explains else { return }
        if wins { decision.winningIndex = decision.answers?.count }
        decision.answers?.append(
            TweakExplanation.ProviderAnswer(provider: layer(), answer: answer(), decision: targeting))
    }

    /// The decision, once the walk is over: moved out, not copied.
    consuming func finish() -> TweakDecision { decision.take() }

    /// Adds `note` to the read's line.
    mutating func note(_ note: String) {
        if notes == nil { notes = [note] } else { notes?.append(note) }
    }

    /// The read's one `debug` line: what it answered (a value, or a feature flag's verdict), then
    /// its ``notes``.
    func line() -> String {
        let answer =
            switch (kind, decision.tweak) {
            case (.featureFlag, let tweak):
                "feature \(key.feature) is \(decision.isEnabled ? "enabled" : "disabled") (\(tweak?.source ?? "no usable answer"))"
            case (.value, let tweak?): "\(key) resolved: \(tweak)"
            case (.value, nil) where decision.isDecided: "\(key): removed by a task-local override"
            case (.value, nil): "\(key): no provider has a usable value"
            }
        guard let notes else { return answer }
        return "\(answer); \(notes.joined(separator: "; "))"
    }
}
