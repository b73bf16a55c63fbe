import MockAPICore

/// The request on its way through libmicrohttpd's callbacks on one connection, in the request's `*req_cls`. Made
/// once for the connection (in its socket context, released when it closes) and begun afresh by the URI log callback
/// for each request on it: libmicrohttpd reads a connection's requests one at a time.
///
/// libmicrohttpd calls a request's callbacks one at a time, on the thread that runs its connection: this object is
/// only touched there. Deferred work reaches the connection through ``Parking``, which has a lock of its own.
final class RequestState {
    let connection: ConnectionState
    /// The request as it arrives: path and query from the raw target (percent-encoded as sent); the method as sent and
    /// the headers the responder asked for, taken when the head is checked; the body, piece by piece.
    var request = HTTPRequest(method: "", path: "/")
    /// Whether the raw target has no space, control byte or DEL.
    var targetIsClean = true
    /// Whether the request head has been checked (the first call of the access handler).
    var started = false
    /// Whether an answer was queued.
    var answered = false
    var bodyTooLarge = false
    /// Set while the connection is parked for deferred work.
    var parking: Parking?
    /// Whether the request is a HEAD (its answer has no body, streamed or not).
    var isHead = false
    /// Deferred replies this request's connection took up (``DeferredWork/deliveryStarted()``); the request-completed
    /// callback ends them.
    var deliveries = 0
    /// What runs the conversation once a `101` is sent (``Reply/webSocket(_:)``); read by the upgrade callback.
    var webSocket: (any WebSocketHandler)?

    init(connection: ConnectionState) {
        self.connection = connection
    }

    /// Begins the next request on the connection from its raw target's bytes, as libmicrohttpd read them; nothing of
    /// the one before is left.
    func begin(target: UnsafeRawBufferPointer) {
        let (path, query) = HTTPRequest.split(targetBytes: target)
        request = HTTPRequest(method: "", path: path, query: query, peerIsLoopback: connection.peerIsLoopback)
        targetIsClean = HTTPSyntax.isCleanTarget(target)
        started = false
        answered = false
        bodyTooLarge = false
        parking = nil
        isHead = false
        deliveries = 0
        webSocket = nil
    }

    /// Lends the request to `answer` without copying it (a copy retains each of its strings and arrays): moved out,
    /// and back after.
    func lendingRequest<Result>(_ answer: (HTTPRequest) -> Result) -> Result {
        var lent = HTTPRequest(method: "", path: "")
        swap(&lent, &request)
        defer { swap(&lent, &request) }
        return answer(lent)
    }
}
