/// A body that streamed (Server-Sent Events, NDJSON, a slow chunked answer), kept as the pieces it arrived in and
/// when each arrived, so replay can send the same pieces with the same gaps. Its bytes are the pieces joined.
package struct ChunkedBody: Sendable, Hashable {
    /// One piece of the body as it was received.
    package struct Chunk: Sendable, Hashable {
        /// Milliseconds from the response headers to this piece.
        package var atMs: Double
        package var bytes: [UInt8]

        package init(atMs: Double, bytes: [UInt8]) {
            self.atMs = atMs
            self.bytes = bytes
        }

        package init(atMs: Double, text: String) {
            self.init(atMs: atMs, bytes: Array(text.utf8))
        }
    }

    /// Who ended a stream before its end: it is kept as far as it went.
    package enum Cut: String, Sendable, Hashable, CaseIterable {
        /// The client went away mid-stream.
        case client
        /// The upstream closed or failed mid-stream.
        case upstream
    }

    package var chunks: [Chunk]
    /// Set when the stream did not end normally.
    package var cut: Cut?

    package init(chunks: [Chunk], cut: Cut? = nil) {
        self.chunks = chunks
        self.cut = cut
    }

    /// The whole body: the chunks joined.
    package var bytes: [UInt8] {
        var joined: [UInt8] = []
        joined.reserveCapacity(chunks.reduce(0) { $0 + $1.bytes.count })
        for chunk in chunks { joined.append(contentsOf: chunk.bytes) }
        return joined
    }

    /// The same chunks with `transform` applied to each one's bytes (redaction, URL rewriting), times kept.
    package func mapChunks(_ transform: ([UInt8]) throws -> [UInt8]) rethrows -> ChunkedBody {
        ChunkedBody(chunks: try chunks.map { Chunk(atMs: $0.atMs, bytes: try transform($0.bytes)) }, cut: cut)
    }
}
