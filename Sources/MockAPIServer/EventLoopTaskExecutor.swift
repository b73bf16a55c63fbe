import NIOCore

/// Runs Swift tasks on one SwiftNIO event loop: a task started with this executor preference, and every job it
/// resumes with (the continuation of an `EventLoopFuture.get()` completed on that loop among them), runs on the loop's
/// thread. A future completed on the same loop then resumes its waiter without waking another thread.
///
/// What runs here shares the loop with its channels, so it must not block for long: the recorder's write (a disk
/// sync, about 0.2 ms; the fold of its log into the cassette runs on a thread of its own) stays here only while no
/// other request is in flight (``Recorder``).
package final class EventLoopTaskExecutor: TaskExecutor {
    package let loop: any EventLoop

    package init(_ loop: any EventLoop) {
        self.loop = loop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loop.execute { job.runSynchronously(on: executor) }
    }
}
