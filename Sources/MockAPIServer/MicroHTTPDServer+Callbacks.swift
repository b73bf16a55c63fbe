import CMicroHTTPD
import Logging
import MockAPICore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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
/// request deadlines) or closed (it is freed).
let mockapiConnectionNotify: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
    guard let cls, let connection, let socketContext else { return }
    let deadlines = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().deadlines
    if event == .CONNECTION_NOTIFY_STARTED {
        let state = ConnectionState(
            socket: mockapi_mhd_connection_fd(connection), peerIsLoopback: mockapi_mhd_peer_is_loopback(connection) != 0)
        deadlines?.opened(state)
        socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
    } else if let pointer = socketContext.pointee {
        let state = Unmanaged<ConnectionState>.fromOpaque(pointer)
        deadlines?.closed(state.takeUnretainedValue())
        state.release()
        socketContext.pointee = nil
    }
}

/// The URI log callback, which sees the raw request target before libmicrohttpd decodes it: starts the connection's
/// next request, and makes the connection's state the request's context (borrowed: the connection outlives it).
/// The callbacks every request runs are named functions rather than closures, so that they can go in `.text.hot`
/// with the rest of the request's code (README: "The request path").
let mockapiURILog: mockapi_mhd_uri_log_fn = startRequest

@section(".text.hot")
private func startRequest(_: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?,
                          connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    guard let connection, let context = mockapi_mhd_socket_context(connection) else { return nil }
    Unmanaged<ConnectionState>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.beginRequest(target: uri) }
    if let uri, LibMicroHTTPD.forgetsQueries { mockapi_mhd_forget_query(uri) }
    return context
}

let mockapiRequestCompleted: MHD_RequestCompletedCallback = finishRequest

@section(".text.hot")
private func finishRequest(_: UnsafeMutableRawPointer?, _: OpaquePointer?,
                           requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _: MHD_RequestTerminationCode) {
    guard let requestContext, let context = requestContext.pointee else { return }
    Unmanaged<ConnectionState>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.endRequest() }
    requestContext.pointee = nil
}

let mockapiLog: mockapi_mhd_log_fn = { context, message in
    guard let context, let message else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
    var text = String(cString: message)
    while text.last == "\n" { text.removeLast() }
    server.logger.debug("libmicrohttpd: \(text)")
}

let mockapiAccessHandler: MHD_AccessHandlerCallback = handleAccess

@section(".text.hot")
private func handleAccess(cls: UnsafeMutableRawPointer?, connection: OpaquePointer?, url _: UnsafePointer<CChar>?,
                          method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
                          uploadSize: UnsafeMutablePointer<Int>?,
                          requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let cls, let connection, let requestContext, let statePointer = requestContext.pointee else { return MHD_Result.NO }
    // Both outlive the call (the server stops libmicrohttpd before it goes; the state is released when the connection
    // closes): borrowed, not retained. A retain here is an atomic write to the server's header from both worker
    // threads on every request.
    return Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
        Unmanaged<ConnectionState>.fromOpaque(statePointer)._withUnsafeGuaranteedRef { state in
            server.handle(connection, method: method, version: version, upload: upload, uploadSize: uploadSize, state: state)
        }
    }
}

extension ServerContext {
    @section(".text.hot")
    func handle(_ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
                upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>?, state: ConnectionState) -> MHD_Result {
        if state.answered {
            uploadSize?.pointee = 0
            return MHD_Result.YES
        }
        if !state.started {
            state.started = true
            var declared: String?
            if let refusal = RequestRefusal.check(
                connection, method: method, version: version, targetIsClean: state.targetIsClean, wanted: wantedHeaders,
                contentLength: &declared, headers: &state.headers)
            {
                return sendError(connection, state, status: refusal.status, refusal.message)
            }
            // A declared body over the limit is refused before a byte of it is read.
            if let declared, let length = Int(declared), length > maxBodyBytes {
                return sendError(connection, state, status: 413, tooLargeMessage)
            }
            // Answering in this first call would make libmicrohttpd drop keep-alive: wait for the next one.
            return MHD_Result.YES
        }
        if let uploadSize, uploadSize.pointee > 0 { return receive(upload, uploadSize, state) }
        if state.bodyTooLarge { return sendError(connection, state, status: 413, tooLargeMessage) }
        // Resumed after deferred work: send what it produced, or close.
        if let parking = state.parking, let result = resume(parking, connection, state) { return result }
        state.received()
        let (path, query, headers, body) = state.takeRequest()
        let request = HTTPRequest(
            method: ServerContext.methodName(method), path: path, query: query,
            headers: wantedHeaders == nil ? allHeaders(of: connection) : headers, body: body,
            peerIsLoopback: state.peerIsLoopback)
        return answer(responder.reply(to: request), connection, state)
    }

    /// Queues the reply: a recorded answer, the common case, here; every other kind out of line, in `send`. The reply
    /// is consumed: a recorded answer bound from a reply the caller still held was retained and released once more,
    /// each an atomic write to an object that every worker thread serving the answer shares.
    @inline(__always)
    private func answer(_ reply: consuming Reply, _ connection: OpaquePointer, _ state: ConnectionState) -> MHD_Result {
        guard case .prepared(let prepared) = reply else { return send(reply, connection, state) }
        guard let native = NativeResponse.cached(prepared) else { return MHD_Result.NO }
        state.answered = true
        return MHD_queue_response(connection, native.status, native.pointer)
    }

    /// A piece of the request body: kept, or dropped once the body is over the limit.
    @inline(never)
    private func receive(_ upload: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>, _ state: ConnectionState) -> MHD_Result {
        let count = uploadSize.pointee
        uploadSize.pointee = 0
        if state.bodyTooLarge || state.body.count + count > maxBodyBytes {
            state.bodyTooLarge = true
            state.body = []
        } else if let upload {
            upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        return MHD_Result.YES
    }

    /// The request method as a string: `GET` as a literal (no decoding), any other through `String(cString:)`.
    @inline(__always)
    private static func methodName(_ method: UnsafePointer<CChar>?) -> String {
        guard let method else { return "GET" }
        if method[0] == 0x47, method[1] == 0x45, method[2] == 0x54, method[3] == 0 { return "GET" }
        return String(cString: method)
    }

    /// What a parked connection does now that it is resumed; nil when its deferred work has left nothing (go on as
    /// with a new request).
    @inline(never)
    private func resume(_ parking: Parking, _ connection: OpaquePointer, _ state: ConnectionState) -> MHD_Result? {
        switch parking.resumption.withLock({ pending in defer { pending = nil }; return pending }) {
        case .send(let reply)?:
            state.parking = nil
            return send(reply, connection, state)
        case .close?:
            state.parking = nil
            state.answered = true
            return MHD_Result.NO
        case nil:
            return nil
        }
    }

    @inline(never)
    private func send(_ reply: Reply, _ connection: OpaquePointer, _ state: ConnectionState) -> MHD_Result {
        switch reply {
        case .prepared(let prepared):
            guard let native = NativeResponse.cached(prepared) else { return MHD_Result.NO }
            state.answered = true
            return MHD_queue_response(connection, native.status, native.pointer)
        case .response(let response):
            guard let native = NativeResponse.make(response, date: true) else { return MHD_Result.NO }
            state.answered = true
            return MHD_queue_response(connection, native.status, native.pointer)
        case .deferred(let work):
            return park(connection, state) { .send(await work()) }
        case .truncated(let response, let sentBytes):
            guard let native = NativeResponse.truncated(response, sentBytes: sentBytes) else { return MHD_Result.NO }
            state.answered = true
            return MHD_queue_response(connection, native.status, native.pointer)
        case .reset:
            state.answered = true
            mockapi_mhd_reset_connection(connection)
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

    /// Suspends the connection (no thread waits) until `work` says what to do, then resumes it.
    private func park(_ connection: OpaquePointer, _ state: ConnectionState,
                      _ work: @escaping @Sendable () async -> Resumption) -> MHD_Result {
        let handle = ConnectionHandle(pointer: connection)
        let parking = Parking()
        state.parking = parking
        MHD_suspend_connection(connection)
        // After its first wait, on the event loop of this thread's upstream calls when it has one (LoopAffinity): an
        // upstream answer then resumes the work where it arrived, with no hop to the task pool.
        let running = deferred.start(on: LoopAffinity.executorIfChosen) {
            let next = await work()
            parking.resumption.withLock { $0 = next }
            MHD_resume_connection(handle.pointer)
        }
        if !running {
            // The server is stopping: answer now rather than leave the connection parked.
            parking.resumption.withLock { $0 = .send(.response(.text(status: 503, "mockapi is shutting down\n"))) }
            MHD_resume_connection(connection)
        }
        return MHD_Result.YES
    }

    @inline(never)
    private func sendError(_ connection: OpaquePointer, _ state: ConnectionState, status: Int, _ message: String) -> MHD_Result {
        state.answered = true
        guard let native = NativeResponse.make(.text(status: status, message), date: true) else { return MHD_Result.NO }
        return MHD_queue_response(connection, native.status, native.pointer)
    }
}
