import MockAPICore

/// An imported answer's body: a Server-Sent Events body (`text/event-stream`) becomes chunks, one per event, cut
/// after each blank line (LF, CR or CRLF line ends), with no timing (VCR and HAR keep none), so replay sends it event
/// by event; any other body is stored as usual.
enum EventStreamBody {
    static func body(_ bytes: [UInt8], headers: HTTPHeaders) -> Body {
        let type = headers["content-type"]?.split(separator: ";").first.map { String($0).lowercased() } ?? ""
        guard type.filter({ $0 != " " && $0 != "\t" }) == "text/event-stream", !bytes.isEmpty else { return Body(bytes: bytes) }
        var chunks: [ChunkedBody.Chunk] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if let end = blankLineEnd(bytes, at: index) {
                chunks.append(ChunkedBody.Chunk(atMs: 0, bytes: Array(bytes[start..<end])))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        if start < bytes.count { chunks.append(ChunkedBody.Chunk(atMs: 0, bytes: Array(bytes[start...]))) }
        return .chunks(ChunkedBody(chunks: chunks))
    }

    /// Where a line end followed by an empty line ends, when one starts at `index`.
    private static func blankLineEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        func lineEnd(at position: Int) -> Int? {
            guard position < bytes.count else { return nil }
            if bytes[position] == 0x0A { return position + 1 }
            guard bytes[position] == 0x0D else { return nil }
            return position + 1 < bytes.count && bytes[position + 1] == 0x0A ? position + 2 : position + 1
        }
        guard let first = lineEnd(at: index), let second = lineEnd(at: first) else { return nil }
        return second
    }
}
