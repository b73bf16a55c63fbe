import MockAPICore

/// What mockapi refuses in a request head, taken in one pass over the header fields libmicrohttpd reports, before any
/// of the body is read. libmicrohttpd 0.9.75 lets through header names with spaces, control bytes in values, a
/// Content-Length beside a Transfer-Encoding, Content-Lengths that disagree, unknown transfer codings (it then waits
/// for the connection to close) and HTTP/1.1 requests without Host.
///
/// The same pass keeps the fields whose names the responder asked for, and the Content-Length.
struct RequestHeadCheck {
    enum Fault: Equatable {
        /// Empty, or not a token (RFC 9110 §5.1).
        case badHeaderName(String)
        /// A control byte other than tab, or DEL (NUL included).
        case badHeaderValue(String)
        /// Several Content-Length values that are not all the same (RFC 9112 §6.3).
        case lengthsDiffer
        /// A Transfer-Encoding other than chunked (RFC 9112 §6.1: 501).
        case unknownCoding
    }

    /// The fields to keep, by lower-case name; nil to keep none.
    let wanted: Set<String>?
    private(set) var fault: Fault?
    private(set) var hasHost = false
    /// The first Content-Length value.
    private(set) var contentLength: String?
    private(set) var hasTransferEncoding = false
    /// The fields with wanted names, in the order sent.
    private(set) var found = HTTPHeaders()

    init(wanting wanted: Set<String>?) {
        self.wanted = wanted
    }

    /// Takes one field; returns false once the head is refused (there is no need to look further).
    mutating func take(name: String, value: String) -> Bool {
        guard !name.isEmpty, name.utf8AllSatisfy(HTTPSyntax.isTokenByte) else {
            fault = .badHeaderName(RequestHeadCheck.printable(name))
            return false
        }
        guard value.utf8AllSatisfy({ ($0 >= 0x20 || $0 == 0x09) && $0 != 0x7F }) else {
            fault = .badHeaderValue(name)
            return false
        }
        // Lower-cased once: the names below and the wanted ones are compared as whole strings.
        let lower = name.lowercasedIfNeeded()
        switch lower {
        case "host":
            hasHost = true
        case "content-length":
            if let contentLength, contentLength != value {
                fault = .lengthsDiffer
                return false
            }
            contentLength = value
        case "transfer-encoding":
            guard !hasTransferEncoding, value.equalsIgnoringASCIICase("chunked") else {
                fault = .unknownCoding
                return false
            }
            hasTransferEncoding = true
        default:
            break
        }
        if let wanted, wanted.contains(lower) { found.append(lower, value) }
        return true
    }

    /// Why the head is refused, or nil when it is fine, once every field was taken.
    /// - Parameters:
    ///   - method: the request method as sent.
    ///   - http11: the request said HTTP/1.1.
    ///   - targetIsClean: the raw request target has no space, control byte or DEL.
    func refusal(method: String, http11: Bool, targetIsClean: Bool) -> RequestRefusal? {
        guard !method.isEmpty, method.utf8AllSatisfy(HTTPSyntax.isTokenByte) else {
            return RequestRefusal(400, "the request method is not a valid HTTP method name (letters, digits and !#$%&'*+-.^_`|~)")
        }
        switch fault {
        case .badHeaderName(let name)?:
            return RequestRefusal(
                400, "header name \"\(name)\" is not a valid HTTP field name (no spaces, separators or control characters)")
        case .badHeaderValue(let name)?:
            return RequestRefusal(400, "the value of header \(name) contains a control character")
        case .lengthsDiffer?:
            return RequestRefusal(400, "Content-Length is given more than once, with different values")
        case .unknownCoding?:
            return RequestRefusal(501, "Transfer-Encoding other than chunked is not supported")
        case nil:
            break
        }
        if contentLength != nil, hasTransferEncoding {
            return RequestRefusal(
                400, "Content-Length and Transfer-Encoding together make the request's length ambiguous; send one of them")
        }
        if http11, !hasHost { return RequestRefusal(400, "an HTTP/1.1 request needs a Host header") }
        guard targetIsClean else {
            return RequestRefusal(400, "the request target contains a space or a control character; percent-encode it")
        }
        return nil
    }

    /// A header name as a message can show it: control and non-ASCII bytes as `?`, at most 63 bytes.
    private static func printable(_ name: String) -> String {
        String(decoding: name.utf8.prefix(63).map { $0 < 0x20 || $0 >= 0x7F ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}
