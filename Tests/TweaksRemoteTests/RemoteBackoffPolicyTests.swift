import Foundation
import Testing

@testable import TweaksRemote

@Suite("Backoff policy and Retry-After")
struct RemoteBackoffPolicyTests {
    @Test func delaysDoubleUpToTheMaximumAndHonourRetryAfter() {
        let policy = RemoteBackoffPolicy()  // Firebase's: 2 minutes doubling to 4 hours
        let delays = (1...9).map { policy.delay(afterFailures: $0, retryAfter: nil, random: 0.5) }
        #expect(delays == [120, 240, 480, 960, 1920, 3840, 7680, 14_400, 14_400])
        #expect(policy.delay(afterFailures: 1, retryAfter: 600, random: 0.5) == 600, "Retry-After is honoured")
        #expect(policy.delay(afterFailures: 1, retryAfter: 86_400, random: 0.5) == 14_400, "but capped")
        #expect(policy.delay(afterFailures: 3, retryAfter: 10, random: 0.5) == 480, "never shorter than the backoff")
    }

    @Test func jitterSpreadsTheDelay() {
        let policy = RemoteBackoffPolicy(initialDelay: 100, jitter: 0.25)
        #expect(policy.delay(afterFailures: 1, retryAfter: nil, random: 0) == 75)
        #expect(policy.delay(afterFailures: 1, retryAfter: nil, random: 1) == 125)
    }

    @Test func retryAfterReadsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(RetryAfter.seconds(from: "120", now: now) == 120)
        #expect(RetryAfter.seconds(from: " 0 ", now: now) == 0)
        #expect(RetryAfter.seconds(from: "Wed, 21 Oct 2015 07:30:00 GMT", now: now) == 120)
        #expect(RetryAfter.seconds(from: "Wed, 21 Oct 2015 07:00:00 GMT", now: now) == 0, "a past date: now")
        #expect(RetryAfter.seconds(from: "-5", now: now) == nil)
        #expect(RetryAfter.seconds(from: "soon", now: now) == nil)
    }
}

@Suite("Backoff proportioned to the polling interval")
struct RemoteBackoffProportionTests {
    @Test func shortIntervalsWaitAboutOneIntervalAndAtMost120() {
        let policy = RemoteBackoffPolicy().proportioned(toPollingInterval: 1)
        let delays = (1...9).map { policy.delay(afterFailures: $0, retryAfter: nil, random: 0.5) }
        #expect(delays == [1, 2, 4, 8, 16, 32, 64, 120, 120])
        #expect(policy.delay(afterFailures: 1, retryAfter: 30, random: 0.5) == 30, "Retry-After is still honoured")
    }

    @Test func longIntervalsKeepFirebasesValues() {
        for interval in [120.0, 3600, 43_200] {
            #expect(RemoteBackoffPolicy().proportioned(toPollingInterval: interval) == RemoteBackoffPolicy())
        }
        #expect(RemoteBackoffPolicy().proportioned(toPollingInterval: 30).maximumDelay == 3600)
        #expect(RemoteBackoffPolicy().proportioned(toPollingInterval: .infinity) == RemoteBackoffPolicy())
    }
}
