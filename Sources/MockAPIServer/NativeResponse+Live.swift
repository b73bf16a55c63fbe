import CMicroHTTPD
import MockAPICore

extension NativeResponse {
    /// A response whose body is sent piece by piece as a ``LiveBody`` receives it. Built for one connection: with
    /// nothing ready, the connection is suspended until the next piece (or the end) resumes it.
    static func live(_ head: HTTPResponse, _ body: LiveBody, connection: OpaquePointer) -> NativeResponse? {
        let source = LiveSource(body: body, connection: ConnectionHandle(pointer: connection))
        let context = Unmanaged.passRetained(source).toOpaque()
        guard let created = MHD_create_response_from_callback(UInt64.max, 32 << 10, mockapiLiveReader, context, mockapiLiveFree)
        else {
            Unmanaged<LiveSource>.fromOpaque(context).release()
            return nil
        }
        return NativeResponse(adopting: created, status: head.status, headers: head.headers, date: true)
    }
}

/// The context of a live response's content reader.
final class LiveSource: Sendable {
    let body: LiveBody
    let connection: ConnectionHandle

    init(body: LiveBody, connection: ConnectionHandle) {
        self.body = body
        self.connection = connection
    }

    deinit {
        // libmicrohttpd drops the response when the request is over: sent to the end, or the client gone.
        body.readerWentAway()
    }
}

/// Hands libmicrohttpd what has arrived; with nothing yet, suspends the connection (libmicrohttpd allows this from a
/// content reader) until the body's next write resumes it.
let mockapiLiveReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return mockapi_mhd_content_reader_error() }
    let source = Unmanaged<LiveSource>.fromOpaque(context).takeUnretainedValue()
    let connection = source.connection
    let read = source.body.read(
        capacity: capacity, park: { MHD_suspend_connection(connection.pointer) },
        wake: { MHD_resume_connection(connection.pointer) })
    switch read {
    case .bytes(let bytes):
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
        }
        return bytes.count
    case .waiting:
        return 0
    case .end:
        return mockapi_mhd_content_reader_end()
    case .cut:
        return mockapi_mhd_content_reader_error()
    }
}

let mockapiLiveFree: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<LiveSource>.fromOpaque(context).release()
}
