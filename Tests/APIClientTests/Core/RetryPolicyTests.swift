@testable import APIClient
import Foundation
import Testing

/// The policy's arithmetic, without a client.
struct RetryPolicyTests {
    private let now = TestClock.referenceDate

    @Test func backoffGrowsByTheMultiplierUpToMaxDelay() {
        let policy = RetryPolicy(maxAttempts: 10, initialDelay: .milliseconds(500), multiplier: 3, maxDelay: .seconds(10))
        #expect((1...5).map(policy.backoff(afterAttempt:))
            == [.milliseconds(500), .milliseconds(1500), .milliseconds(4500), .seconds(10), .seconds(10)])
    }

    @Test func noRetryOnceAttemptsAreUsedUp() {
        let policy = RetryPolicy(maxAttempts: 2)
        #expect(policy.decision(afterTransportErrorOnAttempt: 1, method: .get) != nil)
        #expect(policy.decision(afterTransportErrorOnAttempt: 2, method: .get) == nil)
        #expect(policy.decision(after: .make(503), attempt: 2, method: .get, now: now) == nil)
    }

    @Test func reasonsAreReported() {
        let policy = RetryPolicy()
        #expect(policy.decision(after: .make(502), attempt: 1, method: .get, now: now)?.reason == .serverError(status: 502))
        #expect(policy.decision(after: .make(429), attempt: 1, method: .get, now: now)?.reason == .rateLimited(status: 429))
        #expect(policy.decision(afterTransportErrorOnAttempt: 1, method: .put)?.reason == .transportError)
        #expect(policy.decision(afterTransportErrorOnAttempt: 1, method: .patch) == nil)
    }

    /// A date in the past means "now", not a negative wait.
    @Test func retryAfterInThePast_isZero() {
        let decision = RetryPolicy().decision(
            after: .make(503, headers: ["Retry-After": "Sat, 21 Nov 2026 09:00:00 GMT"]), attempt: 1, method: .get, now: now)
        #expect(decision?.delay == .zero)
    }

    /// The octokit fixtures normalise `x-ratelimit-reset` to milliseconds (1507651200000); read as seconds that is
    /// the year 49746, so such values are taken as milliseconds.
    @Test func millisecondResetTimesAreRecognised() {
        #expect(RateLimitHeaders.resetDate(epoch: 1_507_651_200_000) == Date(timeIntervalSince1970: 1_507_651_200))
        #expect(RateLimitHeaders.resetDate(epoch: 1_507_651_200) == Date(timeIntervalSince1970: 1_507_651_200))
    }

    /// Remaining requests mean no rate-limit wait, even with a reset time.
    @Test func remainingRequests_areNotExhausted() {
        let headers: HTTPFields = ["x-ratelimit-remaining": "4999", "x-ratelimit-reset": "1507651200000"]
        let limits = RateLimitHeaders(headers, now: now)
        #expect(!limits.isExhausted)
        #expect(limits.untilReset == nil)
    }

    @Test func unparsableRetryAfter_fallsBackToBackoff() {
        let decision = RetryPolicy().decision(
            after: .make(503, headers: ["Retry-After": "soon"]), attempt: 2, method: .get, now: now)
        #expect(decision?.delay == .seconds(2))
    }
}
