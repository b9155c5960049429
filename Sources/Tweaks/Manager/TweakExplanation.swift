/// How a ``TweakManager`` resolves one tweak: every layer's answer in priority order (a task-local
/// override, then each provider), which one wins, and whether the cache would answer. Made by
/// ``TweakManager/explain(feature:variable:as:)`` from the same lookup that every read uses.
///
/// Encrypted values are redacted in ``description``.
public struct TweakExplanation: Sendable, CustomStringConvertible {
    /// One layer's answer. Test it with its properties (``tweak``, ``failure``, ``isNotFound``,
    /// ``isRemoved``): kinds of answers may be added later (say, a targeting rule that matched).
    public struct Answer: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: Sendable, Hashable {
            case value(Tweak)
            case notFound
            case failed(String)
            case rejected(Tweak, String)
            case removed
        }

        private let kind: Kind

        /// The layer has the tweak, and its value is used if nothing before it wins.
        package static func value(_ tweak: Tweak) -> Answer { Answer(kind: .value(tweak)) }
        /// The layer does not have the tweak.
        package static let notFound = Answer(kind: .notFound)
        /// The layer has the tweak but failed to produce it; `error` describes why. Passed over.
        package static func failed(_ error: String) -> Answer { Answer(kind: .failed(error)) }
        /// The layer has the tweak, but its value is not of the type asked for (`reason`). Passed over.
        package static func rejected(_ tweak: Tweak, reason: String) -> Answer {
            Answer(kind: .rejected(tweak, reason))
        }
        /// A task-local override removes the tweak: reads answer "not found" (see ``TweakOverrides``).
        package static let removed = Answer(kind: .removed)

        /// The tweak the layer has: a usable one, or one passed over because of its type.
        public var tweak: Tweak? {
            switch kind {
            case .value(let tweak), .rejected(let tweak, _): tweak
            case .notFound, .failed, .removed: nil
            }
        }

        /// Why the layer's answer cannot be used: the layer's error, or why its tweak was passed
        /// over.
        public var failure: String? {
            switch kind {
            case .failed(let text), .rejected(_, let text): text
            case .value, .notFound, .removed: nil
            }
        }

        /// Whether the answer can be used: the layer has the tweak, of a type the read accepts.
        package var isUsable: Bool {
            if case .value = kind { true } else { false }
        }

        /// Whether the layer does not have the tweak.
        public var isNotFound: Bool { kind == .notFound }

        /// Whether a task-local override removes the tweak.
        public var isRemoved: Bool { kind == .removed }

        /// The answer for people, encrypted values redacted: the value, `not found`,
        /// `error: …`, `passed over: …` or `removed (reads answer not found)`.
        public var description: String {
            switch kind {
            case .value(let tweak): tweak.quotedDisplayValue
            case .notFound: "not found"
            case .failed(let error): "error: \(error) (passed over)"
            case .rejected(let tweak, let reason): "\(tweak.quotedDisplayValue) (passed over: \(reason))"
            case .removed: "removed (reads answer not found)"
            }
        }
    }

    /// A layer and its answer.
    public struct ProviderAnswer: Sendable {
        /// The layer's name: a provider's ``TweakProvider/name``, or ``TweakOverrides/source``.
        public let provider: String
        /// What the layer answered.
        public let answer: Answer
        /// Which of the layer's conditional values was chosen for the read's context, when its
        /// tweak has conditional values.
        package let decision: TweakTargetingDecision?
    }

    /// The feature of the explained tweak (the caller's own; shown by ``description``).
    let feature: String
    /// The variable of the explained tweak (the caller's own; shown by ``description``).
    let variable: String
    /// Every layer's answer, highest priority first.
    public let answers: [ProviderAnswer]
    /// The index in ``answers`` of the answer a read returns: the first usable value, or a
    /// removing override. `nil` when no layer has a usable answer.
    package let winningIndex: Int?
    /// Whether the manager's cache (of the calling thread) holds an answer for this tweak, so
    /// that the next lookup there is served from it.
    package let isCached: Bool

    /// The winning layer's answer, if any.
    public var winner: ProviderAnswer? { winningIndex.map { answers[$0] } }

    /// Set by typed explanations (``TweakManager/explain(feature:variable:as:)``) when a value
    /// was passed over because it cannot be read as the expected type: the first such reason.
    package var typeMismatch: String? {
        answers.lazy.compactMap { $0.answer.tweak != nil ? $0.answer.failure : nil }.first
    }

    /// `feature.variable`, then one line per layer with its answer, the winner marked `→`.
    public var description: String { lines.joined(separator: "\n") }

    /// ``description``'s lines, each made of the explanation's own fields: `feature.variable`,
    /// then one line per layer with its answer and the decision of its conditional values, the
    /// winner marked `→`. The `tweak` tool prints these one by one rather than splitting
    /// ``description``: a condition name, a percent seed or a name may hold a line break of its
    /// own, which must stay inside its line (the tool escapes it) instead of starting one.
    package var lines: [String] {
        var lines = ["\(feature).\(variable)\(isCached ? " (cached)" : "")"]
        for (index, layer) in answers.enumerated() {
            let marker = index == winningIndex ? "→" : " "
            let decided = layer.decision.map { " — \($0)" } ?? ""
            lines.append("\(marker) \(index + 1). \(layer.provider): \(layer.answer)\(decided)")
        }
        if winningIndex == nil {
            let hasTweak = answers.contains { $0.answer.failure != nil }
            lines.append(hasTweak ? "  no usable value in any provider" : "  not found in any provider")
        }
        return lines
    }
}

extension TweakManager {
    /// Asks every layer for the tweak, without the cache, and reports what each answered and
    /// which answer a read returns; inside a ``TweakOverrides`` scope that overrides the tweak,
    /// the override comes first. With `type`, it explains a typed read: values that do not read
    /// as `type` are shown as passed over, as the read passes them over.
    ///
    /// Without a type, for the `enabled` variable it explains ``isFeatureEnabled(_:)``: values
    /// that are not Booleans are passed over, and providers' own verdicts are shown.
    public func explain<Value: TweakValueConvertible>(
        feature: String, variable: String, as type: Value.Type = TweakValue.self
    ) -> TweakExplanation {
        guard Value.self != TweakValue.self else {
            let kind: ReadKind = variable == Self.featureEnabledVariable ? .featureFlag : .value
            return explanation(of: TweakKey(feature: feature, variable: variable), kind: kind) { _ in nil }
        }
        return explain(feature: feature, variable: variable, codec: TweakValueCodec<Value>.convertible)
    }

    func explain<Value>(feature: String, variable: String, codec: TweakValueCodec<Value>) -> TweakExplanation {
        explanation(of: TweakKey(feature: feature, variable: variable)) { tweak in
            do {
                _ = try codec.decode(tweak.value)
                return nil
            } catch {
                return self.typeMismatch(tweak, error, as: Value.self).reason
            }
        }
    }

    private func explanation(
        of key: TweakKey, kind: ReadKind = .value, check: (Tweak) -> String?
    ) -> TweakExplanation {
        let decision = decision(of: key, kind: kind, check: check, purpose: .explanation)
        return TweakExplanation(
            feature: key.feature, variable: key.variable, answers: decision.answers ?? [],
            winningIndex: decision.winningIndex,
            isCached: ThreadLocalCaches.current.hasAnswer(for: key, of: self))
    }
}
