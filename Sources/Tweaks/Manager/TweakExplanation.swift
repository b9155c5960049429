/// How a ``TweakManager`` resolves one tweak: every provider's answer in priority order, which
/// one wins, and whether the cache would answer. Made by ``TweakManager/explain(feature:variable:)``.
///
/// Encrypted values are redacted in ``description``.
public struct TweakExplanation: Sendable, CustomStringConvertible {
    /// One provider's answer.
    public enum Answer: Sendable {
        /// The provider has the tweak.
        case value(Tweak)
        /// The provider does not have the tweak.
        case notFound
        /// The provider has the tweak but failed to produce it; the text is the error.
        case error(String)
        /// A task-local override removes the tweak: reads answer "not found" (see ``TweakOverrides``).
        case removed
    }

    /// A provider and its answer.
    public struct ProviderAnswer: Sendable {
        /// The provider's ``TweakProvider/name``.
        public let provider: String
        /// What the provider answered.
        public let answer: Answer
    }

    /// The feature of the explained tweak.
    public let feature: String
    /// The variable of the explained tweak.
    public let variable: String
    /// Every provider's answer, highest priority first.
    public let answers: [ProviderAnswer]
    /// The index in ``answers`` of the answer a lookup returns (the first value or error);
    /// `nil` when no provider has the tweak.
    public let winningIndex: Int?
    /// Whether the manager's cache (of the calling thread) holds an answer for this tweak, so
    /// that the next lookup there is served from it.
    public let isCached: Bool
    /// Set by typed explanations (``TweakManager/explain(feature:variable:as:)``) when the winning
    /// value cannot be read as the expected type: the reason, which is also logged.
    public let typeMismatch: String?

    /// The winning provider's answer, if any.
    public var winner: ProviderAnswer? { winningIndex.map { answers[$0] } }

    /// `feature.variable`, then one line per provider with its answer, the winner marked `→`.
    public var description: String {
        var lines = ["\(feature).\(variable)\(isCached ? " (cached)" : "")"]
        for (index, providerAnswer) in answers.enumerated() {
            let marker = index == winningIndex ? "→" : " "
            let text: String
            switch providerAnswer.answer {
            case .value(let tweak): text = tweak.displayValue
            case .notFound: text = "not found"
            case .error(let error): text = "error: \(error)"
            case .removed: text = "removed (reads answer not found)"
            }
            lines.append("\(marker) \(index + 1). \(providerAnswer.provider): \(text)")
        }
        if winningIndex == nil { lines.append("  not found in any provider") }
        if let typeMismatch { lines.append("  type mismatch: \(typeMismatch)") }
        return lines.joined(separator: "\n")
    }
}

extension TweakManager {
    /// Asks every provider for the tweak, without the cache, and reports what each answered;
    /// inside a ``TweakOverrides`` scope that overrides the tweak, the override comes first.
    public func explain(feature: String, variable: String) -> TweakExplanation {
        explanation(of: TweakKey(feature: feature, variable: variable), typeMismatch: { _ in nil })
    }

    /// Like ``explain(feature:variable:)``, and also checks that the winning value reads as `type`.
    public func explain<Value: TweakValueConvertible>(
        feature: String, variable: String, as type: Value.Type
    ) -> TweakExplanation {
        explain(feature: feature, variable: variable, codec: TweakValueCodec<Value>.convertible)
    }

    func explain<Value>(feature: String, variable: String, codec: TweakValueCodec<Value>) -> TweakExplanation {
        explanation(of: TweakKey(feature: feature, variable: variable)) { tweak in
            do {
                _ = try decode(tweak) { try codec.decode($0) }
                return nil
            } catch TweakError.notSupported(_, _, let reason) {
                return reason  // the same reason a typed read logs
            } catch {
                return String(describing: error)
            }
        }
    }

    private func explanation(of key: TweakKey, typeMismatch: (Tweak) -> String?) -> TweakExplanation {
        var answers: [TweakExplanation.ProviderAnswer] = []
        var winningIndex: Int?
        var winningTweak: Tweak?
        if let overrides = TweakOverrides.active, let entry = overrides.entry(for: key, in: self) {
            winningIndex = 0
            winningTweak = overriddenTweak(entry, key: key, overrides: overrides)
            answers.append(.init(provider: TweakOverrides.source, answer: winningTweak.map { .value($0) } ?? .removed))
        }
        for lookup in lookups {
            let answer: TweakExplanation.Answer
            do {
                if let tweak = try lookup.tweak(for: key) {
                    answer = .value(tweak)
                    if winningIndex == nil {
                        winningIndex = answers.count
                        winningTweak = tweak
                    }
                } else {
                    answer = .notFound
                }
            } catch {
                answer = .error(String(describing: error))
                if winningIndex == nil { winningIndex = answers.count }
            }
            answers.append(.init(provider: lookup.name, answer: answer))
        }
        let isCached = threadCache().entry(for: key) != nil
        return TweakExplanation(
            feature: key.feature, variable: key.variable, answers: answers, winningIndex: winningIndex,
            isCached: isCached, typeMismatch: winningTweak.flatMap(typeMismatch))
    }
}
