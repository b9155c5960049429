import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// Whether this machine routes 127.0.0.2 to itself (Linux does; macOS only with an alias).
private let hasSecondLoopbackAddress: Bool = {
    guard let server = try? FaultyHTTPServer(.silent, host: "127.0.0.2") else { return false }
    server.stop()
    return true
}()

/// Credentials go to the origin they were configured for, never further: a redirect that changes
/// scheme, host or port drops `Authorization`, cookies and the caller's own headers, for document
/// fetches and for the event stream alike (two servers: 127.0.0.1 redirects to 127.0.0.2).
@Suite(
    "Redirects and credentials", .enabled(if: hasSecondLoopbackAddress, "127.0.0.2 is not a loopback address here"))
struct RemoteRedirectCredentialTests {
    private let credentials = ["Authorization": "Bearer SECRET-TOKEN", "X-Api-Key": "KEY-123"]

    @Test func aDocumentRedirectToAnotherHostDropsTheCredentials() async throws {
        let target = try FaultyHTTPServer(.document(documentV1), host: "127.0.0.2")
        defer { target.stop() }
        let origin = try FaultyHTTPServer(.redirect(target.url.absoluteString))
        defer { origin.stop() }
        let provider = try makeProvider(url: origin.url, headers: credentials)
        let status = await provider.fetch(expirationDuration: 0)
        #expect(status == .fetchedFromRemote, "\(status)")
        #expect(origin.requests.first?.contains("Bearer SECRET-TOKEN") == true, "the origin gets them")
        let forwarded = try #require(target.requests.first)
        #expect(!forwarded.contains("SECRET-TOKEN") && !forwarded.contains("KEY-123"), "\(forwarded)")
    }

    @Test func anEventStreamRedirectToAnotherHostDropsTheCredentials() async throws {
        let target = try FaultyHTTPServer(.eventStream(": welcome\n\n"), host: "127.0.0.2")
        defer { target.stop() }
        let origin = try FaultyHTTPServer(.redirect(target.url("events").absoluteString))
        defer { origin.stop() }
        let provider = try makeProvider(url: origin.url("tweaks.json"))
        provider.startEventStream(
            try RemoteEventStreamConfiguration(url: origin.url("events"), headers: credentials, fetchDelay: 0...0))
        defer { provider.stopEventStream() }
        #expect(await eventually { provider.isEventStreamConnected })
        #expect(origin.requests.first { $0.hasPrefix("GET /events") }?.contains("Bearer SECRET-TOKEN") == true)
        // On Linux the stream's connection is warmed up by a bare OPTIONS first (it carries nothing).
        #expect(!target.requests.isEmpty)
        for forwarded in target.requests {
            #expect(!forwarded.contains("SECRET-TOKEN") && !forwarded.contains("KEY-123"), "\(forwarded)")
        }
        let stream = try #require(target.requests.first { $0.hasPrefix("GET /events") })
        #expect(stream.lowercased().contains("accept: text/event-stream"), "the stream's own headers stay")
    }

    @Test(requiresNginx) func aRedirectWithinTheOriginKeepsTheCredentials() async throws {
        try await withNginx { server in
            try server.write(documentV1, to: "private.json")
            let provider = try makeProvider(server, "moved-private.json", headers: ["Authorization": "Bearer secret"])
            let status = await provider.fetch(expirationDuration: 0)
            #expect(status == .fetchedFromRemote, "\(status)")
            #expect(await server.requests(for: "/private.json").map(\.status) == [200])
        }
    }
}
