import Foundation
import TestSupport
import Testing
import Tweaks

@testable import TweaksRemote

/// The nginx tests' trait: they run where nginx is installed, and always on CI (where a missing
/// nginx fails them); elsewhere they are skipped with a loud message.
let requiresNginx = ConditionTrait.enabled(if: NginxServer.isRequiredOrAvailable, NginxServer.skipMessage)

/// Fast settings for tests: a one-second backoff without jitter, a minute's minimum interval.
func testConfiguration(
    minimumFetchInterval: Double = 60, maximumDocumentSize: Int = 64 * 1024,
    verifyDocument: (@Sendable (Data) throws -> Void)? = nil
) -> RemoteTweakProviderConfiguration {
    RemoteTweakProviderConfiguration(
        minimumFetchInterval: minimumFetchInterval,
        backoff: RemoteBackoffPolicy(initialDelay: 1, maximumDelay: 4, multiplier: 2, jitter: 0),
        maximumDocumentSize: maximumDocumentSize, verifyDocument: verifyDocument)
}

/// A provider of `path` on `server`, persisted at `cacheURL` when given, on the system clock or
/// on `clock`. Its fetches' deadline is ``HangGuard``'s unless a test about deadlines sets one: on a
/// loaded machine a fetch of a few bytes from loopback has taken more than 5 seconds.
func makeProvider(
    _ server: NginxServer, _ path: String, cacheURL: URL? = nil, timeout: Double = HangGuard.seconds,
    headers: [String: String] = [:], configuration: RemoteTweakProviderConfiguration = testConfiguration(),
    clock: TestClock? = nil
) throws -> RemoteTweakProvider {
    try makeProvider(
        url: server.url(path), cacheURL: cacheURL, timeout: timeout, headers: headers, configuration: configuration,
        clock: clock)
}

/// A provider of `url` (a server that may be gone), persisted at `cacheURL` when given.
func makeProvider(
    url: URL, cacheURL: URL? = nil, timeout: Double = HangGuard.seconds, headers: [String: String] = [:],
    configuration: RemoteTweakProviderConfiguration = testConfiguration(), clock: TestClock? = nil
) throws -> RemoteTweakProvider {
    let source = try HTTPRemoteTweakSource(url: url, headers: headers, timeout: timeout)
    guard let clock else {
        return RemoteTweakProvider(source: source, cacheURL: cacheURL, name: "remote", configuration: configuration)
    }
    return RemoteTweakProvider(
        source: source, cacheURL: cacheURL, name: "remote", configuration: configuration, clock: { clock.now })
}

/// A clock that only moves when a test says so: minimum intervals and backoffs are tested exactly
/// and without waiting, however busy the machine is.
final class TestClock: Sendable {
    private let current = Locked(Date())
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: Double) { current.withLock { $0 += seconds } }
}

/// Runs `body` with a started nginx that is stopped afterwards, whatever happens.
func withNginx<Result>(_ body: (NginxServer) async throws -> Result) async throws -> Result {
    let server = try await NginxServer.start()
    defer { server.stop() }
    return try await body(server)
}

/// Runs `body` with a started nginx whose `/held/` is passed to a server of the test's own that
/// answers with `document` and holds back its last byte until the test releases it (see ``HeldDocument``):
/// a request under way for as long as the test needs. The upstream's `requests` are the requests
/// that reached it through nginx.
func withNginx<Result>(
    holding document: HeldDocument, _ body: (NginxServer, FaultyHTTPServer) async throws -> Result
) async throws -> Result {
    let upstream = try FaultyHTTPServer(.held(document))
    defer { upstream.stop() }
    let server = try await NginxServer.start(upstream: upstream)
    defer { server.stop() }
    return try await body(server, upstream)
}

/// Waits (on progress, with ``HangGuard``) until `upstream` has received `count` requests, i.e.
/// until they are under way; throws when they never come.
func waitForRequests(
    _ count: Int, to upstream: FaultyHTTPServer, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try #require(
        await eventually { upstream.requests.count >= count }, "\(count) request(s) reached the upstream",
        sourceLocation: sourceLocation)
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("TweaksRemoteTests-\(UUID().uuidString)", isDirectory: true)

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

extension RemoteTweakProvider {
    /// The callers waiting for the fetch under way (0: none), from the provider's state: a test
    /// waits for them to join instead of hoping they do within a slow transfer's seconds.
    var callersOfTheFetchUnderWay: Int { fetches.callersOfTheFetchUnderWay }

    /// The active value of `feature.variable`, or `nil`.
    func value(_ feature: String, _ variable: String) -> TweakValue? {
        (try? tweakIfPresent(feature: feature, variable: variable))?.value
    }
}

extension RemoteFetchStatus {
    /// The failure's reason, for `#expect(status.failure == …)`.
    var failure: RemoteFetchError.Reason? { error?.reason }
}

extension RemoteFetchError.Reason {
    /// The text of a ``transport(_:)`` reason; `nil` for any other reason.
    var transportDetail: String? { detail.flatMap { self == .transport($0) ? $0 : nil } }
}

/// The first document of most tests, in the full schema.
let documentV1 = """
    {
        "checkout": {
            "enabled": {"Value": true, "Title": "Checkout"},
            "max_items": {"Value": 10}
        },
        "ui": {"label_text": {"Value": "Hello"}}
    }
    """

/// The second: `max_items` changed, `label_text` removed, `banner` added, `enabled` unchanged (compact form).
let documentV2 = """
    {
        "checkout": {
            "enabled": {"Value": true, "Title": "Checkout"},
            "max_items": 20
        },
        "ui": {"banner": "Sale"}
    }
    """
