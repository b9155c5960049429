import Foundation
import TestSupport
import Testing

/// The suites against a real nginx (and its nchan module) are skipped where they are not
/// installed; this test makes that show in the last line of `swift test` ("… passed … with 1
/// warning") instead of only in a line among hundreds.
@Suite struct NginxAvailabilityTests {
    @Test func theServerSuitesRanOrTheRunSaysTheyWereSkipped() {
        if !NginxServer.isRequiredOrAvailable {
            Issue.record(NginxServer.skipMessage, severity: .warning)
        } else if !Nchan.isRequiredOrAvailable {
            Issue.record(Comment(rawValue: Nchan.skipMessage), severity: .warning)
        }
    }
}

/// Two `swift test` runs at once: a port found free can be taken by the other run before nginx binds
/// it. The test server must then fail to start (and try another port), never pass off the other
/// run's server as its own: tests talking to it waited 15 s for files it never opened.
@Suite(.enabled(if: NginxProcess.isRequiredOrAvailable)) struct NginxPortTests {
    @Test func nginxOnAPortAnotherProcessHoldsIsNotTakenForStarted() async throws {
        let other = try FaultyHTTPServer(.document("{}"))
        defer { other.stop() }
        await #expect(throws: TestServerError.self) {
            let server = try await NginxProcess.start(name: "taken", port: other.port) { root, port in
                """
                \(NginxProcess.processDirectives(root: root))
                events {}
                http {
                    \(NginxProcess.temporaryPaths(root: root))
                    server { listen 127.0.0.1:\(port); }
                }
                """
            }
            server.stop()
        }
    }
}
