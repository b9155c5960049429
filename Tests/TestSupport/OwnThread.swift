import Foundation

/// Runs blocking work (waiting for child processes) on a thread of its own, so that it never holds
/// one of the few threads (one per core) that Swift concurrency runs every test's tasks on: a test
/// that blocks them for long starves the tests that wait for a server meanwhile.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
