import Foundation

/// Checks `condition` every 20 ms until it holds, at most `checks` times (30 s on an idle machine
/// by default); returns whether it held.
///
/// The wait is counted in checks, not in seconds: on a loaded machine (CI has two cores) this task
/// can go unscheduled for seconds, and time in which it did not run must not count against what it
/// waits for. A passing test never waits for the bound. It runs on the caller's actor: a main-actor
/// caller checks main-actor state, which the actor updates between checks.
public func eventually(
    checks: Int = 1_500, isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    for _ in 0..<checks {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return try await condition()
}
