import CMicroHTTPD
import MockAPICore

/// A request head mockapi refuses before reading any of the body: the status and the words of its answer. Answering
/// in the first call of the access handler also makes libmicrohttpd close the connection afterwards, which is what a
/// request with doubtful framing (RFC 9112 §6.1: Content-Length with Transfer-Encoding) requires: whatever follows it
/// on the connection is never read as another request.
struct RequestRefusal: Equatable {
    let status: Int
    let message: String

    init(_ status: Int, _ reason: String) {
        self.status = status
        self.message = "mockapi: \(reason)\n"
    }

    /// Checks the head of the request on `connection` (``RequestHeadCheck``): the refusal, or nil with the request's
    /// Content-Length value and the fields with `wanted` names (every field when `wanted` is nil).
    static func check(_ connection: OpaquePointer, method: String, http11: Bool, targetIsClean: Bool,
                      wanted: [WantedHeader]?) -> (refusal: RequestRefusal?, contentLength: String?, headers: HTTPHeaders) {
        var check = RequestHeadCheck(wanting: wanted)
        var all = HTTPHeaders()
        forEachHeader(of: connection) { name, value in
            if wanted == nil { all.append(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)) }
            return check.take(name: name, value: value)
        }
        if let refusal = check.refusal(method: method, http11: http11, targetIsClean: targetIsClean) {
            return (refusal, nil, HTTPHeaders())
        }
        return (nil, check.contentLength, wanted == nil ? all : check.found)
    }
}

/// Calls `body` with the name and value bytes of each header field of the request on `connection`, in the order sent,
/// until it returns false; the bytes are libmicrohttpd's, valid during the call. Values are read with their sizes, so
/// a NUL byte in one is seen rather than ending it.
private func forEachHeader(of connection: OpaquePointer,
                           _ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool) {
    withoutActuallyEscaping(body) { body in
        var visitor = HeaderVisitor(body: body)
        withUnsafeMutablePointer(to: &visitor) { visitor in
            _ = MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, { context, _, key, keySize, value, valueSize in
                guard let context else { return MHD_Result.NO }
                let visitor = context.assumingMemoryBound(to: HeaderVisitor.self)
                let name = UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize)
                let text = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
                return visitor.pointee.body(name, text) ? MHD_Result.YES : MHD_Result.NO
            }, visitor)
        }
    }
}

/// The closure a header walk hands each field to, passed through libmicrohttpd's context pointer.
private struct HeaderVisitor {
    let body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool
}
