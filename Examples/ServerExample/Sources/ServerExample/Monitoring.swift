import Foundation
import Tweaks
import TweaksRemote

/// Logs every change of a flag, with the value `manager` now resolves, until the task is
/// cancelled.
///
/// Take `changes` from `manager.changes` before anything can change: the stream starts when it is
/// created.
func logChanges(_ changes: AsyncStream<TweakChange>, of manager: TweakManager) async {
    for await change in changes {
        guard let keys = change.keys else {
            Log.info("changed: everything in \(change.source) may have changed")
            continue
        }
        for key in keys.sorted() {
            if let tweak = try? manager.tweakIfPresent(feature: key.feature, variable: key.variable) {
                Log.info("changed: \(key) = \(tweak.displayValue) (from \(tweak.source ?? "an unnamed layer"))")
            } else {
                Log.info("changed: \(key) is no longer set")
            }
        }
    }
}

/// Fetches the remote document and activates it at once. A failure is logged, and the service
/// goes on with the last good document (or the lower layers).
func refresh(_ remote: RemoteTweakProvider) async {
    let result = await remote.fetchAndActivate(expirationDuration: 0)
    if let error = result.status.error {
        Log.error("remote: fetch failed, keeping the last good values: \(error)")
        return
    }
    switch result.status {
    case .fetchedFromRemote:
        Log.info("remote: activated a new document, \(result.changedKeys.count) tweaks changed")
        for warning in remote.activeWarnings { Log.info("remote: ignored, written for a later Tweaks: \(warning)") }
    default:
        break  // Nothing new; a backoff follows a failure that was logged already.
    }
}

/// Calls ``refresh(_:)`` every `interval` until the task is cancelled.
///
/// `RemoteTweakProvider.startPolling(every:)` does the same without the logging.
func keepRefreshing(_ remote: RemoteTweakProvider, every interval: Duration) async {
    while true {
        do {
            try await Task.sleep(for: interval)
        } catch {
            return  // Cancelled.
        }
        await refresh(remote)
    }
}

/// Logs the problems of the overrides file once each: a hand edit that broke it (the service keeps
/// the file's last good values meanwhile), or a write that failed.
struct OverridesFileHealth {
    /// The layer to watch.
    let overrides: OverridesFileTweakProvider
    /// The problem logged last; `nil` when the file was fine.
    private var reportedProblem: String?

    /// A watch of `overrides`, which starts with no problem reported.
    init(overrides: OverridesFileTweakProvider) {
        self.overrides = overrides
    }

    /// Logs the file's problem if it is new, or that the file is fine again.
    mutating func check() {
        let problem = overrides.lastError.map { "\($0)" }
        guard problem != reportedProblem else { return }
        if let problem {
            Log.error("overrides file: \(problem); keeping its last good values")
        } else {
            Log.info("overrides file: readable again")
        }
        reportedProblem = problem
    }
}
