/// What one read decided: the one value that every read returns through, and that
/// ``TweakEvaluation``, ``TweakExplanation``, hooks, exposures, the catalog and the editor show.
///
/// The walk of the layers makes it (``TweakManager/walk(_:override:kind:check:log:purpose:)``);
/// a cached read makes one of its cached answer. Nothing else decides.
struct TweakDecision: Sendable {
    /// The answer; `nil` when no layer gives a usable one, or a task-local override removes it.
    var tweak: Tweak?
    /// The index of the layer that decided: `-1` for a task-local override, else the provider's;
    /// `nil` when none did.
    var layer: Int?
    /// How conditional values decided the answer, when they did.
    var targeting: TargetingDecided?
    /// The answers passed over before a layer decided, highest priority first; `nil` (nothing to
    /// destroy) until one is.
    var passedOver: [PassedOver]?
    /// Every layer's answer in priority order, when the read explains itself
    /// (``ReadPurpose/explanation``); `nil` otherwise.
    var answers: [TweakExplanation.ProviderAnswer]?
    /// The index in ``answers`` of the winning answer.
    var winningIndex: Int?
    /// Whether the decision holds for every read of the key: not decided by conditional values
    /// (which depend on the context) nor by a read's own check (a typed read's decoding).
    var isForEveryRead = true

    /// Whether a layer decided: with a usable answer, or an override that removes the tweak.
    var isDecided: Bool { layer != nil }
    /// Whether layers had the tweak but none could give a usable value.
    var failed: Bool { tweak == nil && passedOver != nil }
    /// Whether no layer has the tweak (or a task-local override removes it): OpenFeature's
    /// `FLAG_NOT_FOUND`.
    var isNotFound: Bool { tweak == nil && !failed }
    /// The error of the first answer passed over.
    var firstFailure: (any Error)? { passedOver?.first?.error }
    /// The answer of a feature-flag read: the `enabled` tweak's Boolean value, else `false`.
    var isEnabled: Bool { tweak?.flagValue ?? false }

    /// The tweak; without one, the first failure is thrown (layers had the tweak but none could
    /// give a usable value), else `nil` (no layer has it). The tweak moves out of the decision
    /// (`take()`): a read hands it on without counting another reference.
    consuming func get() throws -> Tweak? {
        if let tweak = tweak.take() { return tweak }
        if let firstFailure { throw firstFailure }
        return nil
    }

    /// The decision, moved out (swapped for an empty one) rather than copied: the walk hands its
    /// decision on, and an observed read returns what its hooks saw, without counting references.
    mutating func take() -> TweakDecision {
        var taken = TweakDecision()
        swap(&taken, &self)
        return taken
    }

    /// Why the read answered as it did, for a manager whose providers are as `schema` says.
    func reason(schema: TweakSchema) -> TweakEvaluation.Reason {
        guard tweak != nil, let layer else { return failed ? .error : .notFound }
        if let reason = targeting?.reason { return reason }
        if layer < 0 || schema.providerIsOverride[layer] { return .override }
        return schema.providerGivesDefaults[layer] ? .declaredDefault : .staticValue
    }

    /// An answer passed over: its layer, why, and the tweak it rejected (none for a failure).
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
}

/// How a layer's conditional values (or flagd rule) decided its answer, and for which context.
struct TargetingDecided: Sendable {
    /// The conditional values.
    let targeting: TweakTargeting
    /// What decided the answer.
    let outcome: TargetingOutcome
    /// The context they were decided for.
    let context: TweakContext?

    /// The deciding branch's condition; `nil` when their default or a flagd rule answered.
    var condition: NamedCondition? {
        if case .branch(let index) = outcome { return targeting.branches[index].condition }
        return nil
    }

    /// The variant that decided: the deciding condition's name, or the flagd variant's.
    var variant: String? {
        switch outcome {
        case .branch(let index): targeting.branches[index].condition.name
        case .defaultValue: nil
        case .flagd(let decision): targeting.flagd?.variantNames[decision.variant]
        }
    }

    /// Why the answer is what it is; `nil` when the default answered (the layer's kind says why).
    var reason: TweakEvaluation.Reason? {
        switch outcome {
        case .branch(let index): targeting.branches[index].condition.reason
        case .defaultValue: nil
        case .flagd(let decision): decision.reason.evaluationReason
        }
    }

    /// Whether the answer is an exposure to a variant: a condition or a flagd targeting chose it
    /// (not a default).
    var isExposure: Bool {
        switch outcome {
        case .branch: true
        case .defaultValue: false
        case .flagd(let decision): decision.reason != .defaultVariant
        }
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

/// Why the layers are walked: a read, or a report of what a read would decide.
enum ReadPurpose {
    /// A read: served from the cache when it can be, logged, its decision cached.
    case read
    /// ``TweakManager/evaluate(feature:variable:)``: what a read decides, without the cache or
    /// the log; the walk stops at the winner.
    case evaluation
    /// ``TweakManager/explain(feature:variable:)`` and the editor: every layer's answer, without
    /// the cache or the log.
    case explanation
}

extension TweakError {
    /// The reason of a ``notSupported(feature:variable:reason:)`` error.
    var reason: String? {
        if case .notSupported(_, _, let reason) = self { reason } else { nil }
    }
}
