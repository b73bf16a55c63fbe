#if canImport(Glibc)
import CEpollDrain
import Glibc
import MockAPIServer
import Testing

/// mockapi's epoll_wait (Sources/CEpollDrain), which libmicrohttpd 0.9.75's epoll loop reaches: that loop calls again
/// after a full batch of 128 events with its first call's timeout, and slept through the connection timeout when
/// nothing more was ready.
struct EpollDrainTests {
    @Test func libmicrohttpd_reachesTheMend() {
        #expect(LibMicroHTTPD.epollDrain != .notReached)
    }

    /// The drain loop's shape: a wait that fills the array, then another with a long timeout and nothing left. The
    /// second returns at once; a wait after one that did not fill the array sleeps for its timeout again.
    @Test(.enabled(if: LibMicroHTTPD.epollDrain == .inEffect))
    func aWaitAfterAFullBatch_returnsAtOnce_andTheNextOneSleeps() throws {
        let capacity = 128
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        try #require(epoll >= 0)
        var pipes: [Int32] = []
        defer {
            pipes.forEach { close($0) }
            close(epoll)
        }
        for _ in 0..<capacity {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            pipes += ends
            #expect(write(ends[1], "x", 1) == 1)   // readable from the start
            var event = epoll_event(events: EPOLLIN.rawValue | EPOLLET.rawValue, data: epoll_data_t(fd: ends[0]))
            try #require(epoll_ctl(epoll, EPOLL_CTL_ADD, ends[0], &event) == 0)
        }
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        let clock = ContinuousClock()

        #expect(epoll_wait(epoll, &events, Int32(capacity), 20_000) == Int32(capacity))
        // Edge-triggered and taken: nothing is left. Unmended, this sleeps the whole 20 s.
        var started = clock.now
        #expect(epoll_wait(epoll, &events, Int32(capacity), 20_000) == 0)
        #expect(clock.now - started < .seconds(10))

        // Not a busy loop: the wait after a short batch blocks as asked.
        started = clock.now
        #expect(epoll_wait(epoll, &events, Int32(capacity), 100) == 0)
        #expect(clock.now - started >= .milliseconds(100))
    }
}
#endif
