import Foundation
import HTTPTypes

/// What an answer's headers say about when to come back.
struct RateLimitHeaders {
    /// `Retry-After`, as a delay from now (never negative).
    var retryAfter: Duration?
    /// Whether a rate-limit header says no requests remain.
    var isExhausted: Bool
    /// The time until the rate limit resets, when it is exhausted and the reset time is known (never negative).
    var untilReset: Duration?

    /// Remaining/reset header pairs: GitHub's, then Qiita's.
    static let pairs = [("x-ratelimit-remaining", "x-ratelimit-reset"), ("rate-remaining", "rate-reset")]

    init(_ headers: HTTPFields, now: Date) {
        retryAfter = headers[.retryAfter].flatMap { Self.delay(retryAfter: $0, now: now) }
        isExhausted = false
        untilReset = nil
        for (remainingName, resetName) in Self.pairs {
            guard let remaining = headers.first(named: remainingName).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
                  remaining <= 0 else { continue }
            isExhausted = true
            if let reset = headers.first(named: resetName).flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
                untilReset = Self.nonNegative(Self.resetDate(epoch: reset).timeIntervalSince(now))
            }
            return
        }
    }

    /// `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`.
    static func delay(retryAfter value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite {
            return nonNegative(seconds)
        }
        return HTTPDate.parse(trimmed).map { nonNegative($0.timeIntervalSince(now)) }
    }

    /// Reset times are epoch seconds. Values past year 5000 can only be milliseconds (the octokit fixtures'
    /// normalised `1507651200000`), so they are read as such.
    static func resetDate(epoch: Double) -> Date {
        Date(timeIntervalSince1970: epoch > 100_000_000_000 ? epoch / 1000 : epoch)
    }

    static func nonNegative(_ seconds: Double) -> Duration {
        seconds > 0 ? .milliseconds(Int64((seconds * 1000).rounded(.up))) : .zero
    }
}
