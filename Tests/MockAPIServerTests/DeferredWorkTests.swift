import Foundation
@testable import MockAPIServer
import Synchronization
import Testing

/// Deferred replies (upstream calls, delays) run as tasks the server can cancel and wait for when it stops.
@Suite(.timeLimit(.minutes(1)))
struct DeferredWorkTests {
    /// The task starts on the server's thread and leaves it at its first wait, so starting it wakes no other thread.
    @Test func start_runsOnTheCallingThreadUntilItsFirstWait() async {
        let work = DeferredWork()
        let threads = Mutex<(before: pthread_t?, caller: pthread_t?)>((nil, nil))
        let resumed = AsyncStream<Void>.makeStream()
        Thread {
            threads.withLock { $0.caller = pthread_self() }
            _ = work.start {
                threads.withLock { $0.before = pthread_self() }
                try? await Task.sleep(for: .milliseconds(1))
                resumed.continuation.yield()
            }
        }.start()
        for await _ in resumed.stream { break }
        let seen = threads.withLock { $0 }
        #expect(seen.before != nil && seen.caller != nil && pthread_equal(seen.before!, seen.caller!) != 0)
    }

    /// Work that finishes without waiting (it finished before its task was recorded) leaves nothing behind: stopping
    /// afterwards drains at once.
    @Test func workThatNeverWaits_isDoneAndStoppingDrainsAtOnce() {
        let work = DeferredWork()
        let ran = Atomic<Int>(0)
        #expect(work.start { ran.add(1, ordering: .relaxed) })
        let runs = ran.load(ordering: .relaxed)
        #expect(runs == 1)
        let drained = Atomic<Bool>(false)
        work.close { drained.store(true, ordering: .relaxed) }
        let drainedAtOnce = drained.load(ordering: .relaxed)
        #expect(drainedAtOnce)
        #expect(!work.start {})
    }

    /// Stopping cancels work that waits and calls back once it has finished, not before.
    @Test func stopping_cancelsWaitingWork_andReturnsAfterIt() async {
        let work = DeferredWork()
        let finished = Atomic<Bool>(false)
        let started = AsyncStream<Void>.makeStream()
        _ = work.start {
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(60)) } catch {}
            finished.store(true, ordering: .releasing)
        }
        for await _ in started.stream { break }
        await work.cancelAndWait()
        let finishedFirst = finished.load(ordering: .acquiring)
        #expect(finishedFirst)
    }

    /// Stopping waits for the answers handed to connections to be sent: the wait ends when the last one is, not at its
    /// time limit (ten minutes here, past the suite's limit, so a wait that missed the event fails the test).
    @Test func deliveries_endWhenTheLastAnswerIsSent() async {
        let work = DeferredWork()
        #expect(await work.deliveries(atMost: .seconds(600)))   // none pending: at once
        work.deliveryStarted()
        work.deliveryStarted()
        // Started immediately, the wait is registered before the deliveries below end.
        let waiting = Task.immediate { await work.deliveries(atMost: .seconds(600)) }
        work.deliveriesEnded(1)
        #expect(await work.deliveries(atMost: .zero) == false, "one answer is still being sent: the limit ends this wait")
        work.deliveriesEnded(1)
        #expect(await waiting.value, "the last answer sent ends the wait")
    }
}
