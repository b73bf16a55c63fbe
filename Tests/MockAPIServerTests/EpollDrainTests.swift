#if canImport(Glibc)
import CEpollDrain
import Glibc
import MockAPIServer
import Testing

/// mockapi's epoll_wait (Sources/CEpollDrain), which libmicrohttpd 0.9.75's epoll loop reaches: that loop calls again
/// after a full batch of 128 events with its first call's timeout, and slept through the connection timeout when
/// nothing more was ready. Only libmicrohttpd's calls are mended; every other caller gets libc's epoll_wait.
struct EpollDrainTests {
    @Test func libmicrohttpd_reachesTheMend() {
        #expect(LibMicroHTTPD.epollDrain != .notReached)
    }

    /// The drain loop's shape: a wait that fills the array, then another with a long timeout and nothing left. The
    /// second returns at once; a wait after one that did not fill the array sleeps for its timeout again.
    @Test(.enabled(if: LibMicroHTTPD.epollDrain == .inEffect))
    func libmicrohttpdsWait_afterAFullBatch_returnsAtOnce_andTheNextOneSleeps() throws {
        let batch = try FullBatch()
        var events = batch.events()
        let clock = ContinuousClock()

        #expect(mockapi_epoll_drain_wait(batch.epoll, &events, FullBatch.capacity, 20_000) == FullBatch.capacity)
        // Edge-triggered and taken: nothing is left. Unmended, this sleeps the whole 20 s.
        var started = clock.now
        #expect(mockapi_epoll_drain_wait(batch.epoll, &events, FullBatch.capacity, 20_000) == 0)
        #expect(clock.now - started < .seconds(10))

        // Not a busy loop: the wait after a short batch blocks as asked.
        started = clock.now
        #expect(mockapi_epoll_drain_wait(batch.epoll, &events, FullBatch.capacity, 100) == 0)
        #expect(clock.now - started >= .milliseconds(100))
    }

    /// Code other than libmicrohttpd's (this test's, SwiftNIO's, libdispatch's) calls epoll_wait as libc has it: a
    /// wait after a full batch still sleeps for its timeout.
    @Test(.enabled(if: LibMicroHTTPD.epollDrain == .inEffect))
    func otherCallersWait_afterAFullBatch_sleepsForItsTimeout() throws {
        let batch = try FullBatch()
        var events = batch.events()
        let clock = ContinuousClock()

        #expect(epoll_wait(batch.epoll, &events, FullBatch.capacity, 20_000) == FullBatch.capacity)
        let started = clock.now
        #expect(epoll_wait(batch.epoll, &events, FullBatch.capacity, 100) == 0)
        #expect(clock.now - started >= .milliseconds(100))
    }
}

/// An epoll instance with as many readable pipes as libmicrohttpd's event array holds, registered edge-triggered as
/// libmicrohttpd registers connections.
private final class FullBatch {
    static let capacity: Int32 = 128
    let epoll: Int32
    private var pipes: [Int32] = []

    init() throws {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        try #require(epoll >= 0)
        for _ in 0..<FullBatch.capacity {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            pipes += ends
            try #require(write(ends[1], "x", 1) == 1)   // readable from the start
            var event = epoll_event(events: EPOLLIN.rawValue | EPOLLET.rawValue, data: epoll_data_t(fd: ends[0]))
            try #require(epoll_ctl(epoll, EPOLL_CTL_ADD, ends[0], &event) == 0)
        }
    }

    func events() -> [epoll_event] {
        [epoll_event](repeating: epoll_event(), count: Int(FullBatch.capacity))
    }

    deinit {
        pipes.forEach { close($0) }
        close(epoll)
    }
}
#endif
