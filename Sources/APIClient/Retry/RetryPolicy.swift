import Foundation
import HTTPTypes

/// When and how long a client waits before repeating a failed attempt.
///
/// Retried: transport failures and 5xx answers (for idempotent methods, unless `retriesNonIdempotentRequests`),
/// 429 and rate-limited 403 answers (for every method: the server did not process them).
///
/// The delay is the server's when it names one: `Retry-After` (seconds or HTTP date), or the reset time of an
/// exhausted rate limit (GitHub `x-ratelimit-remaining: 0` + `x-ratelimit-reset`, Qiita `Rate-Remaining: 0` +
/// `Rate-Reset`, epoch seconds). Otherwise it is exponential backoff: `initialDelay × multiplier^(attempt − 1)`,
/// capped at `maxDelay`. A server-named delay longer than `maxDelay` is not shortened: the client gives up and
/// the caller gets the error, with the headers that say when to come back.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in total, the first included. `1` means no retries.
    public var maxAttempts: Int
    /// The backoff before the second attempt.
    public var initialDelay: Duration
    /// The factor between one backoff and the next.
    public var multiplier: Double
    /// The longest the client waits before one retry.
    public var maxDelay: Duration
    /// Also retry POST and PATCH after a 5xx or transport failure, which may repeat their effect.
    public var retriesNonIdempotentRequests: Bool

    /// A policy of up to `maxAttempts` attempts, backing off from `initialDelay` by `multiplier` up to `maxDelay`;
    /// transport failures and 5xx answers of non-idempotent methods are repeated only when
    /// `retriesNonIdempotentRequests` is true.
    public init(
        maxAttempts: Int = 3, initialDelay: Duration = .seconds(1), multiplier: Double = 2,
        maxDelay: Duration = .seconds(60), retriesNonIdempotentRequests: Bool = false
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
    }

    /// Three attempts, 1 s then 2 s apart, never waiting more than a minute.
    public static let `default` = RetryPolicy()

    /// One attempt, no retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The backoff after attempt number `attempt` (1-based) failed.
    public func backoff(afterAttempt attempt: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, attempt - 1)))
        let seconds = initialDelay.seconds * factor
        guard seconds.isFinite, seconds < maxDelay.seconds else { return maxDelay }
        return initialDelay * factor
    }

    /// Whether and when to retry after attempt number `attempt` failed with no answer.
    public func decision(afterTransportErrorOnAttempt attempt: Int, method: HTTPRequest.Method) -> RetryDecision? {
        guard attempt < maxAttempts, method.isIdempotent || retriesNonIdempotentRequests else { return nil }
        return RetryDecision(delay: backoff(afterAttempt: attempt), reason: .transportError)
    }

    /// Whether and when to retry after attempt number `attempt` was answered with `response`.
    public func decision(
        after response: HTTPResponse, attempt: Int, method: HTTPRequest.Method, now: Date
    ) -> RetryDecision? {
        guard attempt < maxAttempts else { return nil }
        let limits = RateLimitHeaders(response.headerFields, now: now)
        let status = response.status.code
        let reason: RetryDecision.Reason
        // GitHub answers an exhausted or secondary rate limit with 403 (or 429) and says so in its headers.
        let isRateLimited = status == 429 || (status == 403 && (limits.isExhausted || limits.retryAfter != nil))
        if isRateLimited {
            reason = .rateLimited(status: status)
        } else if response.status.kind == .serverError, method.isIdempotent || retriesNonIdempotentRequests {
            reason = .serverError(status: status)
        } else {
            return nil
        }
        let serverDelay = limits.retryAfter ?? (reason.isRateLimit ? limits.untilReset : nil)
        guard let serverDelay else {
            return RetryDecision(delay: backoff(afterAttempt: attempt), reason: reason)
        }
        guard serverDelay <= maxDelay else { return nil }
        return RetryDecision(delay: serverDelay, reason: reason)
    }
}

/// A decision to repeat an attempt: how long to wait first, and why.
public struct RetryDecision: Sendable, Hashable {
    /// Why an attempt is repeated.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// No answer arrived (the connection failed, reset or timed out).
        case transportError
        /// The server answered with this 5xx status.
        case serverError(status: Int)
        /// The server refused for its rate limit: 429, or 403 with exhausted rate-limit headers.
        case rateLimited(status: Int)

        var isRateLimit: Bool {
            if case .rateLimited = self { return true }
            return false
        }

        /// The reason in words, for logs and events.
        public var description: String {
            switch self {
            case .transportError: "no response"
            case .serverError(let status): "server error \(status)"
            case .rateLimited(let status): "rate limited (\(status))"
            }
        }
    }

    /// How long to wait before the next attempt.
    public var delay: Duration
    /// Why the attempt is repeated.
    public var reason: Reason

    /// A decision to wait `delay` and try again, because of `reason`.
    public init(delay: Duration, reason: Reason) {
        self.delay = delay
        self.reason = reason
    }
}

extension Duration {
    /// The duration in seconds, with its fraction.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
