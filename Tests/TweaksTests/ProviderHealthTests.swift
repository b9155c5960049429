import Foundation
import TestSupport
import Testing

@testable import Tweaks

@Suite("Provider events and health")
struct ProviderHealthTests {
    /// Waits (`eventually`'s checks, the machine is loaded) for `condition`.
    private func wait(_ what: String, _ condition: () -> Bool) async throws {
        if await !eventually(condition) { Issue.record("timed out waiting for \(what)") }
    }

    @Test func anOverridesFileBrokenByHandIsLoggedOnceStreamedAndItsRepairIsARecovery() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let file = try directory.write(
            Data(#"{"checkout": {"max_items": {"Value": 5}}}"#.utf8), named: "overrides.json")
        let overrides = try OverridesFileTweakProvider(fileURL: file, name: "overrides", pollInterval: 0.1)
        let manager = TweakManager(tweakProviders: [overrides, EphemeralTweakProvider()])
        let logs = Locked<[(String, LogLevel)]>([])
        manager.logClosure = { message, level in logs.withLock { $0.append((message, level)) } }
        let events = Locked<[TweakProviderEvent]>([])
        let stream = manager.providerEvents
        let listener = Task { for await event in stream { events.withLock { $0.append(event) } } }
        defer { listener.cancel() }

        try Data(#"{"checkout": {"max_items": {"Valeu": 6}}}"#.utf8).write(to: file, options: .atomic)
        try await wait("the failure") { events.withLock { $0.count >= 2 } }  // the same failure, polled again
        let failure = try #require(events.withLock { $0.first })
        #expect(failure.isFailure && failure.operation == .reload && failure.source == "overrides")
        #expect(failure.error is TweakLoadError)
        let retry = try #require(failure.nextRetry, "the next poll")
        #expect(retry > failure.date && retry < failure.date.addingTimeInterval(2))
        let errors = logs.withLock { $0.filter { $0.1 == .error }.map(\.0) }
        #expect(errors.count == 1, "one error line for a failure that repeats: \(errors)")
        #expect(errors.first?.hasPrefix("overrides: reload failed: ") == true)
        #expect(errors.first?.contains(file.path) == true && errors.first?.contains("Valeu") == true)
        #expect(errors.first?.contains("next try at") == true)
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 5, "good values kept")
        #expect(manager.providerHealth.map(\.isFailing) == [true, false])

        try Data(#"{"checkout": {"max_items": {"Value": 7}}}"#.utf8).write(to: file, options: .atomic)
        try? overrides.reload()  // as the next poll would (a loaded machine may starve the poller)
        try await wait("the recovery") { events.withLock { $0.contains { $0.outcome == .recovered } } }
        #expect(manager.providerHealth[0].isFailing == false)
        #expect(manager.providerHealth[0].lastFailure?.operation == .reload)
        #expect(logs.withLock { $0.contains { $0 == ("overrides: reload works again", .notice) } })
        #expect(try manager.value(feature: "checkout", variable: "max_items", as: Int.self) == 7)
    }

    @Test func aProviderOfOneManagerDoesNotReachAnother() throws {
        let failing = EphemeralTweakProvider()
        let other = TweakManager(tweakProviders: [EphemeralTweakProvider()])
        let manager = TweakManager(tweakProviders: [failing])
        let heard = Locked<[String]>([])
        other.logClosure = { message, _ in heard.withLock { $0.append(message) } }
        failing.postEvent(
            .failed(.init("sync"), error: TweakError.notFound(feature: "a", variable: "b"), nextRetry: nil))
        #expect(heard.withLock { $0 }.isEmpty)
        #expect(manager.providerHealth[0].currentFailures.map(\.operation.name) == ["sync"])
        #expect(other.providerHealth[0].isFailing == false)
        #expect(manager.providerHealth[0].description.contains("sync failed"))
        #expect(manager.providerHealth[0].description.contains("no automatic retry"))
    }
}
