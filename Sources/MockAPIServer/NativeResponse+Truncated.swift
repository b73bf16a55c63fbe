import CMicroHTTPD
import MockAPICore

extension NativeResponse {
    /// A response that announces the whole body (`Content-Length`) but sends only its first `sentBytes` bytes, then
    /// makes libmicrohttpd close the connection: the `truncate` fault. The response is a recorded answer: it keeps its
    /// recorded headers only.
    static func truncated(_ response: HTTPResponse, sentBytes: Int) -> NativeResponse? {
        let source = TruncatedBody(bytes: response.body, limit: min(max(sentBytes, 0), response.body.count))
        let context = Unmanaged.passRetained(source).toOpaque()
        guard let created = MHD_create_response_from_callback(
            UInt64(response.body.count), 32 << 10, mockapiTruncatedReader, context, mockapiTruncatedFree)
        else {
            Unmanaged<TruncatedBody>.fromOpaque(context).release()
            return nil
        }
        return NativeResponse(adopting: created, status: response.status, headers: response.headers, date: false)
    }
}

/// The bytes a truncated response serves, and where it stops.
final class TruncatedBody: Sendable {
    let bytes: [UInt8]
    let limit: Int

    init(bytes: [UInt8], limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }
}

/// Hands libmicrohttpd the body up to the limit, then an error, which closes the connection mid-body.
let mockapiTruncatedReader: MHD_ContentReaderCallback = { context, position, buffer, capacity in
    guard let context, let buffer else { return mockapi_mhd_content_reader_error() }
    let body = Unmanaged<TruncatedBody>.fromOpaque(context).takeUnretainedValue()
    let start = Int(position)
    guard start < body.limit else { return mockapi_mhd_content_reader_error() }
    let count = min(capacity, body.limit - start)
    body.bytes.withUnsafeBytes { source in
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + start, byteCount: count)
    }
    return count
}

let mockapiTruncatedFree: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<TruncatedBody>.fromOpaque(context).release()
}
