/// What a manager view adds to each of its reads (``TweakManager/with(hooks:hints:)``,
/// ``TweakManager/withoutExposures()``).
struct ReadOptions: Sendable {
    /// Hooks for the view's reads, run after the manager's `before` hooks and before its others.
    var hooks: [RegisteredHook] = []
    /// OpenFeature's hook hints, handed to every hook of the view's reads; `nil` when there are
    /// none (a read then copies no dictionary).
    var hints: [String: TweakValue]?
    /// Whether the view's reads record exposures; `false` for a debug menu or a prefetch.
    var recordsExposures = true

    /// Whether the options change nothing.
    var isEmpty: Bool { hooks.isEmpty && hints == nil && recordsExposures }

    /// The observation flag of a view with options: always set, so that its reads take the
    /// observed path. Lives as long as the process.
    static let alwaysObserved = AtomicCounter(1)
}
