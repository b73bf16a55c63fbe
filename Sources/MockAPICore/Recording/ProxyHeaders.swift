import MockAPICompression
import Synchronization

/// Which header fields cross the proxy, in each direction, and which are kept in the cassette.
package enum ProxyHeaders {
    /// Fields that describe one connection, not the message (RFC 9110 §7.6.1), and framing the HTTP stacks on each
    /// side set themselves. `Host` is set for the upstream by the HTTP client. A list: each name is compared in place,
    /// in any case (``isConnectionField(_:named:)``).
    static let connectionFields: [String] = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "host",
        "content-length", "expect",
    ]

    /// The client's header fields as sent upstream: connection fields dropped (also those the client's `Connection`
    /// names), and `Accept-Encoding` narrowed to codings mockapi can decode for the cassette.
    package static func forwarded(_ headers: HTTPHeaders) -> HTTPHeaders {
        let named = namedByConnection(headers)
        var output = HTTPHeaders()
        output.fields.reserveCapacity(headers.fields.count)
        for field in headers where !isConnectionField(field.name, named: named) {
            if field.name.equalsIgnoringASCIICase("accept-encoding") {
                if let narrowed = rememberedAcceptEncoding(field.value) { output.append(field.name, narrowed) }
                continue
            }
            output.append(field.name, field.value)
        }
        return output
    }

    /// The upstream's header fields as sent to the client: everything but connection fields and framing (the server
    /// frames the body itself). `Content-Encoding` stays: the client gets the body as the upstream coded it.
    package static func toClient(_ headers: HTTPHeaders) -> HTTPHeaders {
        let named = namedByConnection(headers)
        return headers.keeping { !isConnectionField($0.name, named: named) }
    }

    /// The upstream's header fields as stored: also without `Content-Encoding`, since the cassette holds the body
    /// decoded (replay would drop it anyway; see ``ResponsePreparer/unreplayedHeaders``).
    package static func storedResponse(_ headers: HTTPHeaders) -> HTTPHeaders {
        storedResponse(clientHeaders: toClient(headers))
    }

    /// The same, from the fields ``toClient(_:)`` already gave.
    package static func storedResponse(clientHeaders: HTTPHeaders) -> HTTPHeaders {
        clientHeaders.keeping { !$0.name.equalsIgnoringASCIICase("content-encoding") }
    }

    /// An `Accept-Encoding` value with only the codings mockapi decodes (gzip, deflate, br, identity), parameters
    /// such as `;q=0.5` kept; nil when none is left (the upstream then sends the body uncoded).
    package static func acceptEncoding(_ value: String) -> String? {
        let kept = value.split(separator: ",").compactMap { item -> String? in
            let trimmed = item.trimmingSpaces()
            let coding = trimmed.prefix { $0 != ";" }.trimmingSpaces().lowercased()
            return ContentDecoder.supportedCodings.contains(coding) ? trimmed : nil
        }
        return kept.isEmpty ? nil : kept.joined(separator: ", ")
    }

    /// ``acceptEncoding(_:)``, remembered for the last value asked: a client sends the same one with every request, and
    /// narrowing it (splitting, lowering, joining) cost a tenth of libmicrohttpd's thread's work on a recorded request.
    private static func rememberedAcceptEncoding(_ value: String) -> String? {
        if let last = lastAcceptEncoding.withLock({ $0 }), last.value == value { return last.narrowed }
        let narrowed = acceptEncoding(value)
        lastAcceptEncoding.withLock { $0 = (value, narrowed) }
        return narrowed
    }

    private static let lastAcceptEncoding = Mutex<(value: String, narrowed: String?)?>(nil)

    /// Whether a field of this name describes the connection: one of ``connectionFields``, or named by the message's
    /// `Connection` field. Compared in place, in any case, rather than lowered into a new string and hashed: this runs
    /// for every field of every request and answer a recorder passes on.
    private static func isConnectionField(_ name: String, named: [String]) -> Bool {
        connectionFields.contains { name.equalsIgnoringASCIICase($0) } || named.contains { name.equalsIgnoringASCIICase($0) }
    }

    private static func namedByConnection(_ headers: HTTPHeaders) -> [String] {
        headers.values("connection").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
    }
}
