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
