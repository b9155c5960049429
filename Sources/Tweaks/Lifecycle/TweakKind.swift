/// What a tweak is for, which says how long it is expected to live: the `Kind` of a tweaks file
/// entry (`"release"`, `"experiment"`, `"operational"` or `"permission"`).
///
/// The kinds and lifetimes follow Pete Hodgson's taxonomy of feature toggles and Unleash's flag
/// types: a release toggle or an experiment is temporary and expected gone 40 days after it was
/// created (Unleash's `lifetimeDays` for both); an operational toggle (a kill switch, a load
/// shedder) and a permission toggle (a plan, a role) are long-lived and never go stale by age.
/// Unleash's own "operational" type lasts 7 days because it is a rollout aid, with kill switches a
/// separate permanent type; Tweaks keeps kill switches under operational, so operational has no
/// expected lifetime.
///
/// A struct rather than an enum, so that later versions can add kinds without breaking callers:
/// compare with `==` or match in a `switch` with a `default:`.
public struct TweakKind: Sendable, Hashable, CustomStringConvertible {
    private enum Code: String, Sendable, Hashable, CaseIterable {
        case release, experiment, operational, permission
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// A release toggle: hides work in progress until it ships; expected gone after 40 days.
    public static let release = TweakKind(.release)
    /// An experiment (an A/B test): expected gone after 40 days, when the result is in.
    public static let experiment = TweakKind(.experiment)
    /// An operational toggle (a kill switch, a load shedder): long-lived, no expected lifetime.
    public static let operational = TweakKind(.operational)
    /// A permission toggle (a plan, a role, an internal build): long-lived, no expected lifetime.
    public static let permission = TweakKind(.permission)

    /// Every kind this version knows, in the order above.
    package static let allKinds = Code.allCases.map(TweakKind.init)

    /// The kind written `name` in a tweaks file, or `nil` when there is none of that name.
    package init?(name: String) {
        guard let code = Code(rawValue: name) else { return nil }
        self.code = code
    }

    /// The name written in a tweaks file, e.g. `release`.
    package var name: String { code.rawValue }

    /// How many days after its `Created` date a tweak of this kind is expected to be removed, or
    /// `nil` for long-lived kinds.
    package var expectedLifetimeDays: Int? {
        switch code {
        case .release, .experiment: 40
        case .operational, .permission: nil
        }
    }

    /// The kind's name, e.g. `release`.
    public var description: String { name }
}
