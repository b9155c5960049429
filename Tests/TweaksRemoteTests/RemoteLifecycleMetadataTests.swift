import Foundation
import Testing
import Tweaks

@testable import TweaksRemote

/// Lifecycle metadata never costs a remote document its values: a bad `Owner`, `Kind`,
/// `Created` or `Expires` (or a kind a later version adds) is a warning, not a rejection.
@Suite("Remote lifecycle metadata against nginx", requiresNginx, .timeLimit(.minutes(5)))
struct RemoteLifecycleMetadataTests {
    @Test func badMetadataIsAWarningAndTheValuesAreUsed() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try await withNginx { server in
            try server.write(
                #"""
                {"checkout": {
                  "enabled": {"Value": true, "Kind": "kill-switch", "Owner": "@payments"},
                  "limit": {"Value": 3, "Expires": "2026-02-30"},
                  "style": {"Value": "plain", "Created": "2026-03-01", "Expires": "2026-02-01"}
                }}
                """#, to: "tweaks.json")
            let provider = try makeProvider(server, "tweaks.json", cacheURL: directory.file("remote.cache"))
            #expect(await provider.fetchAndActivate().status == .fetchedFromRemote)
            #expect(provider.value("checkout", "enabled") == .bool(true))
            #expect(provider.value("checkout", "limit") == .int(3))
            #expect(provider.value("checkout", "style") == .string("plain"))
            #expect(
                provider.activeWarnings.map(\.reason) == [
                    .invalidFieldValue(
                        field: "Kind", value: "kill-switch",
                        expected: "one of release, experiment, operational, permission"),
                    .invalidFieldValue(
                        field: "Expires", value: "2026-02-30",
                        expected: "a day from 01 to 28 (February 2026 has 28 days)"),
                    .invalidFieldValue(
                        field: "Expires", value: "2026-02-01", expected: #"a date on or after "Created" (2026-03-01)"#),
                ])
            let first = provider.activeWarnings.first
            #expect(first?.feature == "checkout" && first?.variable == "enabled")
        }
    }
}
