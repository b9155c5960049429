import Testing

/// The suites against a real nginx are skipped where it is not installed; this test makes that
/// show in the last line of `swift test` ("… passed … with 1 warning") instead of only in a line
/// among hundreds.
@Suite struct NginxAvailabilityTests {
    @Test func theServerSuitesRanOrTheRunSaysTheyWereSkipped() {
        guard !NginxServer.isRequiredOrAvailable else { return }
        Issue.record(NginxServer.skipMessage, severity: .warning)
    }
}
