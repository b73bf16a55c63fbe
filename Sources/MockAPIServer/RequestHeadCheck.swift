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

    /// The lower-case names of the fields to keep; nil to keep none.
    let wanted: [WantedHeader]?
    private(set) var fault: Fault?
    private(set) var hasHost = false
    /// The first Content-Length value.
    private(set) var contentLength: String?
    private(set) var hasTransferEncoding = false
    /// The fields with wanted names, in the order sent.
    private(set) var found = HTTPHeaders()

    init(wanting wanted: [WantedHeader]?) {
        self.wanted = wanted
    }

    /// Takes one field, its name and value as libmicrohttpd holds them; returns false once the head is refused (there
    /// is no need to look further). Names are compared byte by byte, in any case; a String is made only of a kept field.
    mutating func take(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Bool {
        guard !name.isEmpty, name.allSatisfy({ HTTPSyntax.isTokenByte($0) }) else {
            fault = .badHeaderName(RequestHeadCheck.printable(name))
            return false
        }
        guard value.allSatisfy({ ($0 >= 0x20 || $0 == 0x09) && $0 != 0x7F }) else {
            fault = .badHeaderValue(String(decoding: name, as: UTF8.self))
            return false
        }
        if RequestHeadCheck.equals(name, "host") {
            hasHost = true
        } else if RequestHeadCheck.equals(name, "content-length") {
            let length = String(decoding: value, as: UTF8.self)
            if let contentLength, contentLength != length {
                fault = .lengthsDiffer
                return false
            }
            contentLength = length
        } else if RequestHeadCheck.equals(name, "transfer-encoding") {
            guard !hasTransferEncoding, RequestHeadCheck.equals(value, "chunked") else {
                fault = .unknownCoding
                return false
            }
            hasTransferEncoding = true
        }
        if let wanted, let kept = wanted.first(where: { $0.isName(of: name) }) {
            found.append(kept.name, String(decoding: value, as: UTF8.self))
        }
        return true
    }

    /// Whether `bytes` spell `lowercase` in any case.
    static func equals(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { equalsIgnoringCase(bytes, UnsafeRawBufferPointer($0)) }
    }

    /// Whether `bytes` are `lowercase`'s bytes, ASCII letters in any case.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
            guard lower == lowercase[index] else { return false }
        }
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
    private static func printable(_ name: UnsafeRawBufferPointer) -> String {
        String(decoding: name.prefix(63).map { $0 < 0x20 || $0 >= 0x7F ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }
}

/// A header the responder asked for, by its lower-case name: the String the request gets, and its bytes, which each
/// field's name is compared with.
struct WantedHeader: Sendable {
    let name: String
    private let bytes: [UInt8]

    init(_ name: String) {
        self.name = name.lowercased()
        bytes = Array(self.name.utf8)
    }

    /// Whether a field's name, as sent, is this one in any case.
    func isName(of field: UnsafeRawBufferPointer) -> Bool {
        bytes.withUnsafeBytes { RequestHeadCheck.equalsIgnoringCase(field, $0) }
    }
}
