import Foundation
@testable import MockAPIServer
import Synchronization
import Testing

/// The pacing clock resumes waiting streams: each action runs once it is due (never before), in due order; closing it
/// runs every pending action at once, so a stopping server cuts its streams instead of waiting for their next chunk.
@Suite(.timeLimit(.minutes(1)))
struct PacingClockTests {
    /// Actions added in any order run in the order they are due, none before its time.
    @Test func actions_runInDueOrder_noneBeforeItsTime() async throws {
        let clock = PacingClock()
        let ran = AsyncStream<(Int, ContinuousClock.Instant)>.makeStream()
        let start = ContinuousClock.now
        let dues = [30, 0, 20, 10].map { (order: $0 / 10, due: start + .milliseconds($0)) }
        for (order, due) in dues {
            #expect(clock.run(at: due) { ran.continuation.yield((order, .now)) })
        }
        var seen: [Int] = []
        for await (order, at) in ran.stream {
            seen.append(order)
            let due = try #require(dues.first { $0.order == order }?.due)
            #expect(at >= due, "action \(order) ran \(at.duration(to: due)) early")
            if seen.count == dues.count { break }
        }
        #expect(seen == [0, 1, 2, 3])
        await clock.close()
    }

    /// Closing runs every pending action at once, in due order, ends the thread, then says so; the clock takes no new
    /// actions after that.
    @Test func close_runsEveryPendingActionAtOnce_andTakesNoMore() async {
        let clock = PacingClock()
        let ran = Mutex<[Int]>([])
        let start = ContinuousClock.now
        for minutes in [3, 1, 2] {
            #expect(clock.run(at: start + .seconds(60 * minutes)) { ran.withLock { $0.append(minutes) } })
        }
        await clock.close()
        #expect(ran.withLock { $0 } == [1, 2, 3])
        #expect(clock.isClosed)
        #expect(!clock.run(at: .now) { ran.withLock { $0.append(0) } })
        await clock.close()
        #expect(ran.withLock { $0 } == [1, 2, 3])
    }

    /// A clock that never waited has no thread: closing it ends at once, on the calling thread.
    @Test func closingAClockThatNeverWaited_endsAtOnce() {
        let clock = PacingClock()
        let ended = Atomic<Bool>(false)
        clock.close { ended.store(true, ordering: .relaxed) }
        let endedAtOnce = ended.load(ordering: .relaxed)
        #expect(endedAtOnce)
        #expect(!clock.run(at: .now) {})
    }
}
