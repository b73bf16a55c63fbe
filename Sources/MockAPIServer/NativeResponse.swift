import CMicroHTTPD
import MockAPICore
import Glibc

/// A libmicrohttpd response object. libmicrohttpd reference-counts responses and lets one be queued on many
/// connections at once, so a prepared response is built once and reused for every request it answers.
final class NativeResponse: Sendable {
    nonisolated(unsafe) let pointer: OpaquePointer
    let status: UInt32

    private init(pointer: OpaquePointer, status: Int) {
        self.pointer = pointer
        self.status = UInt32(clamping: status)
    }

    deinit { MHD_destroy_response(pointer) }

    /// Builds the native form of a response; `date` adds a `Date` header when the response has none, for the answers
    /// mockapi makes itself. A recorded answer (whole, streamed, or cut by a fault) goes out with its recorded headers
    /// and the framing only.
    static func make(_ response: HTTPResponse, date: Bool) -> NativeResponse? {
        let created = response.body.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let created else { return nil }
        return NativeResponse(adopting: created, status: response.status, headers: response.headers, date: date)
    }

    /// Takes ownership of a created libmicrohttpd response and adds the headers to it.
    convenience init(adopting created: OpaquePointer, status: Int, headers: HTTPHeaders, date: Bool) {
        for field in headers where UnsentHeaders.isSendable(field) {
            // A header with an empty value is not sent (``UnsentHeaders`` says why); the journal and lint name it.
            // libmicrohttpd also refuses the framing headers it sets itself; preparation already removed those.
            // `withCString` lends the string's own bytes; a String argument would be copied into a new array first.
            _ = field.name.withCString { name in
                field.value.withCString { value in MHD_add_response_header(created, name, value) }
            }
        }
        if date, !headers.contains("date") {
            NativeResponse.addDate(to: created)
        }
        self.init(pointer: created, status: status)
    }

    /// The native form of a prepared response, built the first time it is served and kept with it.
    static func cached(_ prepared: PreparedResponse) -> NativeResponse? {
        prepared.engineCache.value { make(prepared.response, date: false) } as? NativeResponse
    }

    /// Adds `Date:` the current time as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
    private static func addDate(to response: OpaquePointer) {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 40)
        guard strftime(&text, text.count, "%a, %d %b %Y %H:%M:%S GMT", &parts) > 0 else { return }
        _ = MHD_add_response_header(response, "Date", text)
    }
}
