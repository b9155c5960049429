import Foundation

/// A task executor with threads of its own, outside the few threads (one per core) that Swift
/// concurrency runs every test's tasks on; tests that block or keep a core busy for seconds run
/// here (see ``BlockingTrait`` and ``CPUHeavyTrait``).
///
/// With two cores, two tests that blocked (each waiting for a `tweak` process it started) held
/// both of Swift concurrency's threads, and a test waiting meanwhile for a server to send was not
/// resumed for ten seconds and more.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ThreadPoolExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs`, the only mutable state, is touched only with `condition` locked.

    /// The threads of the tests that block, waiting for a process or a file.
    static let blocking = ThreadPoolExecutor(name: "Blocking tests", threads: 4)

    /// The thread of the CPU-heavy tests, which run one at a time.
    static let cpuHeavy = ThreadPoolExecutor(name: "CPU-heavy tests", threads: 1)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts `threads` threads named `name` that run for the whole process.
    private init(name: String, threads: Int) {
        for _ in 0..<threads {
            let thread = Thread { [self] in runJobs() }
            thread.name = name
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The threads a test runs on instead of Swift concurrency's: one of ``ThreadPoolExecutor``'s pools.
enum TestThreads {
    /// ``ThreadPoolExecutor/blocking``.
    case blocking
    /// ``ThreadPoolExecutor/cpuHeavy``.
    case cpuHeavy

    /// Runs `function` on these threads where the runtime has task executors (macOS 15, iOS 18
    /// and Linux), and where it is called elsewhere.
    func run(_ function: @Sendable () async throws -> Void) async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return try await function() }
        let executor = self == .blocking ? ThreadPoolExecutor.blocking : ThreadPoolExecutor.cpuHeavy
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}
