/// How the body of a streamed answer goes out: in pieces, each a separate write, each when it is due.
package struct ResponseStream: Sendable, Equatable {
    /// Where each piece ends in the response body, ascending; the last is the body's length.
    package var ends: [Int]
    /// When each piece is due, in milliseconds after the headers (all zero: at once).
    package var dueMs: [Double]
    /// Whether the connection is closed after the last piece without ending the body (a stream recorded as cut, or
    /// the stream-cut fault), so the client sees the stream break rather than end.
    package var cut: Bool
    /// Told how the stream ended (the journal entry of the request it answers); not part of the stream's identity.
    package var watcher: StreamWatcher?

    package init(ends: [Int], dueMs: [Double], cut: Bool = false) {
        self.ends = ends
        self.dueMs = dueMs
        self.cut = cut
    }

    /// The pieces of `chunks`, due as `timing` says.
    package init(_ chunks: [[UInt8]], atMs: [Double], timing: StreamTiming, cut: Bool) {
        var end = 0
        self.init(ends: chunks.map { end += $0.count; return end }, dueMs: atMs.map(timing.dueMs), cut: cut)
    }

    package static func == (left: ResponseStream, right: ResponseStream) -> Bool {
        left.ends == right.ends && left.dueMs == right.dueMs && left.cut == right.cut
    }

    /// The first `count` pieces, then a cut: the stream-cut fault.
    package func cut(after count: Int) -> ResponseStream {
        let kept = min(max(count, 0), ends.count)
        return ResponseStream(ends: Array(ends.prefix(kept)), dueMs: Array(dueMs.prefix(kept)), cut: true)
    }
}
