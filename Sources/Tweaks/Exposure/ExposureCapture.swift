/// The exposures of one task, captured for a test (`TweaksTesting`'s `withCapturedExposures`):
/// every exposure a read in the task records, deduplicated by the manager's policy in memory of
/// its own, so that tests running at once never see each other's exposures.
package final class ExposureCapture: Sendable {
    /// The capture of the current task.
    @TaskLocal package static var active: ExposureCapture?

    private let state = Locked<(exposures: [TweakExposure], memory: ExposureMemory?)>(([], nil))

    package init() {}

    /// The exposures captured, in order.
    package var exposures: [TweakExposure] { state.withLock { $0.exposures } }

    /// Captures `exposure` when `policy` admits it (in this capture's memory).
    func offer(_ exposure: TweakExposure, policy: TweakExposurePolicy) {
        state.withLock { state in
            var memory = state.memory.flatMap { $0.policy == policy ? $0 : nil } ?? ExposureMemory(policy: policy)
            let admits = memory.admits(
                key: exposure.key, value: exposure.value, variant: exposure.variant,
                randomizationID: exposure.randomizationID)
            state.memory = memory
            // Bounded like the memory: a runaway test keeps its first exposures.
            if admits, state.exposures.count < 100_000 { state.exposures.append(exposure) }
        }
    }
}
