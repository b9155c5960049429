import Benchmark
import Configuration
import Foundation
import Synchronization
import TweakAccessorGeneration
import Tweaks
import TweaksRemote

/// Lookups are measured 1,000 at a time (`scalingFactor: .kilo`): figures are per lookup.
/// `TWEAKS_BENCHMARK_SMOKE=1` runs every benchmark a few times only, to prove they build and run.
let benchmarks: @Sendable () -> Void = {
    let smoke = ProcessInfo.processInfo.environment["TWEAKS_BENCHMARK_SMOKE"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: smoke ? .milliseconds(20) : .seconds(2),
        maxIterations: smoke ? 3 : 100_000
    )

    let fixture = Fixture.shared

    // 1. The floor: a plain nested dictionary.
    Benchmark("Baseline: [String: [String: TweakValue]] lookup") { benchmark in
        let table = fixture.dictionary
        for _ in benchmark.scaledIterations { blackHole(table["general"]?["meaning_of_life"]) }
    }

    // 2. tweakWith, cached and uncached.
    Benchmark("tweakWith cached hit") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.cached.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakIfPresent cached miss") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.cached.tweakIfPresent(feature: "general", variable: "no_such_variable"))
        }
    }
    Benchmark("tweakWith uncached, hit in provider 1 of 4") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.uncached.tweakWith(feature: "session", variable: "override"))
        }
    }
    Benchmark("tweakWith uncached, hit in provider 4 of 4 (Int)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.uncached.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakWith uncached, hit in provider 4 of 4 (String)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.uncached.tweakWith(feature: "ui_customization", variable: "label_text"))
        }
    }

    // Targeting: conditional values in provider 4 of 4, decided for a context on every read (such
    // answers are never cached). Compare with "tweakWith uncached, hit in provider 4 of 4 (Int)".
    Benchmark("tweakWith context, custom-signal condition in provider 4 of 4") { benchmark in
        let user = fixture.targeted.reading(for: TweakContext(randomizationID: "user-1", attributes: ["plan": "beta"]))
        for _ in benchmark.scaledIterations {
            blackHole(try user.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakWith context, percent condition in provider 4 of 4 (hash cached in the context)") { benchmark in
        let user = fixture.targeted.reading(for: TweakContext(randomizationID: "user-1"))
        for _ in benchmark.scaledIterations {
            blackHole(try user.tweakWith(feature: "general", variable: "rollout"))
        }
    }
    // flagd targeting of the same shapes, evaluated in process (compare with the two above).
    Benchmark("tweakWith context, flagd targeting (an attribute equals a string) in provider 4 of 4") {
        benchmark in
        let user = fixture.flagd.reading(for: TweakContext(randomizationID: "user-1", attributes: ["plan": "beta"]))
        for _ in benchmark.scaledIterations {
            blackHole(try user.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakWith context, flagd fractional in provider 4 of 4 (MurmurHash3 each read)") { benchmark in
        let user = fixture.flagd.reading(for: TweakContext(randomizationID: "user-1"))
        for _ in benchmark.scaledIterations {
            blackHole(try user.tweakWith(feature: "general", variable: "rollout"))
        }
    }
    Benchmark("A contextual manager per request: reading(for:) then one cached read") { benchmark in
        let context = TweakContext(randomizationID: "user-1")
        for _ in benchmark.scaledIterations {
            blackHole(
                try fixture.cached.reading(for: context).tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakWith context, percent condition in provider 4 of 4, a new context each read (one SHA-256)") {
        benchmark in
        for index in benchmark.scaledIterations {
            let user = fixture.targeted.reading(for: TweakContext(randomizationID: "user-\(index)"))
            blackHole(try user.tweakWith(feature: "general", variable: "rollout"))
        }
    }

    // 3. The conveniences on top of a cached lookup.
    Benchmark("isFeatureEnabled cached") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(fixture.cached.isFeatureEnabled("general")) }
    }
    Benchmark("isFeatureEnabled uncached (enabled in provider 4 of 4)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(fixture.uncached.isFeatureEnabled("general")) }
    }
    Benchmark("value(as: Int.self) cached") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.cached.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }
    Benchmark("@TweakProperty Int read (cached)") { benchmark in
        let flags = fixture.flags
        for _ in benchmark.scaledIterations { blackHole(flags.meaningOfLife) }
    }
    Benchmark("@FallbackTweakProperty Bool read (cached)") { benchmark in
        let flags = fixture.flags
        for _ in benchmark.scaledIterations { blackHole(flags.greet) }
    }
    Benchmark("@OptionalTweakProperty String read (cached)") { benchmark in
        let flags = fixture.flags
        for _ in benchmark.scaledIterations { blackHole(flags.labelText) }
    }
    Benchmark("Generated accessor Int read (cached)") { benchmark in
        let accessor = fixture.accessor
        for _ in benchmark.scaledIterations { blackHole(accessor.meaningOfLife) }
    }
    Benchmark("Generated accessor Codable read (cached)") { benchmark in
        let accessor = fixture.accessor
        for _ in benchmark.scaledIterations { blackHole(accessor.maintenanceMode) }
    }

    // 3a. Codable reads (issue 38 item 6): a cached read keeps its decoded value; a class is
    // decoded at every read, as every Codable read was before.
    Benchmark("value(as: Codable struct) cached") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.cached.value(feature: "general", variable: "maintenance_mode", as: Maintenance.self))
        }
    }
    Benchmark("value(as: Codable class) cached (decoded at every read)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                try fixture.cached.value(feature: "general", variable: "maintenance_mode", as: MaintenanceBox.self))
        }
    }

    // 3c. Logging (issue 38 item 2): compare each with the same read without a closure. A closure
    // with the manager's minimum at notice, and the old pattern (minimum trace, the closure drops
    // what is below notice: every message is built first).
    Benchmark("Logging: value(as: Int.self) cached, no log closure") { benchmark in
        let manager = fixture.logging[0]
        for _ in benchmark.scaledIterations {
            blackHole(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }
    Benchmark("Logging: value(as: Int.self) cached, closure, minimumLogLevel notice") { benchmark in
        let manager = fixture.logging[1]
        for _ in benchmark.scaledIterations {
            blackHole(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }
    Benchmark("Logging: value(as: Int.self) cached, closure guard level >= .notice, minimumLogLevel trace") {
        benchmark in
        let manager = fixture.logging[2]
        for _ in benchmark.scaledIterations {
            blackHole(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }
    Benchmark("Logging: value(as: Int.self) uncached 4 of 4, no log closure") { benchmark in
        let manager = fixture.logging[3]
        for _ in benchmark.scaledIterations {
            blackHole(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }
    Benchmark("Logging: value(as: Int.self) uncached 4 of 4, closure, minimumLogLevel notice") { benchmark in
        let manager = fixture.logging[4]
        for _ in benchmark.scaledIterations {
            blackHole(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }
    Benchmark("Logging: value(as: Int.self) uncached 4 of 4, closure guard level >= .notice, minimumLogLevel trace") {
        benchmark in
        let manager = fixture.logging[5]
        for _ in benchmark.scaledIterations {
            blackHole(try manager.value(feature: "general", variable: "meaning_of_life", as: Int.self))
        }
    }

    // 3b. Hooks and exposures (issue 27). Compare with "tweakWith cached hit", "tweakWith uncached,
    //     hit in provider 4 of 4 (Int)" and "tweakWith context, percent condition …": a manager
    //     without hooks or exposure log pays one branch; a duplicate exposure allocates nothing.
    Benchmark("tweakWith cached hit, one no-op after hook") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.hooked.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakWith uncached, hit in provider 4 of 4 (Int), one no-op after hook") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.hookedUncached.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("tweakWith context, percent condition, a duplicate exposure (once per variant)") { benchmark in
        let user = fixture.exposing.reading(for: TweakContext(randomizationID: "user-1"))
        _ = try user.tweakWith(feature: "general", variable: "rollout")
        for _ in benchmark.scaledIterations {
            blackHole(try user.tweakWith(feature: "general", variable: "rollout"))
        }
    }

    // 4. Task-local overrides (TweaksTesting's mechanism): reads inside a scope. (The idle check
    //    every read makes outside any scope is part of "tweakWith cached hit".)
    Benchmark("tweakWith cached hit inside an override scope (tweak not overridden)") { benchmark in
        var overrides = TweakOverrides()
        overrides.set(true, feature: "other", variable: "flag")
        try overrides.withScope {
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.cached.tweakWith(feature: "general", variable: "meaning_of_life"))
            }
        }
    }
    Benchmark("tweakWith of an overridden tweak inside an override scope") { benchmark in
        var overrides = TweakOverrides()
        overrides.set(7, feature: "general", variable: "meaning_of_life")
        try overrides.withScope {
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.cached.tweakWith(feature: "general", variable: "meaning_of_life"))
            }
        }
    }

    // 5. Concurrency: 100,000 reads per sample from one task or thread, and split across two. The
    // shared-dictionary pair is for comparison: every read of a dictionary shared between threads
    // retains its storage, a write to one cache line that both CPUs then fight over. The tasks run on an executor of their
    // own (see `ReaderExecutor`): package-benchmark blocks one of the cooperative pool's threads
    // while an async benchmark runs, which leaves two tasks a single thread on a 2-CPU machine.
    let concurrentReads = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one,
        maxDuration: smoke ? .milliseconds(20) : .seconds(3), maxIterations: smoke ? 3 : 1_000)
    Benchmark("100,000 cached reads, 1 task", configuration: concurrentReads) { benchmark in
        await Fixture.reads(fixture.cached, tasks: 1)
    }
    Benchmark("100,000 cached reads, 2 tasks", configuration: concurrentReads) { benchmark in
        await Fixture.reads(fixture.cached, tasks: 2)
    }
    Benchmark("100,000 cached reads, 1 thread", configuration: concurrentReads) { benchmark in
        Fixture.reads(threads: 1) {
            blackHole(try? fixture.cached.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("100,000 cached reads, 2 threads", configuration: concurrentReads) { benchmark in
        Fixture.reads(threads: 2) {
            blackHole(try? fixture.cached.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
    }
    Benchmark("Shared dictionary: 100,000 reads, 1 thread", configuration: concurrentReads) { benchmark in
        Fixture.reads(threads: 1) { blackHole(fixture.dictionary["general"]?["meaning_of_life"]) }
    }
    Benchmark("Shared dictionary: 100,000 reads, 2 threads", configuration: concurrentReads) { benchmark in
        Fixture.reads(threads: 2) { blackHole(fixture.dictionary["general"]?["meaning_of_life"]) }
    }
    Benchmark("cached read while another task writes") { benchmark in
        let manager = fixture.makeStack(useCache: true)
        let writer = Task.detached {
            var value = 0
            while !Task.isCancelled {
                value += 1
                try? manager.set(.int(value), feature: "session", variable: "churn")
                await Task.yield()
            }
        }
        for _ in benchmark.scaledIterations {
            blackHole(try manager.tweakWith(feature: "general", variable: "meaning_of_life"))
        }
        writer.cancel()
    }

    // 6. The peer: swift-configuration's reader over an in-memory provider.
    Benchmark("swift-configuration ConfigReader.int, in-memory") { benchmark in
        let reader = fixture.configReader
        for _ in benchmark.scaledIterations { blackHole(reader.int(forKey: "general.meaning_of_life")) }
    }
    Benchmark("swift-configuration ConfigReader.int, 4th of 4 in-memory providers") { benchmark in
        let reader = fixture.configReaderFourDeep
        for _ in benchmark.scaledIterations { blackHole(reader.int(forKey: "general.meaning_of_life")) }
    }

    // 7. Loading.
    Benchmark(
        "Load a 10,000-tweak local JSON file",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, scalingFactor: .one)
    ) { benchmark in
        let data = fixture.largeDocument
        benchmark.startMeasurement()
        blackHole(try LocalTweakProvider(data: data, source: "generated"))
    }

    // 8. Code generation, as `tweak generate` and the build plugin run it (without the file I/O).
    Benchmark(
        "Generate accessors for 1,000 tweaks",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, scalingFactor: .one)
    ) { benchmark in
        let data = fixture.generationDocument
        let configuration = AccessorConfiguration(accessorName: "BenchmarkAccessor")
        benchmark.startMeasurement()
        blackHole(try AccessorGenerator.sources(tweaksJSON: data, source: "generated", configuration: configuration))
    }

    // 9. Remote: a 1,000-tweak document from memory, every value different from the active one,
    // observed by one caching manager. Activation is the diff, telling the manager (and
    // NotificationCenter's observers) about the 1,000 changes, and the atomic, fsynced cache
    // write; the "no cache file" variant leaves the write out, so that what the change delivery
    // costs is not hidden behind the disk.
    let remote = RemoteFixture()
    let remoteWithoutFile = RemoteFixture(persisted: false)
    let milliseconds = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, scalingFactor: .one)
    Benchmark("Fetch and activate a 1,000-tweak remote document", configuration: milliseconds) { benchmark in
        await remote.provider.fetch(expirationDuration: 0)
        blackHole(remote.provider.activate())
    }
    Benchmark("Activate a fetched 1,000-tweak remote document", configuration: milliseconds) { benchmark in
        await remote.provider.fetch(expirationDuration: 0)
        benchmark.startMeasurement()
        blackHole(remote.provider.activate())
        benchmark.stopMeasurement()
    }
    Benchmark("Activate a fetched 1,000-tweak remote document (no cache file)", configuration: milliseconds) {
        benchmark in
        await remoteWithoutFile.provider.fetch(expirationDuration: 0)
        benchmark.startMeasurement()
        blackHole(remoteWithoutFile.provider.activate())
        benchmark.stopMeasurement()
    }

    // Targeting at scale: reading a document is linear in its size (it was quadratic in the number
    // of conditions), and a regular expression is matched in time linear in the text.
    let manyConditions = Data(TargetingFixture.document(conditions: 20_000).utf8)
    Benchmark("Targeting: load 20,000 conditions (one tweak uses all)", configuration: milliseconds) { benchmark in
        blackHole(try LocalTweakProvider(data: manyConditions, source: "many.json", name: "many"))
    }
    let regexDocument = Data(TargetingFixture.regexDocument.utf8)
    let regexManager = TweakManager(
        tweakProviders: [try! LocalTweakProvider(data: regexDocument, source: "regex.json", name: "regex")])
    Benchmark("Targeting: STRING_CONTAINS_REGEX read (e-mail pattern)") { benchmark in
        let user = regexManager.reading(
            for: TweakContext(randomizationID: "u", attributes: ["email": "ann.lee+tag@Example.com"]))
        for _ in benchmark.scaledIterations {
            blackHole(try user.value(feature: "f", variable: "v", as: Int.self))
        }
    }
    Benchmark("Targeting: STRING_CONTAINS_REGEX read, (a+)+$ on 10,000 a's and a !", configuration: milliseconds) {
        benchmark in
        let context = TweakContext(
            randomizationID: "u", attributes: ["email": .string(String(repeating: "a", count: 10_000) + "!")])
        blackHole(try regexManager.reading(for: context).value(feature: "f", variable: "slow", as: Int.self))
    }

    // A hostile remote document (issue 39 A) cannot stall a read of a 1,000-character attribute:
    // its regular expressions share a budget, and STRING_CONTAINS searches in linear time.
    let thousandAs = TweakContext(
        randomizationID: "u", attributes: ["text": .string(String(repeating: "a", count: 1_000))])
    for (name, hostile) in [
        ("300 x (?:a?){999}(?:a?){999}(?:a?){499}z", TargetingFixture.hostileRegexDocument),
        ("1,600 STRING_CONTAINS targets aaa…ab", TargetingFixture.hostileContainsDocument),
    ] {
        Benchmark("Targeting: hostile remote document, \(name), one read", configuration: milliseconds) {
            benchmark in
            let provider = RemoteTweakProvider(source: AlternatingSource(documents: [hostile]), cacheURL: nil)
            _ = await provider.fetchAndActivate()
            let user = TweakManager(tweakProviders: [provider]).reading(for: thousandAs)
            benchmark.startMeasurement()
            blackHole(try? user.value(feature: "f", variable: "v", as: Int.self))
            benchmark.stopMeasurement()
        }
    }

    // 10. The in-app editor (TweaksEditor) with 1,000 tweaks.
    editorBenchmarks()
}

/// Documents for the targeting benchmarks.
enum TargetingFixture {
    /// `conditions` custom-signal conditions, all used by tweak `all.v`.
    static func document(conditions count: Int) -> String {
        let conditions = (0..<count).map {
            #"{"name": "c\#($0)", "customSignal": {"key": "user", "operator": "STRING_EXACTLY_MATCHES", "values": ["u\#($0)"]}}"#
        }
        let values = (0..<count).map { #""c\#($0)": \#($0)"# }
        return #"{"$conditions": [\#(conditions.joined(separator: ",\n"))], "#
            + #""all": {"v": {"Value": -1, "ConditionalValues": {\#(values.joined(separator: ", "))}}}}"#
    }

    /// A remote document within the 1 MiB limit whose 300 conditions each match a pattern of
    /// 2,497 optional characters: about 48 s per read before patterns shared a budget.
    static let hostileRegexDocument = hostileDocument(
        conditions: 300, operator: "STRING_CONTAINS_REGEX", target: "(?:a?){999}(?:a?){999}(?:a?){499}z")
    /// A remote document within the 1 MiB limit whose 1,600 `STRING_CONTAINS` targets are 499
    /// `a`s and a `b`: quadratic against a text of `a`s when searched at every position.
    static let hostileContainsDocument = hostileDocument(
        conditions: 1_600, operator: "STRING_CONTAINS", target: String(repeating: "a", count: 499) + "b")

    /// `count` conditions on attribute `text`, each with `target`, all used by tweak `f.v`.
    static func hostileDocument(conditions count: Int, operator name: String, target: String) -> Data {
        let conditions = (0..<count).map {
            #"{"name": "c\#($0)", "customSignal": {"key": "text", "operator": "\#(name)", "values": ["\#(target)"]}}"#
        }
        let values = (0..<count).map { #""c\#($0)": \#($0)"# }
        return Data(
            (#"{"$conditions": [\#(conditions.joined(separator: ",\n"))], "#
                + #""f": {"v": {"Value": -1, "ConditionalValues": {\#(values.joined(separator: ", "))}}}}"#).utf8)
    }

    static let regexDocument = #"""
        {"$conditions": [
            {"name": "staff", "customSignal": {"key": "email", "operator": "STRING_CONTAINS_REGEX", "values": ["(?i)^[\\w.+-]+@(example|test)\\.(com|org)$"]}},
            {"name": "hostile", "customSignal": {"key": "email", "operator": "STRING_CONTAINS_REGEX", "values": ["(a+)+$"]}}
        ],
         "f": {"v": {"Value": 0, "ConditionalValues": {"staff": 1}}, "slow": {"Value": 0, "ConditionalValues": {"hostile": 1}}}}
        """#
}

/// Runs tasks on Dispatch's global queue instead of the cooperative pool.
///
/// package-benchmark runs an async benchmark by blocking a thread of the cooperative pool on a
/// semaphore until the benchmark's task ends. On a 2-CPU machine the pool has two threads, so two
/// reader tasks would share the one that is left and could not run in parallel.
final class ReaderExecutor: TaskExecutor {
    static let shared = ReaderExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global(qos: .userInitiated).async { job.runSynchronously(on: executor) }
    }
}

/// A remote provider fed from memory, observed by a caching manager, persisted to a temporary file
/// unless `persisted` is `false`.
final class RemoteFixture: Sendable {
    let provider: RemoteTweakProvider
    let manager: TweakManager

    init(persisted: Bool = true) {
        let cacheURL =
            persisted
            ? FileManager.default.temporaryDirectory
                .appendingPathComponent("TweaksBenchmarks-\(ProcessInfo.processInfo.processIdentifier).cache")
            : nil
        provider = RemoteTweakProvider(
            source: AlternatingSource(documents: [
                Fixture.remoteDocument(revision: 0), Fixture.remoteDocument(revision: 1),
            ]),
            cacheURL: cacheURL)
        manager = TweakManager(tweakProviders: [provider])
        manager.useCache = true
    }
}

/// Serves its documents in turn, so that every fetch brings a new one.
final class AlternatingSource: RemoteTweakSource {
    let documents: [Data]
    private let fetches = Atomic<Int>(0)
    let location = "memory://benchmark"

    init(documents: [Data]) { self.documents = documents }

    func fetch(_ request: RemoteFetchRequest) async throws -> RemoteFetchResponse {
        let count = fetches.add(1, ordering: .relaxed).newValue
        return .document(documents[count % documents.count], etag: "\"\(count)\"")
    }
}

/// A hook whose only stage, `after`, does nothing: the cost of observing a read.
struct NoOpAfterHook: TweakHook {
    func after(_ context: TweakHookContext, evaluation: TweakEvaluation, data: inout TweakHookData) throws {}
}

/// The stacks and inputs the benchmarks share, built once.
final class Fixture: Sendable {
    static let shared = Fixture()

    let example: LocalTweakProvider
    let second: LocalTweakProvider
    let suiteName = "TweaksBenchmarks.\(ProcessInfo.processInfo.processIdentifier)"
    let cached: TweakManager
    let uncached: TweakManager
    let dictionary: [String: [String: TweakValue]]
    let configReader: ConfigReader
    let configReaderFourDeep: ConfigReader
    let largeDocument: Data
    let generationDocument: Data
    let flags: Flags
    let accessor: ExampleAccessor
    /// The benchmarks' stack with a last provider whose tweaks have conditional values.
    let targeted: TweakManager
    /// ``targeted``'s tweaks as flagd flags (``flagdDocument``).
    let flagd: TweakManager
    /// The cached stack with one `after` hook that does nothing.
    let hooked: TweakManager
    /// The uncached stack with one `after` hook that does nothing.
    let hookedUncached: TweakManager
    /// ``targeted`` with an exposure log (once per variant).
    let exposing: TweakManager
    /// Stacks for the logging benchmarks: cached and uncached, each without a closure, with a
    /// closure and the minimum at notice, and with a closure that filters itself (minimum trace).
    let logging: [TweakManager]

    private init() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        example = try! LocalTweakProvider(jsonURL: root.appendingPathComponent("LocalTweaks_example.json"))
        second = try! LocalTweakProvider(data: Data(#"{"other": {"v": {"Value": 1}}}"#.utf8), name: "second")
        dictionary = Dictionary(
            grouping: example.knownTweaks, by: \.feature
        ).mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.variable, $0.value) }) }
        UserDefaults.standard.removePersistentDomain(forName: suiteName)
        cached = Self.stack(example, second, suiteName: suiteName, useCache: true)
        uncached = Self.stack(example, second, suiteName: suiteName, useCache: false)
        let values: [AbsoluteConfigKey: ConfigValue] = [
            AbsoluteConfigKey(["general", "meaning_of_life"]): .init(.int(42), isSecret: false)
        ]
        configReader = ConfigReader(provider: InMemoryProvider(values: values))
        configReaderFourDeep = ConfigReader(providers: [
            InMemoryProvider(values: [:]), InMemoryProvider(values: [:]), InMemoryProvider(values: [:]),
            InMemoryProvider(values: values),
        ])
        largeDocument = Self.document(tweaks: 10_000)
        generationDocument = Self.document(tweaks: 1_000)
        flags = Flags(cached)
        accessor = ExampleAccessor(with: cached)
        let conditional = try! LocalTweakProvider(data: Data(Self.targetingDocument.utf8), name: "conditional")
        targeted = Self.stack(conditional, second, suiteName: suiteName, useCache: true)
        let flagdDocument = try! LocalTweakProvider(
            data: Data(Self.flagdDocument.utf8), name: "flagd", format: .flagd)
        flagd = Self.stack(flagdDocument, second, suiteName: suiteName, useCache: true)
        hooked = Self.stack(example, second, suiteName: suiteName, useCache: true, hook: NoOpAfterHook())
        hookedUncached = Self.stack(example, second, suiteName: suiteName, useCache: false, hook: NoOpAfterHook())
        exposing = Self.stack(conditional, second, suiteName: suiteName, useCache: true)
        exposing.exposureLog = TweakExposureLog(policy: .oncePerVariant)
        let (example, second, suiteName) = (example, second, suiteName)
        logging = [true, false].flatMap { useCache in
            (0..<3).map { variant in
                let manager = Self.stack(example, second, suiteName: suiteName, useCache: useCache)
                switch variant {
                case 1:
                    manager.minimumLogLevel = .notice
                    manager.logClosure = { message, level in blackHole((message, level)) }
                case 2:
                    manager.minimumLogLevel = .trace
                    manager.logClosure = { message, level in
                        guard level >= .notice else { return }
                        blackHole((message, level))
                    }
                default: break
                }
                return manager
            }
        }
    }

    /// ``targetingDocument``'s two tweaks as flagd flags of the same shapes (see Docs/Flagd.md).
    static let flagdDocument = #"""
        {"flags": {
           "general.meaning_of_life": {"state": "ENABLED", "variants": {"plain": 42, "beta": 43},
             "defaultVariant": "plain", "targeting": {"if": [{"==": [{"var": "plan"}, "beta"]}, "beta"]}},
           "general.rollout": {"state": "ENABLED", "variants": {"ten": 2, "rest": 1}, "defaultVariant": "rest",
             "targeting": {"fractional": [["ten", 10], ["rest", 90]]}}}}
        """#

    /// A custom-signal and a percent condition (see Docs/Targeting.md).
    static let targetingDocument = #"""
        {"$conditions": [
           {"name": "beta", "customSignal": {"key": "plan", "operator": "STRING_EXACTLY_MATCHES", "values": ["beta"]}},
           {"name": "ten", "percent": {"seed": "s", "operator": "LESS_OR_EQUAL", "microPercent": 10000000}}],
         "general": {"meaning_of_life": {"Value": 42, "ConditionalValues": {"beta": 43}},
                     "rollout": {"Value": 1, "ConditionalValues": {"ten": 2}}}}
        """#

    func makeStack(useCache: Bool) -> TweakManager {
        Self.stack(example, second, suiteName: suiteName, useCache: useCache)
    }

    /// Ephemeral overrides, UserDefaults overrides, a second local file, the example defaults.
    static func stack(
        _ example: LocalTweakProvider, _ second: LocalTweakProvider, suiteName: String, useCache: Bool,
        hook: (any TweakHook)? = nil
    ) -> TweakManager {
        let session = EphemeralTweakProvider(name: "session", values: ["session": ["override": true]])
        let manager = TweakManager(tweakProviders: [
            session, UserDefaultsTweakProvider(userDefaults: UserDefaults(suiteName: suiteName)!), second, example,
        ])
        manager.useCache = useCache
        if let hook { manager.addHook(hook) }
        return manager
    }

    /// 100,000 reads split across `tasks` child tasks, which run on ``ReaderExecutor``.
    static func reads(_ manager: TweakManager, tasks: Int) async {
        await withTaskExecutorPreference(ReaderExecutor.shared) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        for _ in 0..<(100_000 / tasks) {
                            blackHole(try? manager.tweakWith(feature: "general", variable: "meaning_of_life"))
                        }
                    }
                }
            }
        }
    }

    /// 100,000 calls of `read` split across `threads` threads of their own.
    static func reads(threads: Int, _ read: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread {
                for _ in 0..<(100_000 / threads) { read() }
                group.leave()
            }.start()
        }
        group.wait()
    }

    /// A remote document of 1,000 tweaks (10 features of 100), every field filled in; each value
    /// depends on `revision`.
    static func remoteDocument(revision: Int) -> Data {
        var text = "{"
        for feature in 0..<10 {
            text += feature == 0 ? "" : ","
            text += "\"feature_\(feature)\": {"
            for variable in 0..<100 {
                text += variable == 0 ? "" : ","
                text += """
                    "variable_\(variable)": {"Title": "Title \(variable)", "Description": "Description of \(variable)", \
                    "Group": "Group \(feature)", "Value": \(variable * 10 + revision)}
                    """
            }
            text += "}"
        }
        return Data((text + "}").utf8)
    }

    /// A local tweaks document with `tweaks` entries over 100 features, every field filled in.
    static func document(tweaks: Int) -> Data {
        var text = "{"
        let perFeature = 100
        for feature in 0..<(tweaks / perFeature) {
            text += feature == 0 ? "" : ","
            text += "\"feature_\(feature)\": {"
            for variable in 0..<perFeature {
                text += variable == 0 ? "" : ","
                let value = ["true", "\(variable)", "\(variable).5", "\"text \(variable)\"", #"{"a": [1, 2]}"#][
                    variable % 5]
                text += """
                    "variable_\(variable)": {"Title": "Title \(variable)", "Description": "Description of \(variable)", \
                    "Group": "Group \(feature % 10)", "Value": \(value), "GeneratedPropertyName": "property\(feature)_\(variable)"}
                    """
            }
            text += "}"
        }
        return Data((text + "}").utf8)
    }
}

/// Property wrappers as an app declares them.
struct Flags: Sendable {
    init(_ manager: TweakManager) {
        _meaningOfLife = TweakProperty(feature: "general", variable: "meaning_of_life", tweakManager: manager)
        _greet = FallbackTweakProperty(
            fallbackValue: false, feature: "general", variable: "greet_on_app_did_become_active", tweakManager: manager)
        _labelText = OptionalTweakProperty(
            fallbackValue: nil, feature: "ui_customization", variable: "label_text", tweakManager: manager)
    }
    @TweakProperty var meaningOfLife: Int
    @FallbackTweakProperty var greet: Bool
    @OptionalTweakProperty var labelText: String?
}

/// `general.maintenance_mode` of the example file, as a value type (its decoded value is cached).
struct Maintenance: Codable {
    let isUnderMaintenance: Bool
    let title: String
    let message: String
}

/// The same as a class: decoded at every read (each read gets an instance of its own).
final class MaintenanceBox: Codable {
    let isUnderMaintenance: Bool
    let title: String
    let message: String
}
