import Foundation

/// The time source of a client: what time it is (to read `Retry-After` dates and rate-limit resets) and how to
/// wait (between retries, between polls).
///
/// Inject a test clock so tests never really sleep. `sleep(for:)` must throw `CancellationError` promptly when the
/// calling task is cancelled; the client reports that as `APIError.cancelled`.
public protocol APIClock: Sendable {
    /// The current date, as the server's dates are compared with it.
    func now() -> Date
    /// Waits `duration`; throws `CancellationError` promptly when the calling task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: APIClock {
    /// The system clock.
    public init() {}

    /// The current date.
    public func now() -> Date { Date() }

    /// Sleeps with `Task.sleep`; throws `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
