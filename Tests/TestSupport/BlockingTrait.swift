public import Testing

/// A trait for tests that block a thread for a while (a `tweak` process or the compiler run and
/// waited for): their test cases run on ``ThreadPoolExecutor/blocking``'s threads, where the
/// runtime has task executors (macOS 15, iOS 18 and Linux).
///
/// Run on Swift concurrency's threads (one per core), two of them at once held every thread, and
/// the tests that waited meanwhile for a server, a timer or a stream were not resumed for seconds.
///
/// ```swift
/// @Suite(.blocking) struct ValueCommandTests { … }
/// ```
public struct BlockingTrait: TestTrait, SuiteTrait, TestScoping {
    /// On a suite, it applies to each of its test cases.
    public var isRecursive: Bool { true }

    /// Runs `function` on the blocking tests' threads.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TestThreads.blocking.run(function)
    }
}

extension Trait where Self == BlockingTrait {
    /// The test (or each test of the suite) runs on a thread that only blocking tests use.
    public static var blocking: Self { Self() }
}
