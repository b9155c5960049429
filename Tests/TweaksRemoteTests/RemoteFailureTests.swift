import Foundation
import TestSupport
import Testing
import Tweaks
import TweaksRemote

// Five minutes, a hang guard beyond the waits' own (`HangGuard`, two minutes): on CI's two loaded
// cores, the slow-server deadline test waited 14 s in one run and more than a minute in another
// for nginx to log the transfer the client ended (its log line is what tells the deadline apart
// from the end of the body).
@Suite("Remote provider failures against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteFailureTests {
    /// Fetches and activates `documentV1` from `tweaks.json`, the last-good configuration of each test.
    private func providerWithLastGood(
        _ server: NginxServer, path: String = "tweaks.json", timeout: Double = 5,
        configuration: RemoteTweakProviderConfiguration = testConfiguration(), clock: TestClock = TestClock()
    ) async throws -> RemoteTweakProvider {
        try server.write(documentV1, to: path)
        let provider = try makeProvider(
            server, path, timeout: timeout, configuration: configuration, clock: clock)
        #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
        return provider
    }

    @Test func serviceUnavailableWithRetryAfterThrottlesUntilItEnds() async throws {
        try await withNginx { server in
            let clock = TestClock()
            let provider = try await providerWithLastGood(server, path: "flaky.json", clock: clock)
            try server.write("", to: "flaky.down")
            let status = await provider.fetch(expirationDuration: 0)
            #expect(status.failure == .httpStatus(503, retryAfter: 1))
            #expect(provider.throttledUntil == clock.now.addingTimeInterval(1), "Retry-After: 1")
            clock.advance(by: 0.9)
            #expect(await provider.fetch(expirationDuration: 0) == .throttled(until: clock.now.addingTimeInterval(0.1)))
            #expect(provider.lastFetchStatus == .throttled(until: clock.now.addingTimeInterval(0.1)))
            #expect(
                await server.requests(for: "/flaky.json").map(\.status) == [200, 503], "no request while throttled")
            #expect(provider.value("checkout", "max_items") == 10, "the last-good configuration stays active")
            try server.remove("flaky.down")
            clock.advance(by: 0.1)
            #expect(provider.throttledUntil == nil)
            #expect(await provider.fetch(expirationDuration: 0) == .noChange)
            #expect(await server.requests(for: "/flaky.json").map(\.status) == [200, 503, 304])
        }
    }

    @Test func tooManyRequestsWithRetryAfterThrottles() async throws {
        try await withNginx { server in
            let clock = TestClock()
            let configuration = RemoteTweakProviderConfiguration(
                backoff: RemoteBackoffPolicy(initialDelay: 0.25, maximumDelay: 60, multiplier: 2, jitter: 0))
            let provider = try makeProvider(server, "busy.json", configuration: configuration, clock: clock)
            #expect(await provider.fetch().failure == .httpStatus(429, retryAfter: 1))
            #expect(provider.throttledUntil == clock.now.addingTimeInterval(1), "Retry-After beats the 0.25 s backoff")
            #expect(await provider.fetch() == .throttled(until: clock.now.addingTimeInterval(1)))
            #expect(await server.requests(for: "/busy.json").count == 1)
        }
    }

    @Test func serverErrorsBackOffExponentially() async throws {
        try await withNginx { server in
            let clock = TestClock()
            let configuration = RemoteTweakProviderConfiguration(
                backoff: RemoteBackoffPolicy(initialDelay: 120, maximumDelay: 300, multiplier: 2, jitter: 0))
            let provider = try makeProvider(server, "broken.json", configuration: configuration, clock: clock)
            for expected in [120.0, 240, 300, 300] {
                #expect(await provider.fetch().failure == .httpStatus(500, retryAfter: nil))
                #expect(provider.throttledUntil == clock.now.addingTimeInterval(expected))
                clock.advance(by: expected)
            }
            #expect(await server.requests(for: "/broken.json").count == 4)
        }
    }

    @Test func clientErrorsDoNotBackOff() async throws {
        try await withNginx { server in
            let provider = try makeProvider(server, "missing.json")
            #expect(await provider.fetch().failure == .httpStatus(404, retryAfter: nil))
            #expect(provider.throttledUntil == nil)
            #expect(await provider.fetch().failure == .httpStatus(404, retryAfter: nil))
            #expect(await server.requests(for: "/missing.json").count == 2)
        }
    }

    @Test func serverDownKeepsTheLastGoodConfigurationAndBacksOff() async throws {
        let server = try await NginxServer.start()
        let clock = TestClock()
        let provider = try await providerWithLastGood(server, clock: clock)
        server.stop()
        let status = await provider.fetch(expirationDuration: 0)
        guard let detail = status.failure?.transportDetail else {
            Issue.record("expected a transport error, got \(status)")
            return
        }
        #expect(detail.contains("could not connect"))
        #expect("\(status)".contains("127.0.0.1"), "the error names the source: \(status)")
        #expect(provider.value("checkout", "max_items") == 10)
        guard await provider.fetch(expirationDuration: 0).throttledUntil != nil else {
            Issue.record("expected throttled after a transport error, got \(provider.lastFetchStatus)")
            return
        }
    }

    @Test func slowServerWithinTheTimeoutSucceeds() async throws {
        try await withNginx { server in
            // `/slow/` sends 2 KB per second: 3 KB take about half a second.
            try server.write(paddedDocument(bytes: 3_000), to: "slow/tweaks.json")
            let provider = try makeProvider(server, "slow/tweaks.json")
            let start = Date()
            #expect(await provider.fetch() == .fetchedFromRemote)
            #expect(Date().timeIntervalSince(start) > 0.3, "the server really was slow")
        }
    }

    @Test func slowServerBeyondTheTimeoutFailsPromptly() async throws {
        try await withNginx { server in
            // About thirty seconds of trickling (under the 64 KB size limit): each chunk arrives well
            // within an idle timeout, so only a deadline over the whole exchange stops it. (Not a
            // held document: after a deadline, FoundationNetworking sometimes leaves the connection
            // open, and nginx, sending nothing more, then never logs the request.)
            try server.write(paddedDocument(bytes: 60_000), to: "slow/tweaks.json")
            let provider = try makeProvider(server, "slow/tweaks.json", timeout: 0.5, clock: TestClock())
            let status = await provider.fetch()
            #expect(status.failure == .timedOut(after: 0.5))
            // Stopped by the deadline, not by the end of the body: nginx logs a transfer the client
            // ended. (Bytes, not seconds: time in which a loaded machine did not run this task
            // does not count.)
            #expect(await eventually { await !server.requests(for: "/slow/tweaks.json").isEmpty })
            #expect(await server.requests(for: "/slow/tweaks.json").allSatisfy { $0.bodyBytesSent < 60_000 })
            guard await provider.fetch().throttledUntil != nil else {
                Issue.record("a timeout starts the backoff; got \(provider.lastFetchStatus)")
                return
            }
        }
    }

    @Test func truncatedDocumentIsRejectedWithItsPosition() async throws {
        try await withNginx { server in
            let provider = try await providerWithLastGood(server)
            try server.write(String(documentV2.prefix(60)), to: "tweaks.json")
            let status = await provider.fetch(expirationDuration: 0)
            guard let error = status.failure?.documentError else {
                Issue.record("expected an invalid document, got \(status)")
                return
            }
            #expect(error.source == server.url("tweaks.json").absoluteString)
            #expect(error.position != nil)
            #expect("\(error)".contains("invalid JSON"))
            #expect(!provider.hasPendingConfiguration)
            #expect(provider.activate().isEmpty)
            #expect(provider.value("checkout", "max_items") == 10)
            #expect(provider.throttledUntil == nil, "a bad document is not a reason to back off")
        }
    }

    @Test func truncatedTransferIsReportedAsTruncated() async throws {
        try await withNginx { server in
            // nginx declares the file's full length, then finds it cut short while sending and
            // closes the connection: the client sees fewer bytes than Content-Length.
            // `/crawl/` sends 50 bytes per second: the transfer is still under way minutes later,
            // however late this task runs again.
            try server.write(paddedDocument(bytes: 8_000), to: "crawl/tweaks.json")
            let provider = try makeProvider(server, "crawl/tweaks.json", clock: TestClock())
            let fetch = Task { await provider.fetch() }
            try await server.waitUntilSending("crawl/tweaks.json")
            let handle = try FileHandle(forWritingTo: server.documentRoot.appendingPathComponent("crawl/tweaks.json"))
            try handle.truncate(atOffset: 100)
            try handle.close()
            let status = await fetch.value
            guard let (expected, received) = status.failure?.truncation else {
                Issue.record("expected a truncated transfer, got \(status)")
                return
            }
            #expect(expected == 8_000 && received < expected)
            #expect(provider.throttledUntil != nil, "a cut connection starts the backoff")
        }
    }

    @Test func invalidAndSchemaInvalidDocumentsNameTheProblem() async throws {
        try await withNginx { server in
            let provider = try await providerWithLastGood(server)
            let cases: [(String, String)] = [
                (#"{"checkout": {"enabled": tru}}"#, "1:26"),
                (
                    #"{"checkout": {"enabled": null}}"#,
                    "1:26: checkout.enabled: found null; expected an entry object, or a Boolean, number, string or array"
                ),
                (#"{"checkout": {"enabled": {"Valu": true}}}"#, #"unknown field "Valu""#),
                (#"{"checkout": {"limits": {"a": 1}}}"#, #"unknown field "a""#),
                (#"["not", "an", "object"]"#, "expected object"),
                (#"{"checkout": {"enabled": true}, "checkout": {}}"#, "duplicate key"),
            ]
            for (document, expected) in cases {
                try server.write(document, to: "tweaks.json")
                let status = await provider.fetch(expirationDuration: 0)
                guard let error = status.failure?.documentError else {
                    Issue.record("\(document): expected an invalid document, got \(status)")
                    continue
                }
                #expect("\(error)".contains(expected), "\(error)")
                #expect(provider.value("checkout", "max_items") == 10)
            }
            #expect(!provider.hasPendingConfiguration)
        }
    }

    @Test func oversizeDocumentsAreRejectedHoweverTheyArrive() async throws {
        try await withNginx { server in
            let limit = 4_096
            let configuration = testConfiguration(maximumDocumentSize: limit)
            let large = paddedDocument(bytes: 20_000)
            // Declared by Content-Length.
            try server.write(large, to: "large.json")
            // Compressed on the fly: chunked, no Content-Length at all.
            try server.write(large, to: "gzip/large.json")
            // A small pre-compressed file whose Content-Length (the compressed size) is under the
            // limit while the document is five times over it.
            let gzipped = try gzip(Data(large.utf8))
            #expect(gzipped.count < limit)
            try server.write(gzipped, to: "gzip-static/large.json.gz")
            for path in ["large.json", "gzip/large.json", "gzip-static/large.json"] {
                let provider = try makeProvider(server, path, configuration: configuration)
                let status = await provider.fetch()
                #expect(status.failure == .tooLarge(limit: limit), "\(path): \(status)")
                #expect(provider.knownTweaks.isEmpty)
            }
            // Under the limit, compressed answers are accepted.
            try server.write(documentV1, to: "gzip/small.json")
            let small = try makeProvider(server, "gzip/small.json", configuration: configuration)
            #expect(await small.fetchAndActivate().status == .fetchedFromRemote)
            #expect(small.value("checkout", "max_items") == 10)
        }
    }

    @Test func verificationHookRejectsADocumentBeforeItIsStored() async throws {
        try await withNginx { server in
            struct Unsigned: Error, CustomStringConvertible {
                var description: String { "missing signature" }
            }
            let configuration = testConfiguration(verifyDocument: { data in
                guard String(decoding: data, as: UTF8.self).contains("Checkout") else { throw Unsigned() }
            })
            let provider = try await providerWithLastGood(server, configuration: configuration)
            try server.write(documentV2.replacingOccurrences(of: "Checkout", with: "Tampered"), to: "tweaks.json")
            let status = await provider.fetch(expirationDuration: 0)
            #expect(status.failure == .rejected("missing signature"))
            #expect(!provider.hasPendingConfiguration)
            #expect(provider.value("checkout", "max_items") == 10)
        }
    }

    @Test func customHeadersAreSent() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "private.json")
            let anonymous = try makeProvider(server, "private.json")
            #expect(await anonymous.fetch().failure == .httpStatus(401, retryAfter: nil))
            let authorized = try makeProvider(server, "private.json", headers: ["Authorization": "Bearer secret"])
            #expect(await authorized.fetch() == .fetchedFromRemote)
        }
    }

    @Test func redirectToPlainHTTPOnAPublicHostIsRefused() async throws {
        try await withNginx { server in
            let provider = try makeProvider(server, "insecure-redirect.json")
            let status = await provider.fetch()
            #expect(status.failure == .insecureURL("http://example.com/tweaks.json"))
        }
    }
}

/// A valid document of about `bytes` bytes: one feature with a long string value.
func paddedDocument(bytes: Int) -> String {
    let prefix = #"{"padding": {"text": ""#
    let suffix = #""}}"#
    return prefix + String(repeating: "x", count: max(0, bytes - prefix.count - suffix.count)) + suffix
}

/// `data` compressed with the system's `gzip` (only nginx tests need it, which never run where
/// Foundation's `Process` does not exist: iOS, tvOS and watchOS).
func gzip(_ data: Data) throws -> Data {
    #if os(macOS) || os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-9"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    #else
        throw TestServerError("gzip cannot be run on this platform (Foundation's Process does not exist here)")
    #endif
}
