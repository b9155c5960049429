/// Which reads of a tweak a ``TweakExposureLog`` records. A struct over a private rule, so that
/// later versions can add policies without breaking callers.
public struct TweakExposurePolicy: Sendable, Hashable, CustomStringConvertible {
    enum Rule: Sendable, Hashable {
        case everyRead, oncePerVariant, oncePerValueChange
    }

    let rule: Rule
    /// How many reads (or subjects) the log remembers to deduplicate; the oldest is forgotten
    /// beyond it, so a forgotten one is recorded again. At least 1.
    package let memoryLimit: Int

    /// Every read decided by targeting is recorded (duplicates included).
    public static let everyRead = TweakExposurePolicy(rule: .everyRead, memoryLimit: 1)

    /// Once per (randomization id, tweak, variant) — GrowthBook's and Statsig's rule: each user's
    /// first read of a variant; the default.
    public static let oncePerVariant = oncePerVariant(memoryLimit: 10_000)

    /// Once per (randomization id, tweak, variant), remembering at most `memoryLimit` of them.
    public static func oncePerVariant(memoryLimit: Int) -> TweakExposurePolicy {
        TweakExposurePolicy(rule: .oncePerVariant, memoryLimit: max(1, memoryLimit))
    }

    /// Once per change of a user's value or variant of a tweak — GrowthBook's `onFeatureUsage`:
    /// a read is recorded when the previous recorded read of the tweak for the same randomization
    /// id had another value or variant.
    public static let oncePerValueChange = oncePerValueChange(memoryLimit: 10_000)

    /// Once per change of value, remembering at most `memoryLimit` (randomization id, tweak) pairs.
    public static func oncePerValueChange(memoryLimit: Int) -> TweakExposurePolicy {
        TweakExposurePolicy(rule: .oncePerValueChange, memoryLimit: max(1, memoryLimit))
    }

    /// `every read`, `once per variant` or `once per value change`.
    public var description: String {
        switch rule {
        case .everyRead: "every read"
        case .oncePerVariant: "once per variant"
        case .oncePerValueChange: "once per value change"
        }
    }
}
