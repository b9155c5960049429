import Tweaks

extension TweakExplanation {
    /// The explanation as the tool prints it, one element per line, each made of one field of the
    /// explanation: `feature.variable`, then one line per layer with its answer and the decision of
    /// its conditional values, the winner marked `→`.
    ///
    /// Built here from the parts rather than by splitting ``description`` at its line breaks: a
    /// condition name, a percent seed or a name may hold a line break of its own, which must stay
    /// inside its line (``Console`` escapes it) instead of starting one.
    var printedLines: [String] {
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
