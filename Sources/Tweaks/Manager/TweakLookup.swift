/// Every layer's answer to one lookup, in priority order, and which one won: what
/// ``TweakExplanation`` shows.
struct LookupTrace {
    var answers: [TweakExplanation.ProviderAnswer] = []
    var winningIndex: Int?

    mutating func record(_ layer: String, _ answer: TweakExplanation.Answer, wins: Bool) {
        if wins { winningIndex = answers.count }
        answers.append(TweakExplanation.ProviderAnswer(provider: layer, answer: answer))
    }
}

/// What a lookup found: the winning tweak, or why there is none.
struct LookupOutcome {
    /// The first usable answer; `nil` when there is none or an override removes the tweak.
    var tweak: Tweak?
    /// The error of the first answer that was passed over.
    var firstFailure: (any Error)?

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
    /// has the tweak but throws (a failed decryption, an unreadable stored value) or when `check`
    /// rejects its value (a typed read whose type it is not); unusable answers are passed over,
    /// logged at `error` level and shown by `explain`, so a broken override never hides a good
    /// default. An override that removes the tweak ends the lookup with "not found".
    ///
    /// Without a `trace`, the walk stops at the winner; with one, it asks every layer.
    ///
    /// This is the single evaluation point: when targeting comes, the evaluation context of a
    /// read enters here, where each layer's answer is made.
    func lookUp(
        _ key: TweakKey, override: TweakOverrides.Entry?, log: LogClosure?, check: (Tweak) -> String? = { _ in nil },
        featureVerdict: String? = nil, trace: inout LookupTrace?
    ) -> LookupOutcome {
        var outcome = LookupOutcome()
        var isDecided = false

        /// The answer of a layer that has `tweak`; the first usable one decides the outcome.
        func consider(_ tweak: Tweak, from layer: String) -> TweakExplanation.Answer {
            guard let reason = check(tweak) else {
                if !isDecided {
                    log?("\(key) resolved: \(tweak)", .debug)
                    outcome.tweak = tweak
                    isDecided = true
                }
                return .value(tweak)
            }
            if isDecided { return .rejected(tweak, reason: reason) }
            log?("\(key): \(layer)'s value is passed over: \(reason)", .error)
            if outcome.firstFailure == nil {
                outcome.firstFailure = TweakError.notSupported(
                    feature: key.feature, variable: key.variable, reason: reason)
            }
            return .rejected(tweak, reason: reason)
        }

        switch override {
        case .value(let tweak)?:
            let answer = consider(tweak, from: TweakOverrides.source)
            trace?.record(TweakOverrides.source, answer, wins: isDecided)
        case .removed?:
            isDecided = true
            trace?.record(TweakOverrides.source, .removed, wins: true)
        case nil:
            break
        }

        for provider in tweakProviders {
            if isDecided && trace == nil { break }
            let answer: TweakExplanation.Answer
            do {
                if let found = try provider.tweak(for: key) {
                    answer = consider(
                        found.source == nil ? found.with(source: provider.name) : found, from: provider.name)
                } else if let feature = featureVerdict, provider.isFeatureEnabled(feature) {
                    let verdict = Tweak(
                        feature: feature, variable: key.variable, value: .bool(true), source: provider.name)
                    answer = consider(verdict, from: provider.name)
                } else {
                    log?("\(key) not in \(provider.name)", .verbose)
                    answer = .notFound
                }
            } catch TweakError.notFound {
                answer = .notFound
            } catch {
                log?("\(key): \(provider.name) failed, passed over: \(error)", .error)
                if outcome.firstFailure == nil { outcome.firstFailure = error }
                answer = .failed(String(describing: error))
            }
            // Only the first usable answer wins; later ones are listed in a trace.
            let wins = isDecided && trace?.winningIndex == nil && answer.isUsable
            trace?.record(provider.name, answer, wins: wins)
        }
        if !isDecided { log?("\(key): no provider has a usable value", .debug) }
        return outcome
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
