import CMicroHTTPD
import Logging
import MockAPICore
import Synchronization
import Glibc

// The C callbacks. They live outside main.swift on purpose: top-level code is main-actor isolated, and libmicrohttpd
// calls these from its own threads.

/// Where deferred work leaves what a parked connection does when it resumes: send a deferred reply, or close (a
/// `hang` that timed out).
final class Parking: Sendable {
    let resumption = Mutex<Resumption?>(nil)
}

/// What deferred work hands back to a parked connection.
enum Resumption: Sendable {
    /// Answer with this reply (it may park the connection again).
    case send(Reply)
    /// Close without an answer (FIN): a `hang` whose idle timeout passed.
    case close
}

/// A connection pointer carried into deferred work to resume it; libmicrohttpd allows resuming from any thread.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// libmicrohttpd's connection-notify callback: a connection opened (its ``ConnectionState`` is made, and watched for
/// request deadlines, with the ``RequestState`` its requests reuse, in its socket context) or closed (both released).
let mockapiConnectionNotify: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
    guard let cls, let connection, let socketContext else { return }
    let deadlines = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().deadlines
    if event == .CONNECTION_NOTIFY_STARTED {
        let opened = ConnectionState(
            socket: mockapi_mhd_connection_fd(connection), peerIsLoopback: ConnectionSocket.peerIsLoopback(connection))
        deadlines?.opened(opened)
        socketContext.pointee = Unmanaged.passRetained(RequestState(connection: opened)).toOpaque()
    } else if let pointer = socketContext.pointee {
        let state = Unmanaged<RequestState>.fromOpaque(pointer)
        deadlines?.closed(state.takeUnretainedValue().connection)
        state.release()
        socketContext.pointee = nil
    }
}

/// The URI log callback, which sees the raw request target before libmicrohttpd decodes it: begins the next request
/// in its connection's ``RequestState``, which becomes the request's `*req_cls` (the connection holds it).
let mockapiURILog: mockapi_mhd_uri_log_fn = { _, uri, connection in
    guard let connection, let context = mockapi_mhd_socket_context(connection) else { return nil }
    let state = Unmanaged<RequestState>.fromOpaque(context).takeUnretainedValue()
    // The target's bytes as libmicrohttpd read them: no String is made of the whole target. None reads as "/".
    state.begin(target: UnsafeRawBufferPointer(start: uri, count: uri.map { strlen($0) } ?? 0))
    return context
}

/// The request-completed callback: the request was answered and sent, or abandoned.
let mockapiRequestCompleted: MHD_RequestCompletedCallback = { cls, _, requestContext, _ in
    guard let requestContext, let context = requestContext.pointee else { return }
    let state = Unmanaged<RequestState>.fromOpaque(context).takeUnretainedValue()
    state.connection.requestEnded()
    // Only a request that was parked or upgraded has more to end: the common one reads two fields and is done.
    let delivered = state.deliveries + (state.parking.map(endUntakenResumption) ?? 0)
    if let webSocket = state.webSocket {
        webSocket.ended(.clientWentAway)
        state.webSocket = nil
    }
    if delivered > 0, let cls {
        Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().deferred.deliveriesEnded(delivered)
    }
    // The body, which may be large, is let go now, not when the connection's next request begins.
    state.request.body = []
    requestContext.pointee = nil
}

/// Ends what deferred work handed to a parked connection that never took it up (the connection closed first): 1 when
/// there was such a reply, else 0. A conversation whose 101 never reached a socket (the client left first) is over
/// before it began: its handler, which may hold an upstream connection (recording), is told.
private func endUntakenResumption(_ parking: Parking) -> Int {
    let untaken = parking.resumption.withLock { $0 }
    if case .send(.webSocket(let upgrade))? = untaken { upgrade.handler.ended(.clientWentAway) }
    return untaken == nil ? 0 : 1
}

let mockapiLog: mockapi_mhd_log_fn = { context, message in
    guard let context, let message else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    var text = String(cString: message)
    while text.last == "\n" { text.removeLast() }
    server.logger.debug("libmicrohttpd: \(text)")
}

/// The access handler: called once the head has arrived, once for each piece of the body, and once more when the
/// whole request has arrived (and again after a parked connection resumes).
let mockapiAccessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, version, upload, uploadSize, requestContext in
    guard let cls, let connection, let requestContext, let context = requestContext.pointee else { return MHD_Result.NO }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let state = Unmanaged<RequestState>.fromOpaque(context).takeUnretainedValue()
    return server.handle(connection, method: method, version: version, upload: upload, uploadSize: uploadSize, state: state)
}

extension ServerContext {
    func handle(_ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
                upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>?, state: RequestState) -> MHD_Result {
        if state.answered {
            uploadSize?.pointee = 0
            return MHD_Result.YES
        }
        if !state.started {
            state.started = true
            // The method as a String once a request (the responder gets this one); the version only compared.
            state.request.method = method.map { String(cString: $0) } ?? ""
            let check = RequestRefusal.check(
                connection, method: state.request.method, http11: version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false,
                targetIsClean: state.targetIsClean, wanted: wantedHeaders)
            if let refusal = check.refusal {
                return sendError(connection, state, status: refusal.status, refusal.message)
            }
            state.request.headers = check.headers
            // A declared body over the limit is refused before a byte of it is read.
            if let declared = check.contentLength, let length = Int(declared), length > maxBodyBytes {
                return sendError(connection, state, status: 413, tooLargeMessage)
            }
            // Answering in this first call would make libmicrohttpd drop keep-alive: wait for the next one.
            return MHD_Result.YES
        }
        if let uploadSize, uploadSize.pointee > 0 { return receive(upload, uploadSize, state) }
        if state.bodyTooLarge { return sendError(connection, state, status: 413, tooLargeMessage) }
        // Resumed after deferred work: send what it produced, or close.
        if let parking = state.parking, let result = resume(parking, connection, state) { return result }
        state.connection.received()
        state.isHead = method.map { strcmp($0, "HEAD") == 0 } ?? false
        return send(state.lendingRequest { responder.reply(to: $0) }, connection, state)
    }

    /// Queues a libmicrohttpd response.
    private func queue(_ native: NativeResponse?, _ connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        guard let native else { return MHD_Result.NO }
        state.answered = true
        return MHD_queue_response(connection, native.status, native.pointer)
    }

    /// A piece of the request body: kept, or dropped once the body is over the limit.
    private func receive(_ upload: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>, _ state: RequestState) -> MHD_Result {
        let count = uploadSize.pointee
        uploadSize.pointee = 0
        if state.bodyTooLarge || state.request.body.count + count > maxBodyBytes {
            state.bodyTooLarge = true
            state.request.body = []
        } else if let upload {
            // Appended while moved out of the state, so that no access to the request spans a call: then the compiler
            // leaves out the run-time exclusivity checks on every access to it.
            var body: [UInt8] = []
            swap(&body, &state.request.body)
            body.append(contentsOf: UnsafeRawBufferPointer(start: upload, count: count))
            swap(&body, &state.request.body)
        }
        return MHD_Result.YES
    }

    /// What a parked connection does now that it is resumed; nil when its deferred work has left nothing (go on as
    /// with a new request).
    private func resume(_ parking: Parking, _ connection: OpaquePointer, _ state: RequestState) -> MHD_Result? {
        switch parking.resumption.withLock({ pending in defer { pending = nil }; return pending }) {
        case .send(let reply)?:
            state.parking = nil
            state.deliveries += 1
            return send(reply, connection, state)
        case .close?:
            state.parking = nil
            state.deliveries += 1
            state.answered = true
            return MHD_Result.NO
        case nil:
            return nil
        }
    }

    private func send(_ reply: consuming Reply, _ connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        switch consume reply {
        case .prepared(let prepared):
            if let stream = prepared.response.stream { return sendStream(prepared.response, stream, connection, state) }
            return queue(NativeResponse.cached(prepared), connection, state)
        case .response(let response):
            if let stream = response.stream { return sendStream(response, stream, connection, state) }
            return queue(NativeResponse.make(response, date: true), connection, state)
        case .deferred(let work):
            return park(connection, state) { .send(await work()) }
        case .live(let head, let body, let producer):
            let queued = queue(NativeResponse.live(head, body, connection: connection), connection, state)
            // A producer that cannot start (the server stopping) leaves the body cut, so the connection is not left
            // waiting for it.
            if let producer, !deferred.start(producer) { body.finish(cut: true) }
            return queued
        case .truncated(let response, let sentBytes):
            return queue(NativeResponse.truncated(response, sentBytes: sentBytes), connection, state)
        case .webSocket(let upgrade):
            return sendUpgrade(upgrade, connection, state)
        case .reset:
            state.answered = true
            ConnectionSocket.reset(connection)
            return MHD_Result.NO
        case .hang:
            // Suspended connections do not time out in libmicrohttpd: wait out the idle timeout here, then close.
            let timeout = connectionTimeout
            return park(connection, state) {
                repeat {
                    do { try await Task.sleep(for: .seconds(timeout > 0 ? timeout : 3600)) } catch { break }
                } while timeout <= 0
                return .close
            }
        }
    }

    /// Queues a streamed answer, built for this connection: its pieces go out as separate writes, each when due. A
    /// HEAD gets the head of the whole body instead: libmicrohttpd 0.9.75 writes the end of a chunked body ("0")
    /// after a HEAD's head, bytes a keep-alive client would read as the start of its next answer.
    private func sendStream(_ response: HTTPResponse, _ stream: ResponseStream, _ connection: OpaquePointer,
                            _ state: RequestState) -> MHD_Result {
        if state.isHead {
            let whole = HTTPResponse(status: response.status, headers: response.headers, body: response.body)
            return queue(NativeResponse.make(whole, date: false), connection, state)
        }
        return queue(NativeResponse.streamed(response, stream, connection: connection, pacing: pacing), connection, state)
    }

    /// Suspends the connection (no thread waits) until `work` says what to do, then resumes it.
    private func park(_ connection: OpaquePointer, _ state: RequestState,
                      _ work: @escaping @Sendable () async -> Resumption) -> MHD_Result {
        let handle = ConnectionHandle(pointer: connection)
        let parking = Parking()
        state.parking = parking
        MHD_suspend_connection(connection)
        let deferred = self.deferred
        let running = deferred.start {
            let next = await work()
            deferred.deliveryStarted()
            parking.resumption.withLock { $0 = next }
            MHD_resume_connection(handle.pointer)
        }
        if !running {
            // The server is stopping: answer now rather than leave the connection parked.
            deferred.deliveryStarted()
            parking.resumption.withLock { $0 = .send(.response(.text(status: 503, "mockapi is shutting down\n"))) }
            MHD_resume_connection(connection)
        }
        return MHD_Result.YES
    }

    private func sendError(_ connection: OpaquePointer, _ state: RequestState, status: Int, _ message: String) -> MHD_Result {
        queue(NativeResponse.make(.text(status: status, message), date: true), connection, state)
    }
}
