import CMicroHTTPD
import Synchronization

/// What mockapi keeps for one client connection, in libmicrohttpd's socket context for it: made when the connection
/// opens and released when it closes. The facts of the connection, and the deadline of the request on its way in,
/// which the deadline watchdog's thread reads.
final class ConnectionState: Sendable {
    let socket: Int32
    /// Whether the client connected from this machine (127.0.0.0/8 or ::1).
    let peerIsLoopback: Bool
    /// When the request now on its way in started (``RequestDeadlines/now()``); 0 while a request is being answered.
    let since: Atomic<UInt64>

    init(socket: Int32, peerIsLoopback: Bool) {
        self.socket = socket
        self.peerIsLoopback = peerIsLoopback
        self.since = Atomic(RequestDeadlines.now())
    }

    /// The whole request arrived: its deadline no longer runs.
    func received() {
        since.store(0, ordering: .relaxed)
    }

    /// The request was answered and sent (or abandoned): the next one's deadline starts now.
    func requestEnded() {
        since.store(RequestDeadlines.now(), ordering: .relaxed)
    }
}
