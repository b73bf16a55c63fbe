import CMicroHTTPD
import MockAPICore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What mockapi keeps for one client connection, in libmicrohttpd's socket context for it: made when the connection
/// opens and freed when it closes, so that the requests on a kept-alive connection allocate nothing for it.
///
/// Holds the facts of the connection (its socket, whether the peer is on this machine, the deadline of the request on
/// its way in) and the state of its current request. libmicrohttpd handles one request of a connection at a time:
/// `beginRequest` (from the URI log callback) and `endRequest` (from the request-completed callback) bracket each.
///
/// The request's variables are only touched on the one thread running the connection's callbacks, never two accesses
/// at once: their run-time exclusivity checks (`swift_beginAccess`, four a request, each reaching into the runtime's
/// code) are left out. The reply of deferred work crosses threads through `parking`'s lock.
final class ConnectionState: @unchecked Sendable {
    let socket: Int32
    /// Whether the client connected from this machine (127.0.0.0/8 or ::1).
    let peerIsLoopback: Bool
    /// When the request now on its way in started (``RequestDeadlines/now()``); 0 while a request is being answered.
    /// Read by the deadline watchdog's thread.
    let since: Atomic<UInt64>

    /// The request target's path, percent-encoded as sent.
    @exclusivity(unchecked) var path = ""
    /// The query after `?`, percent-encoded as sent; nil when the target has none.
    @exclusivity(unchecked) var query: String?
    /// Whether the raw target has no space, control byte or DEL (`mockapi_target_is_clean`).
    @exclusivity(unchecked) var targetIsClean = true
    @exclusivity(unchecked) var started = false
    @exclusivity(unchecked) var answered = false
    /// The wanted headers, taken by the request check when the head arrives (``WantedHeaders``).
    @exclusivity(unchecked) var headers = HTTPHeaders()
    @exclusivity(unchecked) var body: [UInt8] = []
    @exclusivity(unchecked) var bodyTooLarge = false
    /// Set when the connection is parked for deferred work (and only then: a request that is answered at once
    /// allocates, locks and destroys nothing for it); read and cleared on libmicrohttpd's thread.
    @exclusivity(unchecked) var parking: Parking?

    init(socket: Int32, peerIsLoopback: Bool) {
        self.socket = socket
        self.peerIsLoopback = peerIsLoopback
        self.since = Atomic(RequestDeadlines.now())
    }

    /// A new request on the connection, whose raw target (as libmicrohttpd read it, before decoding) is split into
    /// `path` and `query` and checked.
    func beginRequest(target: UnsafePointer<CChar>?) {
        guard let target else {
            (path, query, targetIsClean) = ("/", nil, true)
            return
        }
        // The length once: both the check and the split read it.
        let length = strlen(target)
        (path, query) = target.withMemoryRebound(to: UInt8.self, capacity: length) {
            HTTPRequest.split(target: UnsafeBufferPointer(start: $0, count: length), strings: RecentStrings.string)
        }
        targetIsClean = mockapi_target_is_clean(target, length) != 0
    }

    /// The request's target, wanted headers and body, moved out once the whole request has arrived, to be answered:
    /// the connection keeps none of them, so that each string and array changes owner without a retain and a release.
    func takeRequest() -> (path: String, query: String?, headers: HTTPHeaders, body: [UInt8]) {
        var taken: (path: String, query: String?, headers: HTTPHeaders, body: [UInt8]) = ("", nil, HTTPHeaders(), [])
        swap(&taken.path, &path)
        swap(&taken.query, &query)
        swap(&taken.headers, &headers)
        swap(&taken.body, &body)
        return taken
    }

    /// The request is answered and sent (or abandoned): forget it, and start the next one's deadline (read only when
    /// the server has a request timeout).
    @section(".text.hot")
    func endRequest() {
        path = ""
        query = nil
        started = false
        answered = false
        // Only when there is something to let go: assigning an empty array over an empty one is still a release.
        if !headers.fields.isEmpty { headers = HTTPHeaders() }
        if !body.isEmpty { body = [] }
        bodyTooLarge = false
        parking = nil
        since.store(RequestDeadlines.now(), ordering: .relaxed)
    }

    /// The whole request arrived: its deadline no longer runs.
    func received() {
        since.store(0, ordering: .relaxed)
    }
}
