import Synchronization

/// The time for `mockapi drift`: wall-clock seconds, because rate limits reset at epoch times, and sleeping. Tests
/// pass a clock whose sleep only moves its time on, so waits for a rate limit take no real time.
package protocol DriftClock: Sendable {
    /// Seconds since 1970.
    func now() -> Double
    func sleep(seconds: Double) async throws
}

/// The real clock.
package struct SystemDriftClock: DriftClock {
    package init() {}

    package func now() -> Double { Journal.now() }

    package func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }
}

/// Why a request was not sent: its upstream asked for a wait longer than allowed.
struct RateLimitExceeded: Error, Sendable, CustomStringConvertible {
    package let upstream: String
    package let seconds: Double
    package let allowed: Double

    package var description: String {
        "\(upstream) is rate limited for \(Int(seconds.rounded(.up))) s more, longer than the --max-wait of "
            + "\(Int(allowed)) s; run again later or raise --max-wait"
    }
}

/// Holds back every request to an upstream that asked for a wait (`Retry-After`, an exhausted rate limit) until the
/// wait is over, so concurrent requests do not run into the same limit one after the other.
package final class RateGate: Sendable {
    package let clock: any DriftClock
    /// The longest wait accepted; a longer one fails the request rather than stall the run.
    package let maximumWait: Double
    /// Per upstream, the time before which nothing is sent.
    private let closedUntil = Mutex<[String: Double]>([:])

    package init(clock: any DriftClock, maximumWait: Double) {
        self.clock = clock
        self.maximumWait = maximumWait
    }

    /// Returns when a request to `upstream` may go out.
    func enter(_ upstream: String) async throws {
        while true {
            let until = closedUntil.withLock { $0[upstream] } ?? 0
            let remaining = until - clock.now()
            guard remaining > 0 else { return }
            guard remaining <= maximumWait else { throw RateLimitExceeded(upstream: upstream, seconds: remaining, allowed: maximumWait) }
            try await clock.sleep(seconds: remaining)
        }
    }

    /// Closes the gate of `upstream` for `seconds` from now (never shortening an earlier closing).
    package func hold(_ upstream: String, seconds: Double) {
        let until = clock.now() + seconds
        closedUntil.withLock { $0[upstream] = max($0[upstream] ?? 0, until) }
    }
}
