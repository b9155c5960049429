public import Testing

/// A trait for tests that keep a core busy for seconds (scale, distribution and hostile-input tests
/// in a debug build): at most one such test case runs at a time, on a thread of its own.
///
/// Swift concurrency runs every test's tasks on one thread per core. Several of these tests at
/// once took every core for half a minute, and the tests that wait for a server, a timer or a
/// stream's reconnection meanwhile timed out. Waiting for the gate suspends, so a queued heavy test
/// holds no thread, and the one that runs runs on a thread of its own
/// (``ThreadPoolExecutor/cpuHeavy``, where the runtime has task executors: macOS 15, iOS 18 and
/// Linux).
///
/// ```swift
/// @Suite(.cpuHeavy) struct ManyConditionsTests { … }
/// ```
public struct CPUHeavyTrait: TestTrait, SuiteTrait, TestScoping {
    /// On a suite, the gate applies to each of its test cases.
    public var isRecursive: Bool { true }

    /// Runs `function` once no other heavy test case runs.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await CPUHeavyGate.shared.enter()
        do {
            try await TestThreads.cpuHeavy.run(function)
        } catch {
            await CPUHeavyGate.shared.leave()
            throw error
        }
        await CPUHeavyGate.shared.leave()
    }
}

extension Trait where Self == CPUHeavyTrait {
    /// The test (or each test of the suite) runs alone among the CPU-heavy tests.
    public static var cpuHeavy: Self { Self() }
}

/// One heavy test case at a time, first come first served.
private actor CPUHeavyGate {
    static let shared = CPUHeavyGate()

    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard isBusy else {
            isBusy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            isBusy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
