import Foundation
import Tweaks

/// Turns invalidation events into fetches: one fetch and activation after a random delay, shared
/// by every event that arrives before it starts; an event during a fetch gets one more fetch after
/// it; an event with the version of the latest successful fetch is skipped (a duplicate). Any
/// other version is fetched, lower ones too: a publisher that restarts its numbering, or one
/// event with a huge version, must never make later events look old.
final class RemoteInvalidationScheduler: Sendable {
    private struct State: Sendable {
        weak var provider: RemoteTweakProvider?
        /// The version the latest successful fetch covered.
        var fetchedVersion: UInt64?
        /// The newest version announced since the fetch was scheduled (`nil`: none, or unversioned).
        var wantedVersion: UInt64?
        /// The version the running fetch covers when it succeeds; `nil` while none runs or when the
        /// events behind it had no version.
        var runningVersion: UInt64?
        var isRunning = false
        var needsAnotherFetch = false
        var task: Task<Void, Never>?
    }

    private let state: Locked<State>
    private let fetchDelay: ClosedRange<Double>

    init(provider: RemoteTweakProvider, fetchDelay: ClosedRange<Double>) {
        state = Locked(State(provider: provider))
        self.fetchDelay = fetchDelay
    }

    /// The configuration changed (to `version`, when the event said): fetch once soon. Returns
    /// whether the event needs a fetch (`false`: the latest successful fetch, or the running one,
    /// was for that very version).
    @discardableResult
    func invalidate(version: UInt64?) -> Bool {
        state.withLock { state -> Bool in
            if let version, version == state.fetchedVersion { return false }
            if state.isRunning {
                // The running fetch started after `version` was announced: it gets that version.
                if let version, version == state.runningVersion { return false }
                state.needsAnotherFetch = true
            }
            state.wantedVersion = Self.newer(state.wantedVersion, version)
            // Otherwise merged into the fetch already scheduled.
            if state.task == nil { state.task = Task { [self] in await run() } }
            return true
        }
    }

    /// Cancels the scheduled or running fetch.
    func cancel() {
        state.withLock { state in
            defer { state.task = nil }
            return state.task
        }?.cancel()
    }

    private static func newer(_ a: UInt64?, _ b: UInt64?) -> UInt64? {
        guard let a, let b else { return a ?? b }
        return max(a, b)
    }

    private func run() async {
        while !Task.isCancelled {
            let delay = Double.random(
                in: Seconds.clamped(fetchDelay.lowerBound)...Seconds.clamped(fetchDelay.upperBound))
            if delay > 0 { await Seconds.sleep(delay) }
            let provider = state.withLock { state -> RemoteTweakProvider? in
                state.isRunning = true
                state.runningVersion = state.wantedVersion
                state.wantedVersion = nil
                return state.provider
            }
            guard let provider, !Task.isCancelled else { break }
            provider.markStale()
            var status = await provider.fetchAndActivate().status
            // Backing off after failures: the event is not forgotten, it is fetched when the wait ends.
            while !status.isSuccess, !Task.isCancelled, let until = provider.throttledUntil {
                await Seconds.sleep(max(until.timeIntervalSince(provider.clock()), 0.01))
                status = await provider.fetchAndActivate().status
            }
            let again = state.withLock { state -> Bool in
                state.isRunning = false
                if status.isSuccess { state.fetchedVersion = state.runningVersion }
                state.runningVersion = nil
                guard state.needsAnotherFetch, !Task.isCancelled else {
                    state.task = nil
                    return false
                }
                state.needsAnotherFetch = false
                return true
            }
            if !again { return }
        }
        state.withLock { state in
            state.isRunning = false
            state.task = nil
        }
    }
}
