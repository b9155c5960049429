import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// What a manager's log closure and `providerEvents` stream heard, collected as it happens.
final class Heard: Sendable {
    let logs = Locked<[(String, LogLevel)]>([])
    let events = Locked<[TweakProviderEvent]>([])
    private let listener = Locked<Task<Void, Never>?>(nil)

    init(_ manager: TweakManager) {
        manager.logClosure = { [logs] message, level in logs.withLock { $0.append((message, level)) } }
        let stream = manager.providerEvents
        listener.withLock {
            $0 = Task { [events] in
                for await event in stream { events.withLock { $0.append(event) } }
            }
        }
    }

    deinit { listener.withLock { $0 }?.cancel() }

    var errorLogs: [String] { logs.withLock { $0.filter { $0.1 == .error }.map(\.0) } }

    /// Waits (`eventually`'s checks, the machine is loaded) until an event after the first `after`
    /// matches.
    func event(
        after count: Int, _ matches: @escaping @Sendable (TweakProviderEvent) -> Bool
    ) async throws -> TweakProviderEvent {
        var found: TweakProviderEvent?
        _ = await eventually {
            found = events.withLock { $0.dropFirst(count).first(where: matches) }
            return found != nil
        }
        guard let found else {
            throw TestServerError("no matching event; heard: \(events.withLock { $0.map(\.description) })")
        }
        return found
    }

    var count: Int { events.withLock { $0.count } }
}

@Suite("Provider events and health against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct ProviderEventTests {
    @Test func everyBackgroundFetchFailureReachesTheLogAndTheStreamWithItsNextTry() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json")
            let manager = TweakManager(tweakProviders: [provider])
            let heard = Heard(manager)
            provider.startPolling(every: 0.2)
            defer { provider.stopPolling() }
            _ = try await heard.event(after: 0) { $0.operation == .fetch && $0.outcome == .succeeded }

            let bad: [(String, String, String)] = [
                (#"{"checkout": {"max_items": {"Value": 10}"#, "truncated JSON", "end of"),
                (#"{"checkout": {"max_items": {"Valeu": 38}}}"#, "a typo of Value", #"unknown field "Valeu""#),
                (#"{"checkout": {"max_items": {"Value": null}}}"#, "a null value", #""Value" is null"#),
            ]
            for (document, what, problem) in bad {
                let before = heard.count
                try server.write(document, to: "tweaks.json")
                let failure = try await heard.event(after: before) { $0.isFailure }
                #expect(failure.operation == .fetch, "\(what)")
                #expect(failure.source == "remote")
                let reason = try #require(failure.error as? RemoteFetchError).reason
                #expect("\(reason)".contains(problem), "\(what): \(reason)")
                let retry = try #require(failure.nextRetry, "polling tries again at the next round: \(what)")
                #expect(retry > failure.date && retry <= failure.date.addingTimeInterval(1))
                #expect(
                    heard.errorLogs.contains { $0.hasPrefix("remote: fetch failed: ") && $0.contains("next try at") },
                    "\(what): \(heard.errorLogs)")
                #expect(provider.value("checkout", "max_items") == 10, "the last good value stays")
                #expect(manager.providerHealth[0].isFailing)
                let recovered = heard.count
                try server.write(documentV1, to: "tweaks.json")
                _ = try await heard.event(after: recovered) { $0.outcome == .recovered }
                #expect(!manager.providerHealth[0].isFailing)
            }

            let before = heard.count
            server.stop()
            let down = try await heard.event(after: before) { $0.isFailure }
            #expect(try #require(down.error as? RemoteFetchError).startsBackoff)
            #expect(down.nextRetry == provider.throttledUntil, "the next try is the end of the backoff")
            let health = manager.providerHealth[0]
            #expect(health.isFailing && health.lastSuccess != nil && health.nextRetry == down.nextRetry)
            #expect(heard.errorLogs.last == down.description, "logged as streamed")
        }
    }

    @Test func aCacheFileIgnoredBeforeTheManagerExistedIsLoggedAndStreamed() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let cache = directory.file("remote.cache")
        try Data("not a cache file".utf8).write(to: cache)
        let provider = try makeProvider(url: URL(string: "http://127.0.0.1:9/tweaks.json")!, cacheURL: cache)
        #expect(provider.cacheError != nil)
        let manager = TweakManager(tweakProviders: [provider])
        let logs = Locked<[String]>([])
        manager.logClosure = { message, level in if level == .error { logs.withLock { $0.append(message) } } }
        #expect(logs.withLock { $0 }.count == 1)
        #expect(logs.withLock { $0 }.first?.hasPrefix("remote: cache load failed: ") == true)
        #expect(manager.providerHealth[0].currentFailures.map(\.operation) == [.cacheLoad])
    }

    @Test func aShortOutageWhilePollingEverySecondCostsSecondsNotMinutes() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "flaky.json")
            // Firebase's backoff (2 minutes doubling to 4 hours), proportioned to the polling interval.
            let configuration = RemoteTweakProviderConfiguration(backoff: RemoteBackoffPolicy())
            let provider = try makeProvider(server, "flaky.json", configuration: configuration)
            let manager = TweakManager(tweakProviders: [provider])
            let heard = Heard(manager)
            provider.startPolling(every: 1)
            defer { provider.stopPolling() }
            _ = try await heard.event(after: 0) { $0.outcome == .succeeded }
            let before = heard.count
            try server.write("", to: "flaky.down")  // 503 with Retry-After: 1
            let failure = try await heard.event(after: before) { $0.isFailure }
            let retry = try #require(failure.nextRetry)
            #expect(retry.timeIntervalSince(failure.date) < 5, "the first wait is about one polling interval")
            try await Task.sleep(nanoseconds: 3_000_000_000)
            try server.remove("flaky.down")
            let back = Date()
            let recovered = try await heard.event(after: before) { $0.outcome == .recovered }
            // Half the backoff's two minutes: room for a loaded machine, which once left a test's
            // task unscheduled for 11 s.
            #expect(recovered.date.timeIntervalSince(back) < 60, "back within seconds, not two minutes")
        }
    }
}
