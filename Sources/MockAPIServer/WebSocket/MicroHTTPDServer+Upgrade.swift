import CMicroHTTPD
import MockAPICore

extension ServerContext {
    /// Answers a WebSocket handshake with `101 Switching Protocols`; libmicrohttpd calls ``mockapiUpgradeHandler``
    /// with the socket once the 101 is sent. Not a handshake (no key, another version): `400`, and the handler is told
    /// the conversation ended there.
    func sendUpgrade(_ upgrade: WebSocketUpgrade, _ connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        let accept: String
        switch WebSocketHandshake.accept(for: connection) {
        case .success(let value): accept = value
        case .failure(let refusal):
            upgrade.handler.ended(.refused(code: 400, reason: refusal.reason))
            return queueAnswer(.text(status: 400, refusal.message), connection, state)
        }
        // The server context outlives every connection (released after libmicrohttpd stops): no retain needed.
        guard let created = MHD_create_response_for_upgrade(mockapiUpgradeHandler, Unmanaged.passUnretained(self).toOpaque())
        else { return MHD_Result.NO }
        var headers = HTTPHeaders()
        for field in upgrade.headers where !WebSocketUpgrade.engineHeaders.contains(field.name.lowercased()) {
            headers.append(field.name, field.value)
        }
        headers.append("Upgrade", "websocket")
        headers.append("Connection", "Upgrade")
        headers.append("Sec-WebSocket-Accept", accept)
        let native = NativeResponse(adopting: created, status: 101, headers: headers, date: false)
        state.webSocket = upgrade.handler
        state.answered = true
        return MHD_queue_response(connection, native.status, native.pointer)
    }

    private func queueAnswer(_ response: HTTPResponse, _ connection: OpaquePointer, _ state: RequestState) -> MHD_Result {
        guard let native = NativeResponse.make(response, date: true) else { return MHD_Result.NO }
        state.answered = true
        return MHD_queue_response(connection, native.status, native.pointer)
    }
}

/// libmicrohttpd's upgrade callback, on its worker thread once the 101 is sent: the socket goes to the server's
/// ``UpgradedSockets``. Returns at once.
let mockapiUpgradeHandler: MHD_UpgradeHandler = { cls, _, requestContext, extraIn, extraInSize, socket, urh in
    guard let cls, let urh else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let handle = UpgradeHandle(pointer: urh)
    guard let requestContext else {
        _ = mockapi_mhd_upgrade_close(urh)
        return
    }
    let state = Unmanaged<RequestState>.fromOpaque(requestContext).takeUnretainedValue()
    // The conversation is no request on its way in: no request deadline may cut it.
    server.deadlines?.closed(state.connection)
    // Taken: a handler still here when the request completes never got its socket (``mockapiRequestCompleted``).
    defer { state.webSocket = nil }
    guard let handler = state.webSocket else {
        _ = mockapi_mhd_upgrade_close(urh)
        return
    }
    var leading: [UInt8] = []
    if let extraIn, extraInSize > 0 {
        leading = Array(UnsafeRawBufferPointer(start: extraIn, count: extraInSize))
    }
    server.webSockets.adopt(socket: socket, leading: leading, handle: handle, handler: handler)
}
