import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// Servers that misbehave after a good document was fetched, activated and persisted: every fault
/// ends in a `.failed` status with a typed error naming the source, promptly, and neither the
/// active configuration nor the cache file changes.
///
/// Faults covered elsewhere: HTTP 5xx/429/4xx (`RemoteFailureTests`), a server that is down
/// (`serverDownKeepsTheLastGoodConfigurationAndBacksOff`), a finite slow body beyond the timeout
/// (`slowServerBeyondTheTimeoutFailsPromptly`), a body cut short by the server
/// (`truncatedTransferIsReportedAsTruncated`), invalid documents, oversize and lying
/// `Content-Length` (`oversizeDocumentsAreRejectedHoweverTheyArrive`), an insecure redirect.
@Suite("Remote server faults", .timeLimit(.minutes(5)))
struct RemoteServerFaultTests {
    /// A fault and what the failed fetch must report.
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let matches: @Sendable (RemoteFetchError.Reason) -> Bool
        var testDescription: String { name }
    }

    /// The provider holds `documentV1`, active and persisted at `cacheURL`; `fault` switches the
    /// server to its fault; the next fetch must fail as `expected` and change nothing.
    ///
    /// Only the faults that a deadline ends (those reported as `.timedOut(after: 1)`) get a
    /// one-second one; every other fetch has ``HangGuard``'s, for a loaded machine can take longer
    /// than a second to fetch a small document or to follow a redirect loop to its end. The
    /// provider is loaded from the cache that a first provider (with the long deadline) filled.
    private func expectFaultKeepsTheLastGood(
        url: URL, cacheURL: URL, fault: () throws -> Void, expected: Fault
    ) async throws {
        let timeout = expected.matches(.timedOut(after: 1)) ? 1 : HangGuard.seconds
        let first = try makeProvider(url: url, cacheURL: cacheURL, clock: TestClock())
        #expect(await first.fetchAndActivate().status == .fetchedFromRemote, "\(expected.name)")
        let provider = try makeProvider(url: url, cacheURL: cacheURL, timeout: timeout, clock: TestClock())
        let persisted = try Data(contentsOf: cacheURL)
        try fault()
        let start = Date()
        let status = await provider.fetch(expirationDuration: 0)
        // Each fault would hold the fetch until the test's time limit (five minutes) without its
        // deadline; the margin (the hang guard) is for a loaded machine, where this task once
        // waited 11 s for a thread.
        #expect(
            Date().timeIntervalSince(start) < timeout + HangGuard.seconds,
            "\(expected.name): ends by the fetch deadline")
        guard let error = status.error else {
            Issue.record("\(expected.name): expected a failure, got \(status)")
            return
        }
        #expect(expected.matches(error.reason), "\(expected.name): \(error)")
        #expect("\(error)".contains(url.absoluteString), "\(expected.name): the error names the source: \(error)")
        #expect(provider.lastFetchStatus == status)
        #expect(!provider.hasPendingConfiguration && provider.activate().isEmpty, "\(expected.name)")
        #expect(provider.value("checkout", "max_items") == 10, "\(expected.name): the last-good values stay active")
        #expect(try Data(contentsOf: cacheURL) == persisted, "\(expected.name): the cache file is unchanged")
        let restarted = try makeProvider(url: url, cacheURL: cacheURL)
        #expect(restarted.cacheError == nil && restarted.value("checkout", "max_items") == 10, "\(expected.name)")
    }

    private static func reason(_ expected: RemoteFetchError.Reason) -> @Sendable (RemoteFetchError.Reason) -> Bool {
        { $0 == expected }
    }

    static let nginxFaults: [(path: String, fault: Fault)] = [
        (
            "closed.json",
            Fault(name: "connection closed without an answer (444)") { reason in
                reason.transportDetail?.contains("URLError") == true
            }
        ),
        (
            "loop.json",
            Fault(name: "redirect loop") { reason in
                reason.transportDetail?.contains("too many redirects") == true
            }
        ),
        (
            "html-error.json",
            Fault(name: "200 with an HTML error page", matches: reason(.unexpectedContentType("text/html")))
        ),
        (
            "html-as-json.json",
            Fault(name: "200 with an HTML page labelled application/json") { reason in
                guard let error = reason.documentError, let detail = error.reason.detail else { return false }
                return error.reason == .invalidJSON(detail) && error.position == TextPosition(line: 1, column: 1)
            }
        ),
        (
            "as-html/tweaks.json",
            Fault(name: "a JSON document served as text/html", matches: reason(.unexpectedContentType("text/html")))
        ),
        (
            "as-xml/tweaks.json",
            Fault(
                name: "a JSON document served as application/xml",
                matches: reason(.unexpectedContentType("application/xml")))
        ),
        ("endless/tweaks.json", Fault(name: "a 60 KB body at 1 KB/s", matches: reason(.timedOut(after: 1)))),
    ]

    @Test(requiresNginx) func nginxFaultsKeepTheLastGoodConfigurationAndCache() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try await withNginx { server in
            for (path, _) in Self.nginxFaults
            where !path.hasSuffix("html-error.json") && !path.hasSuffix("-as-json.json") {
                let text = path.hasPrefix("endless/") ? paddedDocument(bytes: 60_000) : documentV2
                try server.write(text, to: "fault/\(path)")
            }
            for (index, (path, fault)) in Self.nginxFaults.enumerated() {
                try? server.remove("faults.on")
                try server.write(documentV1, to: "f/\(path)")
                try await expectFaultKeepsTheLastGood(
                    url: server.url("f/\(path)"), cacheURL: directory.file("\(index).cache"),
                    fault: { try server.write("", to: "faults.on") }, expected: fault)
            }
        }
    }

    @Test(requiresNginx) func jsonPlainTextAndOctetStreamAnswersAreAccepted() async throws {
        try await withNginx { server in
            try server.write(documentV2, to: "fault/as-text/tweaks.json")
            try server.write(documentV2, to: "fault/tweaks.bin")
            try server.write(documentV2, to: "fault/tweaks.json")
            for path in ["fault/as-text/tweaks.json", "fault/tweaks.bin", "fault/tweaks.json"] {
                let provider = try makeProvider(server, path)
                #expect(await provider.fetchAndActivate().status == .fetchedFromRemote, "\(path)")
                #expect(provider.value("checkout", "max_items") == 20, "\(path)")
            }
        }
    }

    @Test func mediaTypesThatCannotBeAJSONDocumentAreNamed() {
        #expect(HTTPRemoteTweakSource.unacceptableMediaType("application/json; charset=utf-8") == nil)
        #expect(HTTPRemoteTweakSource.unacceptableMediaType("Application/Vnd.Tweaks+JSON") == nil)
        #expect(HTTPRemoteTweakSource.unacceptableMediaType(" text/plain ;charset=us-ascii") == nil)
        #expect(HTTPRemoteTweakSource.unacceptableMediaType("binary/octet-stream") == nil)
        #expect(HTTPRemoteTweakSource.unacceptableMediaType("TEXT/HTML; charset=UTF-8") == "text/html")
        #expect(HTTPRemoteTweakSource.unacceptableMediaType("image/png") == "image/png")
        let error = RemoteFetchError(source: "https://cdn/t.json", reason: .unexpectedContentType("text/html"))
        #expect(
            "\(error)"
                == "https://cdn/t.json: the server answered text/html, not a JSON document (an error or login page?)")
        #expect(!error.startsBackoff)
    }

    static let socketFaults: [(FaultyHTTPServer.Behaviour?, Fault)] = [
        (
            nil,
            Fault(name: "connection refused") { reason in
                reason.transportDetail?.contains("could not connect") == true
            }
        ),
        (
            .resetMidBody(declaredLength: 1_000, body: String(documentV2.prefix(40))),
            Fault(name: "reset mid-body") {
                reason in
                reason == .truncated(expected: 1_000, received: 40)
            }
        ),
        (
            .resetMidChunkedBody(body: String(documentV2.prefix(40))),
            Fault(name: "reset mid-body, chunked") { reason in
                reason.transportDetail != nil
            }
        ),
        (.endlessSlowBody, Fault(name: "endless slow body", matches: reason(.timedOut(after: 1)))),
        (.silent, Fault(name: "no answer at all", matches: reason(.timedOut(after: 1)))),
    ]

    @Test(arguments: 0..<socketFaults.count)
    func socketFaultsKeepTheLastGoodConfigurationAndCache(_ index: Int) async throws {
        let (behaviour, fault) = Self.socketFaults[index]
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try FaultyHTTPServer(.document(documentV1))
        defer { server.stop() }
        try await expectFaultKeepsTheLastGood(
            url: server.url, cacheURL: directory.file("remote.cache"),
            fault: {
                if let behaviour { server.setBehaviour(behaviour) } else { server.stop() }
            },
            expected: fault)
    }
}
