import CMicroHTTPD
import Dispatch
import Logging
import Synchronization
import Glibc

/// Closes connections whose request does not arrive whole within the connection timeout.
///
/// libmicrohttpd's connection timeout counts idle time only: a client that sends a byte of its request every second
/// (slowloris) is never idle and keeps its connection for ever, and as many such clients as the connection limit lock
/// everyone else out. So each connection also has a deadline while a request is on its way in: from the moment the
/// connection opens, or its previous request completes, until the whole request (head and body) has been handed to
/// the responder. A watchdog shuts down the socket of a connection past its deadline; libmicrohttpd then reads the end
/// of the stream and closes the connection the usual way. Time spent answering (an upstream call) does not count.
final class RequestDeadlines: Sendable {
    let seconds: Int
    private let limit: UInt64
    private let logger: Logger
    /// Open connections; a connection leaves before libmicrohttpd closes its socket, so a socket shut down under this
    /// lock is never one that was closed and reused for another connection.
    private let open = Mutex<[ObjectIdentifier: ConnectionState]>([:])
    /// Dispatch sources are thread-safe; Dispatch does not say so to the compiler.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer

    init(seconds: Int, logger: Logger) {
        self.seconds = seconds
        self.limit = UInt64(seconds) * 1_000_000_000
        self.logger = logger
        // Checked four times per timeout period, so a connection goes at most a quarter period late; at least once a second.
        let tick = DispatchTimeInterval.milliseconds(min(seconds * 250, 1000))
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "mockapi.request-deadlines"))
        timer.schedule(deadline: .now() + tick, repeating: tick, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.sweep() }
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Watches a connection that opened.
    func opened(_ connection: ConnectionState) {
        open.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    /// Stops watching a connection that is closing.
    func closed(_ connection: ConnectionState) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Nanoseconds on the monotonic clock: `clock_gettime` directly, a vDSO call that the journal's clock reading
    /// already brings into the instruction cache, where `DispatchTime.now()` ran Dispatch's own code per request.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    private func sweep() {
        let now = RequestDeadlines.now()
        let cut = open.withLock { open -> Int in
            var cut = 0
            for watched in open.values {
                let since = watched.since.load(ordering: .relaxed)
                guard since != 0, now > since, now - since > limit else { continue }
                shutdown(watched.socket, Int32(SHUT_RDWR))
                watched.since.store(0, ordering: .relaxed)
                cut += 1
            }
            return cut
        }
        if cut > 0 {
            logger.info("closed \(cut) connection\(cut == 1 ? "" : "s") whose request did not arrive whole within the request timeout of \(seconds) s")
        }
    }
}
