import NIOCore
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a task's jobs on one SwiftNIO event loop, the thread that also runs AsyncHTTPClient's connections of that loop.
/// A deferred reply (an upstream call, a delay) runs its task here rather than on the cooperative pool: the upstream
/// call is made on this loop's connections (see ``HTTPClientUpstream``), so the request goes out, its answer comes back
/// and the task resumes on one thread, without a wake-up of another between them. A job enqueued from the loop itself
/// costs no system call; from another thread, one wake-up of the loop (the unavoidable hand-off from libmicrohttpd).
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// The executor for deferred work started on the calling thread (a libmicrohttpd worker): each thread is given
    /// one of SwiftNIO's shared loops (the group AsyncHTTPClient's `.singleton` uses), in turn, the first time it
    /// asks, and keeps it. A client connection stays on one worker, so its requests stay on one loop and reuse that
    /// loop's upstream connection: taken in turn per request, AsyncHTTPClient opened a new upstream connection for
    /// every other request.
    static func forCurrentThread() -> EventLoopTaskExecutor {
        let thread = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        return assigned.withLock { assigned in
            if let executor = assigned.byThread[thread] { return executor }
            let executor = shared[assigned.next % shared.count]
            assigned.next += 1
            assigned.byThread[thread] = executor
            return executor
        }
    }

    private static let shared: [EventLoopTaskExecutor] =
        MultiThreadedEventLoopGroup.singleton.makeIterator().map(EventLoopTaskExecutor.init)
    private static let assigned = Mutex<(next: Int, byThread: [UInt: EventLoopTaskExecutor])>((0, [:]))
}
