import CMicroHTTPD
import MockAPICore
#if canImport(Glibc)
import Glibc
#endif

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

    /// Builds the native form of a response; `date` adds a `Date` header when the response has none.
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
        for field in headers where !field.value.isEmpty {
            // A header with an empty value (GitHub sends `x-accepted-oauth-scopes:` empty) is not sent: libmicrohttpd
            // refuses empty values, and a whitespace stand-in ("name:  ") makes URLSession on Linux fail the whole
            // response ("Failed writing header"). An empty value carries no information beyond the name.
            // libmicrohttpd also refuses the framing headers it sets itself; preparation already removed those.
            // `withCString` lends a native string's own bytes; passing the strings as arguments copied each into a new
            // array, two allocations a header on every answer that is not kept (recording, errors).
            _ = field.name.withCString { name in field.value.withCString { MHD_add_response_header(created, name, $0) } }
        }
        if date, !headers.contains("date") {
            NativeResponse.addDate(to: created)
        }
        self.init(pointer: created, status: status)
    }

    /// The status and libmicrohttpd response of a prepared response's native form, built on first use; nil when it
    /// cannot be built. Read without retaining the native form (see `EngineCache.unretainedValue`): it lives as long
    /// as `prepared`, which the caller holds until libmicrohttpd has taken its own reference by queueing the response.
    @inline(__always)
    static func cached(_ prepared: PreparedResponse) -> (status: UInt32, pointer: OpaquePointer)? {
        if let stored = prepared.engineCache.unretainedValue {
            return Unmanaged<NativeResponse>.fromOpaque(stored.toOpaque())._withUnsafeGuaranteedRef { ($0.status, $0.pointer) }
        }
        return firstMade(prepared)
    }

    /// The first request for an answer builds its native form; out of line, so that the path every later request takes
    /// stays small.
    @inline(never)
    private static func firstMade(_ prepared: PreparedResponse) -> (status: UInt32, pointer: OpaquePointer)? {
        guard let made = make(prepared.response, date: false) else { return nil }
        let native = unsafeDowncast(prepared.engineCache.store(made), to: NativeResponse.self)
        return (native.status, native.pointer)
    }

    /// Adds `Date:` the current time as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`), formatted on the stack into the
    /// C string libmicrohttpd copies: no Swift string is made only to be turned back into one.
    private static func addDate(to response: OpaquePointer) {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            guard let text = buffer.baseAddress, strftime(text, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts) > 0
            else { return }
            _ = MHD_add_response_header(response, "Date", text)
        }
    }
}
