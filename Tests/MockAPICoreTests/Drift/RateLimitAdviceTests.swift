import MockAPICore
import Testing

/// When an upstream asks for a wait, and whether its answer is a refusal to send again.
struct RateLimitAdviceTests {
    private let now = 1_800_000_000.0

    @Test func retryAfter_inSecondsOrAsADate() {
        #expect(RateLimitAdvice(status: 429, headers: [("Retry-After", "7")], now: now) == RateLimitAdvice(wait: 7, refused: true))
        // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT.
        let dated = RateLimitAdvice(status: 503, headers: [("retry-after", "Fri, 15 Jan 2027 08:00:30 GMT")], now: now)
        #expect(dated == RateLimitAdvice(wait: 30, refused: true))
        #expect(RateLimitAdvice(status: 503, headers: [("retry-after", "soon")], now: now) == RateLimitAdvice(wait: nil, refused: true))
    }

    /// GitHub answers the last allowed request normally with remaining 0: compared, but the next waits for the reset.
    @Test func github_exhaustedLimit_waitsForTheReset() {
        let last = RateLimitAdvice(status: 200, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1800000042")], now: now)
        #expect(last == RateLimitAdvice(wait: 42, refused: false))
        let refused = RateLimitAdvice(status: 403, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1800000010")], now: now)
        #expect(refused == RateLimitAdvice(wait: 10, refused: true))
        let plenty = RateLimitAdvice(status: 200, headers: [("x-ratelimit-remaining", "4999"), ("x-ratelimit-reset", "1800000010")], now: now)
        #expect(plenty == RateLimitAdvice(wait: nil, refused: false))
    }

    @Test func qiita_rateHeaders() {
        let advice = RateLimitAdvice(status: 403, headers: [("Rate-Remaining", "0"), ("Rate-Reset", "1800000005")], now: now)
        #expect(advice == RateLimitAdvice(wait: 5, refused: true))
    }

    /// A 403 without rate-limit headers is a real answer (no permission), recorded or drifted like any other.
    @Test func forbidden_withoutRateLimitHeaders_isAnAnswer() {
        #expect(RateLimitAdvice(status: 403, headers: [("x-ratelimit-remaining", "12")], now: now) == RateLimitAdvice(wait: nil, refused: false))
    }

    /// A reset time already past asks for no wait.
    @Test func resetInThePast_waitsNothing() {
        let advice = RateLimitAdvice(status: 200, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1700000000")], now: now)
        #expect(advice == RateLimitAdvice(wait: 0, refused: false))
    }
}
