import Foundation

/// Checks `condition` every 20 ms until it holds; returns whether it held. It gives up only once it
/// has checked at least `checks` times (30 s on an idle machine by default) *and* `hangGuard` has
/// passed (two minutes by default): a hang guard, not a deadline.
///
/// A passing test never waits for the bound, so it can be generous. On a loaded machine (CI has two
/// cores, and other test runs may share them) this task, the server and the client it waits for can
/// all go unscheduled for tens of seconds (a task once started 36 s late): neither the time in which
/// this task did not run (counted checks) nor a stall of the whole machine (the wall-clock guard)
/// must count against what it waits for. It runs on the caller's actor: a main-actor caller checks
/// main-actor state, which the actor updates between checks.
public func eventually(
    checks: Int = 1_500, hangGuard: Double = HangGuard.seconds, isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let guardEnd = Date().addingTimeInterval(hangGuard)
    var checked = 0
    while checked < checks || Date() < guardEnd {
        if try await condition() { return true }
        checked += 1
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return try await condition()
}

/// How long the tests wait for progress (a server's start, a request, a byte, an event, a log line)
/// before they call it a hang: minutes, because a busy machine can stall a process for tens of
/// seconds. A test that passes never waits this long; it only bounds how long a broken one takes
/// to fail.
public enum HangGuard {
    /// Two minutes.
    public static let seconds: Double = 120
}
