import NIOCore
import NIOPosix

/// Gives each thread that starts upstream calls an event loop of NIO's singleton group (the one every
/// ``HTTPClientUpstream`` runs on), the same for every call it starts, taken in turn the first time that thread asks.
///
/// Why: AsyncHTTPClient keeps a request's bookkeeping on one loop and its connection may live on another; then every
/// step of the answer (head, end, the completed future) crosses between two threads. ``HTTPClientUpstream`` has a
/// client for each loop, connections on that loop alone, and makes each call with the client of this loop: a call
/// stays on one loop, and libmicrohttpd's threads, taken in turn, spread the connections over the group. The choice
/// is stable, so that a thread's calls reuse the connections its earlier calls opened.
enum LoopAffinity {
    private final class Chosen: Sendable {
        let executor: EventLoopTaskExecutor
        init(_ loop: any EventLoop) { self.executor = EventLoopTaskExecutor(loop) }
    }

    /// One for the process: a thread-specific variable holds on to itself while any thread has a value.
    private static let chosen = ThreadSpecificVariable<Chosen>()

    /// The calling thread's loop.
    static var loop: any EventLoop {
        if let mine = chosen.currentValue { return mine.executor.loop }
        let mine = Chosen(MultiThreadedEventLoopGroup.singleton.next())
        chosen.currentValue = mine
        return mine.executor.loop
    }

    /// Runs tasks on the calling thread's loop; nil when this thread has started no upstream call (a replay server's
    /// threads never do, and start no event loop for it).
    static var executorIfChosen: EventLoopTaskExecutor? { chosen.currentValue?.executor }
}
