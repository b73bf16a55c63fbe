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
        var walk = HeaderWalk(check: RequestHeadCheck(wanting: wanted), keepsAll: wanted == nil)
        walk.visitFields(of: connection)
        if let refusal = walk.check.refusal(method: method, http11: http11, targetIsClean: targetIsClean) {
            return (refusal, nil, HTTPHeaders())
        }
        return (nil, walk.check.contentLength, walk.keepsAll ? walk.all : walk.check.found)
    }
}

/// A walk over the header fields of a request: each field's name and value bytes (libmicrohttpd's, valid during the
/// call) go to the head check, and, when every field is kept, into `all`. The walk is libmicrohttpd's context pointer
/// for the fields' callback, so no closure is made for it.
private struct HeaderWalk {
    var check: RequestHeadCheck
    let keepsAll: Bool
    var all = HTTPHeaders()

    /// Visits each field in the order sent, until the check has seen enough. Values are read with their sizes, so a
    /// NUL byte in one is seen rather than ending it.
    mutating func visitFields(of connection: OpaquePointer) {
        _ = withUnsafeMutablePointer(to: &self) { walk in
            MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, { context, _, key, keySize, value, valueSize in
                guard let context else { return MHD_Result.NO }
                let name = UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize)
                let text = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
                return context.assumingMemoryBound(to: HeaderWalk.self).pointee.visit(name, text) ? MHD_Result.YES : MHD_Result.NO
            }, walk)
        }
    }

    private mutating func visit(_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool {
        if keepsAll { all.append(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)) }
        return check.take(name: name, value: value)
    }
}
