/// Who or what a read is for: the input of targeting conditions.
///
/// A context holds a **randomization id**, the stable identifier that percent conditions hash (an
/// install id, a user id), and **attributes** (Firebase's *custom signals*): strings, numbers and
/// Booleans that custom-signal conditions compare, such as `"app_version": "5.12.1"` or
/// `"country": "JP"`.
///
/// ```swift
/// let context = TweakContext(randomizationID: userID, attributes: ["app_version": "5.12.1", "beta": true])
/// let enabled = try manager.reading(for: context).tweakWith(feature: "checkout", variable: "enabled")
/// ```
///
/// Without a context, conditions that need one (percent and custom-signal conditions) are false,
/// so a read answers with the tweak's plain `Value`. A context computes the micro-percentile of
/// each percent seed once and keeps it: reuse a context for the reads of one user or request.
public struct TweakContext: Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier percent conditions hash; `nil` makes every percent condition false.
    public var randomizationID: String? {
        get { storage.randomizationID }
        set { storage = Storage(randomizationID: newValue, attributes: storage.attributes) }
    }

    /// The attributes (custom signals) custom-signal conditions compare, by name.
    public var attributes: [String: Value] {
        get { storage.attributes }
        set { storage = Storage(randomizationID: storage.randomizationID, attributes: newValue) }
    }

    /// The fields and the micro-percentiles computed for them, shared by copies of the context:
    /// a copy that changes a field gets a fresh storage, so the cache always matches the id.
    private final class Storage: Sendable {
        let randomizationID: String?
        let attributes: [String: Value]
        /// The micro-percentile of `randomizationID` for each seed asked so far.
        let microPercentiles = Locked<[String: UInt32]>([:])

        init(randomizationID: String?, attributes: [String: Value]) {
            self.randomizationID = randomizationID
            self.attributes = attributes
        }
    }

    private var storage: Storage

    /// A context with a randomization id and attributes.
    public init(randomizationID: String? = nil, attributes: [String: Value] = [:]) {
        storage = Storage(randomizationID: randomizationID, attributes: attributes)
    }

    /// The attribute named `name`.
    package subscript(name: String) -> Value? {
        get { storage.attributes[name] }
        set { attributes[name] = newValue }
    }

    /// Where the randomization id falls for a percent condition seeded with `seed`, in millionths
    /// of a percent (`0..<100_000_000`), exactly as Firebase Remote Config computes it; `nil`
    /// without a randomization id. Computed once per seed for a context.
    package func microPercentile(seed: String) -> UInt32? {
        guard let id = storage.randomizationID else { return nil }
        if let known = storage.microPercentiles.withLock({ $0[seed] }) { return known }
        let computed = MicroPercentile.of(seed: seed, randomizationID: id)
        storage.microPercentiles.withLock { $0[seed] = computed }
        return computed
    }

    /// The seeds whose micro-percentile this context has computed, sorted.
    var cachedSeeds: [String] { storage.microPercentiles.withLock { $0.keys.sorted() } }

    /// Whether both contexts are one value, copied: `==` without comparing any field.
    func isIdentical(to other: TweakContext) -> Bool { storage === other.storage }

    /// Whether two contexts have the same randomization id and attributes.
    public static func == (lhs: TweakContext, rhs: TweakContext) -> Bool {
        lhs.isIdentical(to: rhs)
            || (lhs.randomizationID == rhs.randomizationID && lhs.attributes == rhs.attributes)
    }

    /// Hashes the randomization id and attributes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(randomizationID)
        hasher.combine(attributes)
    }

    /// The id and attributes, sorted by name: `randomizationID=u1, app_version=5.12.1`.
    public var description: String {
        var parts: [String] = []
        if let id = randomizationID { parts.append("randomizationID=\(id)") }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) { parts.append("\(name)=\(value)") }
        return parts.isEmpty ? "(empty context)" : parts.joined(separator: ", ")
    }
}
