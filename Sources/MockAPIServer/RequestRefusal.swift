import CMicroHTTPD
import MockAPICore
#if canImport(Glibc)
import Glibc
#endif

/// A request head mockapi refuses before reading any of the body: the status and the words of its answer. Answering
/// in the first call of the access handler also makes libmicrohttpd close the connection afterwards, which is what a
/// request with doubtful framing (RFC 9112 §6.1: Content-Length with Transfer-Encoding) requires: whatever follows it
/// on the connection is never read as another request.
struct RequestRefusal: Equatable {
    let status: Int
    let message: String

    /// Why this request head is refused, or nil when it is fine. `targetIsClean`: the raw request target has no space,
    /// control byte or DEL (checked in C when the target arrives).
    /// The check sees every header, so what else the request needs from them is taken in the same pass:
    /// `contentLength` is set to the request's Content-Length value when it has one, and `headers` to its fields with
    /// the `wanted` names, when it is not refused.
    static func check(_ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
                      targetIsClean: Bool, wanted: Unmanaged<WantedHeaders>?, contentLength: inout String?,
                      headers: inout HTTPHeaders) -> RequestRefusal? {
        // Uninitialized: the check clears what it reads itself, all but the found fields it fills.
        withUnsafeTemporaryAllocation(of: mockapi_request_check.self, capacity: 1) { buffer in
            check(buffer.baseAddress!, connection, method: method, version: version, targetIsClean: targetIsClean,
                  wanted: wanted, contentLength: &contentLength, headers: &headers)
        }
    }

    private static func check(_ check: UnsafeMutablePointer<mockapi_request_check>, _ connection: OpaquePointer,
                              method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, targetIsClean: Bool,
                              wanted: Unmanaged<WantedHeaders>?, contentLength: inout String?,
                              headers: inout HTTPHeaders) -> RequestRefusal? {
        let http11 = version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false
        let fault = mockapi_mhd_check_request(
            connection, method, http11 ? 1 : 0, wanted?._withUnsafeGuaranteedRef { UnsafePointer($0.table) }, check)
        if fault == MOCKAPI_REQUEST_OK {
            guard targetIsClean else {
                return refuse(400, "the request target contains a space or a control character; percent-encode it")
            }
            // Several Content-Length headers are refused unless all are the same: this one is the first's value.
            if check.pointee.content_lengths > 0, let length = check.pointee.length {
                let size = check.pointee.length_size
                contentLength = length.withMemoryRebound(to: UInt8.self, capacity: size) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
                }
            }
            if let wanted { headers = wanted._withUnsafeGuaranteedRef { $0.headers(found: check, connection) } }
            return nil
        }
        return refusal(fault, check.pointee)
    }

    @inline(never)
    private static func refusal(_ fault: mockapi_request_fault, _ check: mockapi_request_check) -> RequestRefusal {
        let header = withUnsafeBytes(of: check.header) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch fault {
        case MOCKAPI_REQUEST_BAD_METHOD:
            return refuse(400, "the request method is not a valid HTTP method name (letters, digits and !#$%&'*+-.^_`|~)")
        case MOCKAPI_REQUEST_NO_HOST:
            return refuse(400, "an HTTP/1.1 request needs a Host header")
        case MOCKAPI_REQUEST_BAD_HEADER_NAME:
            return refuse(400, "header name \"\(header)\" is not a valid HTTP field name (no spaces, separators or control characters)")
        case MOCKAPI_REQUEST_BAD_HEADER_VALUE:
            return refuse(400, "the value of header \(header) contains a control character")
        case MOCKAPI_REQUEST_LENGTH_AND_CODING:
            return refuse(400, "Content-Length and Transfer-Encoding together make the request's length ambiguous; send one of them")
        case MOCKAPI_REQUEST_LENGTHS_DIFFER:
            return refuse(400, "Content-Length is given more than once, with different values")
        default:
            return refuse(501, "Transfer-Encoding other than chunked is not supported")
        }
    }

    private static func refuse(_ status: Int, _ reason: String) -> RequestRefusal {
        RequestRefusal(status: status, message: "mockapi: \(reason)\n")
    }
}
