import APIClient
import Foundation
import Synchronization

/// A client clock that never sleeps: it records the delays the client asks for and returns at once, so retry tests
/// check the wait without waiting. With `blocksSleeps`, every sleep instead announces itself on `sleepStarted` and
/// then waits until its task is cancelled, so a test can cancel a call exactly while it waits.
final class RecordingClock: APIClock {
    private let recorded = Mutex<[Duration]>([])
    let blocksSleeps: Bool
    /// The delay of each sleep as it starts (only when `blocksSleeps`).
    let sleepStarted: AsyncStream<Duration>
    private let sleepStartedContinuation: AsyncStream<Duration>.Continuation
    /// Never yields nor finishes: iterating it ends only when the iterating task is cancelled.
    private let forever: AsyncStream<Never>
    private let foreverContinuation: AsyncStream<Never>.Continuation

    init(blocksSleeps: Bool = false) {
        self.blocksSleeps = blocksSleeps
        (sleepStarted, sleepStartedContinuation) = AsyncStream.makeStream()
        (forever, foreverContinuation) = AsyncStream.makeStream()
    }

    /// The delays asked for so far, in order.
    var sleeps: [Duration] { recorded.withLock { $0 } }

    func now() -> Date { Date() }

    func sleep(for duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
        guard blocksSleeps else { return }
        sleepStartedContinuation.yield(duration)
        for await _ in forever {}
        throw CancellationError()
    }
}

/// A thread-safe counter for `@Sendable` callbacks.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
