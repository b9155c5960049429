import Foundation
import Tweaks

/// What a conformance test found: every way the provider breaks the documented contract.
public struct TweakProviderConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The provider's name.
    public let provider: String
    /// One line per broken rule, naming the tweak and what was expected.
    public let violations: [String]

    /// The provider's name and the number of violations, then one line per violation.
    public var description: String {
        "\(provider) breaks the TweakProvider contract in \(violations.count) way(s):\n"
            + violations.map { "- \($0)" }.joined(separator: "\n")
    }
}

/// Collects violations while a conformance test runs.
final class ViolationLog: Sendable {
    private let lines = Locked<[String]>([])

    func record(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Throws the collected violations, if any.
    func throwIfAny(provider: String) throws(TweakProviderConformanceFailure) {
        let violations = lines.withLock { $0 }
        guard violations.isEmpty else {
            throw TweakProviderConformanceFailure(provider: provider, violations: violations)
        }
    }
}
