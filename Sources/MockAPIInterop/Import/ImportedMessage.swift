import MockAPICompression
import MockAPICore

/// Turns foreign headers and bodies into what a recorded cassette holds, by the recorder's rules: no connection or
/// framing fields (the replay server frames the body itself), bodies stored decoded and without `content-encoding`.
enum ImportedMessage {
    /// Fields that describe a connection or the framing, never stored.
    static let framingFields: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "content-length",
    ]

    /// The largest decoded body accepted.
    static let maximumBodyBytes = 256 << 20

    /// Header fields from name-value pairs. HTTP/2 pseudo-headers (`:authority`) are left out, and so are framing fields
    /// unless `exact`; a value holding line breaks (as Firefox joins repeated `set-cookie`) becomes one field per line.
    /// - Parameter place: how to name the pair at `index` in an error.
    static func headers(_ pairs: [(name: String, value: String)], exact: Bool, file: String,
                        place: (Int) -> String) throws(InteropError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (index, pair) in pairs.enumerated() {
            guard !pair.name.hasPrefix(":") else { continue }
            guard !pair.name.isEmpty, pair.name.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
                throw .invalid(file: file, at: place(index), reason: "\"\(pair.name)\" is not a valid header name")
            }
            guard exact || !framingFields.contains(pair.name.lowercased()) else { continue }
            guard !pair.value.utf8.contains(0) else {
                throw .invalid(file: file, at: place(index), reason: "the value of \(pair.name) contains a NUL byte")
            }
            // By bytes, not Characters: "\r\n" is one Character, which neither "\n" nor "\r" matches.
            for line in pair.value.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let value = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
                guard !value.contains(UInt8(ascii: "\r")) else {
                    throw .invalid(file: file, at: place(index), reason: "the value of \(pair.name) contains a lone carriage return")
                }
                headers.append(pair.name, String(decoding: value, as: UTF8.self))
            }
        }
        return headers
    }

    /// A response body as the cassette stores it: decoded per `content-encoding`, which is then removed. When the
    /// bytes do not decode, they come back unchanged with the reason: some tools store bodies decoded though the
    /// header still names a coding, and the caller decides whether to believe that.
    static func decodedBody(_ bytes: [UInt8], headers: inout HTTPHeaders) -> (bytes: [UInt8], failure: ContentDecodingError?) {
        let codings = headers.values("content-encoding").joined(separator: ", ")
        guard !codings.isEmpty else { return (bytes, nil) }
        headers.remove("content-encoding")
        do {
            return (try ContentDecoder.decode(bytes, contentEncoding: codings, limit: maximumBodyBytes), nil)
        } catch {
            return (bytes, error)
        }
    }

    /// A body a tool stored as it came from the server: decoded per `content-encoding` (which is removed). Bytes that
    /// do not decode but are UTF-8 text were decoded by the tool's HTTP library already: kept, with a warning at
    /// `place`; anything else is an error made by `failure`.
    static func storedBody(_ bytes: [UInt8], headers: inout HTTPHeaders, file: String, place: String,
                           failure: (String) -> InteropError, warnings: inout [ImportWarning]) throws(InteropError) -> [UInt8] {
        let decoded = decodedBody(bytes, headers: &headers)
        if let error = decoded.failure {
            guard String(validating: bytes, as: UTF8.self) != nil else { throw failure("\(error)") }
            warnings.append(ImportWarning(
                file: file, at: place, message: "\(error); the body is UTF-8 text, so it was stored decoded already: kept as it is"))
        }
        return decoded.bytes
    }
}
