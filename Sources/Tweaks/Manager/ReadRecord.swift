/// One read as its ``TweakEvaluation`` and its ``TweakHookContext`` show it: the tweak read, for
/// which context and with which hints, by a manager with which schema, and what it decided.
///
/// A hooked read's context and evaluation share one record, so a stage is handed one reference,
/// and nothing is copied or destroyed per stage. The thread keeps the record of its last hooked
/// read or ``TweakManager/evaluate(feature:variable:)`` (``ThreadLocalCaches/spareRecord``),
/// and the next one reuses it when nothing kept it: fields that did not change (the schema, the
/// context) are not assigned again, so a repeated read retains and releases none of them.
///
/// A record is copied on write: it is changed only through a reference known to be unique
/// (``TweakHookContext`` checks before each change), like the standard library's collections.
final class ReadRecord: @unchecked Sendable {
    // Safe: every field is `Sendable`, and a field is changed only by the read that holds the one
    // reference to the record (checked with `isKnownUniquelyReferenced`, which orders the change
    // after every access through a released reference, as for `Array`). A record that a hook or
    // a caller kept is shared, and never changed again. For the same reason the fields need no
    // runtime exclusivity checks: no two accesses to a record overlap while one of them writes.

    /// The tweak read.
    @exclusivity(unchecked) var key: TweakKey
    /// The schema of the reading manager, which declares the tweak's type and names its layers.
    @exclusivity(unchecked) var schema: TweakSchema
    /// Whether the read is ``TweakManager/isFeatureEnabled(_:)``.
    @exclusivity(unchecked) var isFeatureFlag: Bool
    /// The read's context: before the evaluation, as the `before` hooks extend it; then the one it
    /// used.
    @exclusivity(unchecked) var readContext: ReadContext
    /// The hints given with the read (``TweakManager/with(hooks:hints:)``); `nil` when none.
    @exclusivity(unchecked) var hints: [String: TweakValue]?
    /// What the read decided; empty until it did (a reused record: the previous read's, which no
    /// stage before the evaluation sees).
    @exclusivity(unchecked) private(set) var report = LookupReport()
    /// The read's context when conditional values decided the answer (for
    /// ``TweakEvaluation/microPercentiles``), else `nil`.
    @exclusivity(unchecked) private(set) var decisionContext: TweakContext?

    /// Whether layers had the tweak but none could give a usable value (an error evaluation).
    var failed: Bool { report.tweak == nil && report.cachedFlag == nil && report.firstFailure != nil }
    /// Whether no layer has the tweak (or a task-local override removes it): OpenFeature's
    /// `FLAG_NOT_FOUND`, an error evaluation for hooks.
    var isNotFound: Bool { report.tweak == nil && report.cachedFlag == nil && report.firstFailure == nil }

    /// The record of a read of `key` for `readContext` by a manager whose schema is `schema`.
    init(
        key: TweakKey, schema: TweakSchema, readContext: ReadContext, isFeatureFlag: Bool = false,
        hints: [String: TweakValue]? = nil
    ) {
        self.key = key
        self.schema = schema
        self.readContext = readContext
        self.isFeatureFlag = isFeatureFlag
        self.hints = hints
    }

    /// A record with this one's fields, to be changed instead of this shared one.
    func copy() -> ReadRecord {
        let copy = ReadRecord(
            key: key, schema: schema, readContext: readContext, isFeatureFlag: isFeatureFlag, hints: hints)
        copy.report = report
        copy.decisionContext = decisionContext
        return copy
    }

    /// The record of a read of `key` by a manager whose own context is `boundContext` (`nil`: not
    /// contextual), with `hints`; its schema and ambient context are those of `cache`'s settings.
    ///
    /// The record is `spare` (the thread's last one) when nothing else references it, else a new
    /// one. The arguments are borrowed and the settings read field by field (a copy of them would
    /// retain each field), and a reused record's fields are assigned only when they differ: a read
    /// like the last one retains and releases none of them.
    @inline(__always)
    static func make(
        reusing spare: consuming ReadRecord?, key: borrowing TweakKey, isFeatureFlag: Bool,
        boundContext: borrowing TweakContext?, cache: TweakCache, hints: borrowing [String: TweakValue]?
    ) -> ReadRecord {
        var spare = spare
        // Moved out of the optional, not copied: a copy would make it shared.
        guard isKnownUniquelyReferenced(&spare), let record = spare.take() else {
            return ReadRecord(
                key: copy key, schema: cache.settings.schema,
                readContext: ReadContext(bound: copy boundContext, ambient: cache.settings.context),
                isFeatureFlag: isFeatureFlag, hints: copy hints)
        }
        if record.key != key { record.key = copy key }
        if record.schema !== cache.settings.schema { record.schema = cache.settings.schema }
        if !record.readContext.isIdentical(bound: boundContext, ambient: cache.settings.context) {
            record.readContext = ReadContext(bound: copy boundContext, ambient: cache.settings.context)
        }
        if record.hints != nil || hints != nil { record.hints = copy hints }
        record.isFeatureFlag = isFeatureFlag
        return record
    }

    /// Records a cached answer: `tweak` from the layer at `layer`, or a feature flag's `flag`.
    /// Each field is assigned only when it differs, so that the same answer as the last read's
    /// is neither retained nor released.
    func recordCachedAnswer(_ tweak: Tweak?, layer: Int?, flag: Bool?) {
        switch (report.tweak, tweak) {
        case (let recorded?, let tweak?) where recorded.isIdentical(to: tweak): break
        case (nil, nil): break
        default: report.tweak = tweak
        }
        report.layer = layer
        report.cachedFlag = flag
        if report.passedOver != nil { report.passedOver = nil }
        if report.decided != nil { report.decided = nil }
        if decisionContext != nil { decisionContext = nil }
    }

    /// Records what the read decided (`report`), for the context it used.
    func recordDecision(_ report: consuming LookupReport) {
        if report.decided != nil {
            decisionContext = readContext.value
        } else if decisionContext != nil {
            decisionContext = nil
        }
        self.report = report
    }
}
