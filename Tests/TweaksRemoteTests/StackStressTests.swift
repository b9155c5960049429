import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// A remote source whose document's version goes up by one on every fetch: what a busy remote
/// config looks like, without a network (the subject here is concurrency, not transport).
final class CountingSource: RemoteTweakSource {
    let location = "memory://stress"
    let served = Locked(0)

    func fetch(_ request: RemoteFetchRequest) async throws -> RemoteFetchResponse {
        let version = served.withLock { served in
            served += 1
            return served
        }
        return .document(Data(#"{"stress": {"remote": \#(version)}}"#.utf8), etag: "\(version)")
    }
}

/// Everything at once, for a bounded time: readers through the manager, a wrapper and a stream,
/// while writers set and delete overrides, another "process" rewrites the overrides file, the
/// remote provider fetches and activates, and the cache is reset and notifications posted.
/// Run under `swift test --sanitize=thread` on CI. Invariants: a read after a completed write
/// sees it; no value appears that no provider ever held; values never go back; the stream ends
/// on the final value.
/// The shared state of one stress run.
final class StressRun: Sendable {
    let stopped = Locked(false)
    /// The newest value the other "process" wrote to the overrides file.
    let fileVersion = Locked(0)
    /// The newest value the change stream delivered.
    let lastStreamed = Locked(-1)
}

@Suite struct StackStressTests {
    static let duration: Duration = .milliseconds(1500)

    @Test func everyLayerChangingAtOnceStaysCoherent() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let file = directory.file("overrides.json")
        let fileProvider = try OverridesFileTweakProvider(fileURL: file, pollInterval: 0.05)
        let otherProcess = try OverridesFileTweakProvider(fileURL: file, pollInterval: nil)
        let session = EphemeralTweakProvider(name: "session")
        let source = CountingSource()
        let remote = RemoteTweakProvider(
            source: source, cacheURL: directory.file("remote.cache"), name: "remote",
            configuration: testConfiguration(minimumFetchInterval: 0))
        let defaults = try LocalTweakProvider(
            data: Data(#"{"stress": {"remote": {"Value": 0}, "file": {"Value": 0}}}"#.utf8), name: "defaults")
        let manager = TweakManager(tweakProviders: [fileProvider, session, remote, defaults])
        manager.useCache = true
        let wrapper = FallbackTweakProperty(
            fallbackValue: -1, feature: "stress", variable: "remote", tweakManager: manager)
        let run = StressRun()

        let streamed = Task {
            for await value in manager.values(feature: "stress", variable: "remote") {
                run.lastStreamed.withLock { $0 = value?.intValue ?? -1 }
            }
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            // Readers: values come from a provider that held them and never go back.
            for reader in 0..<4 {
                group.addTask {
                    var highestRemote = 0
                    var highestFile = 0
                    while !run.stopped.withLock({ $0 }) {
                        let remoteValue = try manager.value(feature: "stress", variable: "remote", as: Int.self)
                        #expect(remoteValue >= highestRemote, "reader \(reader): remote went back")
                        #expect(
                            remoteValue <= source.served.withLock { $0 }, "a value never served"
                        )
                        highestRemote = max(highestRemote, remoteValue)
                        #expect(wrapper.wrappedValue >= 0)
                        let fileValue = try manager.value(feature: "stress", variable: "file", as: Int.self)
                        #expect(fileValue >= highestFile, "reader \(reader): file went back")
                        #expect(
                            fileValue <= run.fileVersion.withLock { $0 },
                            "a value never written")
                        highestFile = max(highestFile, fileValue)
                        _ = manager.isFeatureEnabled("stress")
                        await Task.yield()
                    }
                }
            }
            // Writers: each owns a session override and must read its own write at once.
            for writer in 0..<3 {
                group.addTask {
                    var value = 0
                    while !run.stopped.withLock({ $0 }) {
                        value += 1
                        session.set(.int(value), feature: "stress", variable: "writer\(writer)")
                        let read = try manager.value(feature: "stress", variable: "writer\(writer)", as: Int.self)
                        #expect(read == value, "writer \(writer) wrote \(value), read \(read)")
                        if value.isMultiple(of: 10) {
                            session.deleteValue(feature: "stress", variable: "writer\(writer)")
                            #expect(try manager.tweakIfPresent(feature: "stress", variable: "writer\(writer)") == nil)
                        }
                        await Task.yield()
                    }
                }
            }
            // The remote layer: fetch and activate as fast as it goes.
            group.addTask {
                while !run.stopped.withLock({ $0 }) {
                    _ = await remote.fetchAndActivate(expirationDuration: 0)
                    let served = source.served.withLock { $0 }
                    let active = try manager.value(feature: "stress", variable: "remote", as: Int.self)
                    #expect(active == served, "activated \(served), read \(active)")
                }
            }
            // Another process rewrites the overrides file; the provider notices by polling.
            group.addTask {
                while !run.stopped.withLock({ $0 }) {
                    let version = run.fileVersion.withLock { version in
                        version += 1
                        return version
                    }
                    try otherProcess.set(.int(version), feature: "stress", variable: "file")
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            // Cache resets and notifications from outside.
            group.addTask {
                while !run.stopped.withLock({ $0 }) {
                    manager.resetCache()
                    NotificationCenter.default.post(name: TweakProviderDidChangeNotification, object: session)
                    try await Task.sleep(for: .milliseconds(2))
                }
            }
            try await Task.sleep(for: Self.duration)
            run.stopped.withLock { $0 = true }
            try await group.waitForAll()
        }

        // After the last write: the last values, through every path.
        let finalRemote = source.served.withLock { $0 }
        #expect(try manager.value(feature: "stress", variable: "remote", as: Int.self) == finalRemote)
        #expect(wrapper.wrappedValue == finalRemote)
        try fileProvider.reload()
        #expect(
            try manager.value(feature: "stress", variable: "file", as: Int.self)
                == run.fileVersion.withLock { $0 })
        // The stream's newest element is the final value (it may take a moment to be consumed).
        let endedOnTheFinalValue = await eventually { run.lastStreamed.withLock { $0 } == finalRemote }
        streamed.cancel()
        #expect(endedOnTheFinalValue, "the stream did not end on the final value")
    }
}
