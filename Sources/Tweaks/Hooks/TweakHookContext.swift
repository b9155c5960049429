/// What a hook is told about the read it runs around (OpenFeature's hook context): immutable,
/// except that each `before` stage sees the context as the earlier ones extended it.
public struct TweakHookContext: Sendable {
    /// The tweak read (OpenFeature's flag key).
    public var key: TweakKey { record.key }
    /// The type the manager's schema declares for the tweak; `nil` when undeclared. A feature
    /// flag read (``TweakManager/isFeatureEnabled(_:)``) asks for ``TweakType/bool``.
    public var declaredType: TweakType? { record.isFeatureFlag ? .bool : record.schema.type(of: record.key) }
    /// Whether the read is ``TweakManager/isFeatureEnabled(_:)``.
    public var isFeatureFlag: Bool { record.isFeatureFlag }
    /// The read's context (OpenFeature's evaluation context): in `before`, with the additions of
    /// the earlier `before` stages; in the later stages, the context the evaluation used.
    public internal(set) var context: TweakContext? {
        get { record.readContext.value }
        set {
            makeRecordUnique()
            record.readContext = ReadContext(own: newValue)
        }
    }
    /// The hints given with the read (``TweakManager/with(hooks:hints:)``), the same for every
    /// hook and stage.
    public var hints: [String: TweakValue] { record.hints ?? [:] }
    /// The read, shared with its ``evaluation``: its key and schema (where ``declaredType`` is
    /// looked up, and the providers' names) from the start, and what it decided once it ran.
    private(set) var record: ReadRecord

    /// The hook context of `record`'s read.
    init(_ record: ReadRecord) {
        self.record = record
    }

    /// The read's evaluation: what it decided, for the `after` and `finally` stages.
    var evaluation: TweakEvaluation { TweakEvaluation(record) }

    /// Records what the evaluation decided (`outcome`), for the context it used.
    mutating func recordDecision(of outcome: borrowing LookupOutcome) {
        makeRecordUnique()
        outcome.record(in: record)
    }

    /// The record, moved out when the read is over (for the thread's next read to reuse).
    consuming func finish() -> ReadRecord { record }

    /// Copies the record before a change when a hook kept this context (copy on write).
    private mutating func makeRecordUnique() {
        if !isKnownUniquelyReferenced(&record) { record = record.copy() }
    }

    /// The names of the manager's providers in priority order (OpenFeature's provider metadata).
    public var providerNames: [String] { record.schema.providerNames }
}
