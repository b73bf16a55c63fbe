import Glibc

/// What an answer's headers say about sending more requests: `Retry-After` (seconds or an HTTP date), GitHub's
/// `x-ratelimit-remaining`/`x-ratelimit-reset` and Qiita's `rate-remaining`/`rate-reset` (reset in epoch seconds).
package struct RateLimitAdvice: Sendable, Equatable {
    /// Seconds to wait before the next request to the same upstream; nil when nothing asks for a wait.
    package var wait: Double?
    /// Whether the answer is a refusal for the rate limit rather than the API's answer (429; 403 or 503 with
    /// `Retry-After` or no requests remaining), so it is not compared but sent again after the wait.
    package var refused: Bool

    /// Remaining/reset header pairs: GitHub's, then Qiita's.
    static let pairs = [("x-ratelimit-remaining", "x-ratelimit-reset"), ("rate-remaining", "rate-reset")]

    package init(wait: Double?, refused: Bool) {
        self.wait = wait
        self.refused = refused
    }

    /// Reads an answer's status and headers at the time `now` (epoch seconds).
    package init(status: Int, headers: HTTPHeaders, now: Double) {
        var wait = headers["retry-after"].flatMap { RateLimitAdvice.seconds(retryAfter: $0, now: now) }
        var exhausted = false
        for (remainingName, resetName) in RateLimitAdvice.pairs {
            guard let remaining = headers[remainingName].flatMap({ Int($0.trimmingSpaces()) }), remaining <= 0 else { continue }
            exhausted = true
            if let reset = headers[resetName].flatMap({ Double($0.trimmingSpaces()) }), reset.isFinite {
                wait = max(wait ?? 0, reset - now)
            }
            break
        }
        self.wait = wait.map { max($0, 0) }
        self.refused = status == 429 || ((status == 403 || status == 503) && (exhausted || headers.contains("retry-after")))
    }

    /// `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT`, as seconds from `now`.
    static func seconds(retryAfter value: String, now: Double) -> Double? {
        let text = value.trimmingSpaces()
        if let seconds = Double(text), seconds.isFinite { return seconds }
        return httpDate(text).map { $0 - now }
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form servers send, as epoch seconds.
    static func httpDate(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard parts.count == 6, parts[5] == "GMT", let day = Int32(parts[1]), let year = Int32(parts[3]),
              let month = months.firstIndex(of: parts[2].lowercased()) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int32($0) }
        guard clock.count == 3 else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = Int32(month)
        fields.tm_mday = day
        fields.tm_hour = clock[0]
        fields.tm_min = clock[1]
        fields.tm_sec = clock[2]
        return Double(timegm(&fields))
    }
}
