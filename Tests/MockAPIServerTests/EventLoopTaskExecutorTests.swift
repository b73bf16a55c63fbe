import Foundation
@testable import MockAPIServer
import NIOCore
import Synchronization
import Testing

/// Deferred work of a thread that makes upstream calls continues on that thread's event loop: an upstream answer,
/// completed on the loop, resumes it there without a hop to the task pool.
@Suite(.timeLimit(.minutes(1)))
struct EventLoopTaskExecutorTests {
    /// Started from a server thread, the work runs there until its first wait, then on the loop the future it waited
    /// for completes on.
    @Test func deferredWork_startsOnItsThread_andResumesOnItsLoop() async {
        let work = DeferredWork()
        let observed = Mutex<[Bool]>([])
        let done = AsyncStream<Void>.makeStream()
        Thread {
            let loop = LoopAffinity.loop
            let executor = LoopAffinity.executorIfChosen
            let caller = pthread_self()
            let answer = loop.makePromise(of: Int.self)
            _ = work.start(on: executor) {
                let onCaller = pthread_equal(pthread_self(), caller) != 0
                let value = try? await answer.futureResult.get()
                observed.withLock { $0 = [executor != nil, onCaller, loop.inEventLoop, value == 42] }
                done.continuation.yield()
            }
            // `start` returns once the work waits (it runs on this thread until then), so the answer comes after the
            // wait began. A task on the loop 1 ms away could fire first on a busy machine: the wait then did not
            // suspend, the work went on here, and the test failed.
            answer.succeed(42)
        }.start()
        for await _ in done.stream { break }
        #expect(observed.withLock { $0 } == [true, true, true, true])
    }

    /// A thread that has made no upstream call (every thread of a replay server) has no loop, and starts none.
    @Test func aThreadWithoutUpstreamCalls_hasNoExecutor() async {
        let seen = Mutex<(before: Bool, after: Bool)?>(nil)
        let done = AsyncStream<Void>.makeStream()
        Thread {
            let before = LoopAffinity.executorIfChosen == nil
            _ = LoopAffinity.loop
            let after = LoopAffinity.executorIfChosen?.loop === LoopAffinity.loop
            seen.withLock { $0 = (before, after) }
            done.continuation.yield()
        }.start()
        for await _ in done.stream { break }
        let result = seen.withLock { $0 }
        #expect(result?.before == true && result?.after == true)
    }
}
