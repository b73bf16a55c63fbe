import APIClient
import Foundation
import Synchronization

/// A clock that never really sleeps: it records the delays it is asked to wait and returns at once, or (when
/// `blocksSleeps`) suspends every sleep until the task is cancelled, announcing it on `sleepStarted`.
final class TestClock: APIClock {
    let fixedNow: Date
    let blocksSleeps: Bool
    private let recorded = Mutex<[Duration]>([])
    let sleepStarted: AsyncStream<Duration>
    private let sleepStartedContinuation: AsyncStream<Duration>.Continuation
    /// Never yields nor finishes: iterating it waits for cancellation.
    private let forever: AsyncStream<Never>
    private let foreverContinuation: AsyncStream<Never>.Continuation

    /// 2026-11-21T10:00:00Z, a whole second so HTTP dates compare exactly.
    static let referenceDate = Date(timeIntervalSince1970: 1_795_255_200)

    init(now: Date = TestClock.referenceDate, blocksSleeps: Bool = false) {
        fixedNow = now
        self.blocksSleeps = blocksSleeps
        (sleepStarted, sleepStartedContinuation) = AsyncStream.makeStream()
        (forever, foreverContinuation) = AsyncStream.makeStream()
    }

    /// The delays asked for so far, in order.
    var sleeps: [Duration] { recorded.withLock { $0 } }

    func now() -> Date { fixedNow }

    func sleep(for duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
        guard blocksSleeps else { return }
        sleepStartedContinuation.yield(duration)
        for await _ in forever {}
        throw CancellationError()
    }
}
