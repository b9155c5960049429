/// Who observes a manager's reads: its hooks and its exposure log. Immutable: a change makes a
/// new one, copied into every thread's cache settings (``TweakCache/Settings/observation``), so
/// that an observed read finds it without a lock.
final class ReadObservation: Sendable {
    /// The manager's hooks, in registration order.
    let hooks: [RegisteredHook]
    /// Where exposures are recorded; `nil`: none are.
    let exposureLog: TweakExposureLog?

    init(hooks: [RegisteredHook], exposureLog: TweakExposureLog?) {
        self.hooks = hooks
        self.exposureLog = exposureLog
    }

    /// `nil` when nothing observes.
    static func make(hooks: [RegisteredHook], exposureLog: TweakExposureLog?) -> ReadObservation? {
        hooks.isEmpty && exposureLog == nil ? nil : ReadObservation(hooks: hooks, exposureLog: exposureLog)
    }
}
