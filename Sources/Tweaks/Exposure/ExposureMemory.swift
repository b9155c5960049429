/// What a ``TweakExposureLog`` remembers to deduplicate exposures by its policy, bounded: beyond
/// the policy's memory limit, the oldest entry is forgotten (first in, first out).
///
/// A duplicate is found without allocating: the subject holds the strings the read already has.
struct ExposureMemory: Sendable {
    /// Whom and what a remembered exposure was about.
    struct Subject: Sendable, Hashable {
        /// The key's hash mixed with the hash of the id and the variant, made once: finding a
        /// duplicate hashes one word.
        private let hashCode: Int
        let randomizationID: String?
        let key: TweakKey
        /// The variant for ``TweakExposurePolicy/oncePerVariant``; `nil` for value changes.
        let variant: String?

        init(randomizationID: String?, key: TweakKey, variant: String?) {
            self.randomizationID = randomizationID
            self.key = key
            self.variant = variant
            // Not symmetric (as `^` would be), so that swapping names between the key and the
            // id and variant does not make a collision.
            hashCode =
                key.hashCode &* 0x5BD1_E995
                &+ TweakKey.hashOfNames(feature: randomizationID ?? "", variable: variant ?? "")
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hashCode)
        }
    }

    /// What a subject last saw (``TweakExposurePolicy/oncePerValueChange``).
    struct Seen: Sendable, Hashable {
        let value: TweakValue
        let variant: String
    }

    let policy: TweakExposurePolicy
    private var seen: [Subject: Seen] = [:]
    /// The subjects in the order they were first remembered, as a ring of `policy.memoryLimit`.
    private var order: [Subject] = []
    private var oldest = 0

    init(policy: TweakExposurePolicy) {
        self.policy = policy
    }

    /// Whether an exposure of `variant` with `value` is recorded; remembers it when it is.
    mutating func admits(key: TweakKey, value: TweakValue, variant: String, randomizationID: String?) -> Bool {
        let subject: Subject
        switch policy.rule {
        case .everyRead:
            return true
        case .oncePerVariant:
            subject = Subject(randomizationID: randomizationID, key: key, variant: variant)
            guard seen[subject] == nil else { return false }
        case .oncePerValueChange:
            subject = Subject(randomizationID: randomizationID, key: key, variant: nil)
            if let last = seen[subject] {
                guard last.value != value || last.variant != variant else { return false }
                seen[subject] = Seen(value: value, variant: variant)
                return true
            }
        }
        remember(subject, Seen(value: value, variant: variant))
        return true
    }

    /// Forgets everything.
    mutating func reset() {
        seen.removeAll()
        order.removeAll()
        oldest = 0
    }

    /// How many subjects are remembered.
    var count: Int { seen.count }

    private mutating func remember(_ subject: Subject, _ value: Seen) {
        if order.count < policy.memoryLimit {
            order.append(subject)
        } else {
            seen[order[oldest]] = nil
            order[oldest] = subject
            oldest = (oldest + 1) % order.count
        }
        seen[subject] = value
    }
}
