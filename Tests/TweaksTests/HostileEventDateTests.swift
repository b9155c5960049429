import Foundation
import Testing

@testable import Tweaks

/// A provider may pass any `Date` in an event; describing it (the log line, `description`, health)
/// must never stop the process.
@Suite("Hostile event dates")
struct HostileEventDateTests {
    /// Seconds from now: the dates are made in the tests (Swift Testing describes its arguments, and
    /// `Date.description` itself traps on an infinite or NaN date).
    static let offsets: [TimeInterval] = [
        1e19, -1e19, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 9.3e18,
        1e300, 6.4e10, -6.4e10, 0, -5,
    ]
    static var hostile: [Date] { offsets.map { Date().addingTimeInterval($0) } }

    @Test(arguments: offsets)
    func aFailureRetryingAtAnyDateIsDescribed(offset: TimeInterval) {
        let nextRetry = Date().addingTimeInterval(offset)
        let provider = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [provider])
        let log = LogRecorder()
        manager.logClosure = log.closure
        provider.postEvent(
            .failed(.fetch, error: TweakError.notFound(feature: "a", variable: "b"), nextRetry: nextRetry))
        #expect(
            log.all.contains {
                $0.level == .error && $0.text.contains("fetch failed") && $0.text.contains("next try at")
            })
        #expect(manager.providerHealth[0].description.contains("next try at"))
    }

    @Test(arguments: offsets)
    func anEventAtAnyDateIsDescribed(offset: TimeInterval) throws {
        let date = Date().addingTimeInterval(offset)
        for nextRetry in Self.hostile {
            let event = TweakProviderEvent.failed(
                .reload, error: TweakError.notFound(feature: "a", variable: "b"), nextRetry: nextRetry, at: date)
            #expect(event.description.contains("next try at"))
        }
        let provider = EphemeralTweakProvider(name: "p")
        let manager = TweakManager(tweakProviders: [provider])
        provider.postEvent(.succeeded(.fetch, at: date))
        #expect(manager.providerHealth[0].description.hasPrefix("p: healthy (last success "))
    }

    @Test func anInvalidDateIsNamedAsSuchAndAValidOneKeepsItsTimeAndWait() {
        let start = Date(timeIntervalSince1970: 1_777_629_600)  // 2026-05-01T10:00:00Z
        #expect(
            TweakProviderEvent.describe(nextRetry: start.addingTimeInterval(2), from: start)
                == "next try at 2026-05-01T10:00:02Z (in 2.0 s)")
        #expect(
            TweakProviderEvent.describe(nextRetry: start.addingTimeInterval(90), from: start)
                == "next try at 2026-05-01T10:01:30Z (in 90 s)")
        let far = TweakProviderEvent.describe(nextRetry: start.addingTimeInterval(1e19), from: start)
        #expect(far.hasPrefix("next try at an invalid date ("), "\(far)")
        let never = TweakProviderEvent.describe(nextRetry: Date(timeIntervalSinceReferenceDate: .nan), from: start)
        #expect(never == "next try at an invalid date (nan s from 2001-01-01T00:00:00Z)")
    }
}
