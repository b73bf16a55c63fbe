import CMicroHTTPD
import MockAPICore
import Synchronization

extension NativeResponse {
    /// A response whose body goes out in the pieces of `stream`, each a separate write (an HTTP/1.1 chunk), each
    /// when it is due. Built for one connection: a piece not yet due suspends the connection, and `pacing` resumes it
    /// when the piece is due, so a waiting stream holds no thread. A stream is a recorded answer: it goes out with its
    /// recorded headers only (no `Date` it was not recorded with).
    static func streamed(_ response: HTTPResponse, _ stream: ResponseStream, connection: OpaquePointer,
                         pacing: PacingClock) -> NativeResponse? {
        let source = StreamedBody(
            pieces: ChunkFeed(body: response.body, stream: stream), connection: ConnectionHandle(pointer: connection),
            pacing: pacing)
        let context = Unmanaged.passRetained(source).toOpaque()
        guard let created = MHD_create_response_from_callback(
            UInt64.max, 32 << 10, mockapiStreamReader, context, mockapiStreamFree)
        else {
            Unmanaged<StreamedBody>.fromOpaque(context).release()
            return nil
        }
        return NativeResponse(adopting: created, status: response.status, headers: response.headers, date: false)
    }
}

/// Where a replayed stream is: the pieces, the next one, and when the stream started.
struct ChunkFeed: Sendable {
    let body: [UInt8]
    let stream: ResponseStream
    /// The next byte to send.
    var offset = 0
    /// The piece that byte is in.
    var piece = 0
    var started: ContinuousClock.Instant?
    /// Set once the stream has ended, been cut, or been stopped with the server: whatever happens to the connection
    /// after that, the client did not leave it mid-stream.
    var over = false

    init(body: [UInt8], stream: ResponseStream) {
        self.body = body
        self.stream = stream
    }

    /// What the reader does next.
    enum Step {
        /// Copy this range of the body (part or all of one piece).
        case send(Range<Int>)
        /// Wait until this time, then ask again.
        case wait(until: ContinuousClock.Instant)
        case end
        case cut
    }

    /// The next step for a reader that can take `capacity` bytes now; moves past what it hands out.
    mutating func next(capacity: Int, now: ContinuousClock.Instant) -> Step {
        let start = started ?? now
        started = start
        // Empty pieces carry no bytes to write (and writing none would read as "not ready"): skip them.
        while piece < stream.ends.count, offset >= stream.ends[piece] { piece += 1 }
        guard piece < stream.ends.count else {
            over = true
            return stream.cut ? .cut : .end
        }
        let due = start.advanced(by: .microseconds(Int64((stream.dueMs[piece] * 1000).rounded())))
        if due > now { return .wait(until: due) }
        let end = min(stream.ends[piece], offset + capacity)
        defer { offset = end }
        return .send(offset..<end)
    }

    /// The pieces handed over whole so far.
    var piecesSent: Int { stream.ends.prefix { $0 <= offset }.count }
}

/// The context of a streamed response's content reader.
final class StreamedBody: Sendable {
    let feed: Mutex<ChunkFeed>
    let connection: ConnectionHandle
    let pacing: PacingClock

    init(pieces: ChunkFeed, connection: ConnectionHandle, pacing: PacingClock) {
        self.feed = Mutex(pieces)
        self.connection = connection
        self.pacing = pacing
    }

    deinit {
        // libmicrohttpd drops the response when the request is over: the stream sent (or cut) to its end, or the
        // client gone before that, which the journal notes. A reader never asked (a HEAD request) sent no stream.
        let feed = self.feed.withLock { $0 }
        guard !feed.over, let started = feed.started, let watcher = feed.stream.watcher,
            feed.piecesSent < feed.stream.ends.count
        else { return }
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        watcher.clientWentAway(afterChunks: feed.piecesSent, atMs: milliseconds)
    }

    /// Suspends the connection until `due` (at once when the server has just begun stopping: the reader then sees it
    /// stopping and cuts the stream).
    func suspend(until due: ContinuousClock.Instant) {
        // Called from the content reader, which libmicrohttpd allows; the pacing clock resumes it, from its own thread.
        MHD_suspend_connection(connection.pointer)
        let connection = connection
        let waiting = pacing.run(at: due) { MHD_resume_connection(connection.pointer) }
        if !waiting { MHD_resume_connection(connection.pointer) }
    }
}

/// Hands libmicrohttpd the next due piece of a stream; when none is due, suspends the connection until one is and
/// writes nothing this time.
let mockapiStreamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return mockapi_mhd_content_reader_error() }
    let source = Unmanaged<StreamedBody>.fromOpaque(context).takeUnretainedValue()
    let step = source.feed.withLock { $0.next(capacity: capacity, now: .now) }
    switch step {
    case .send(let range):
        source.feed.withLock { feed in
            feed.body.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                UnsafeMutableRawPointer(buffer).copyMemory(from: base + range.lowerBound, byteCount: range.count)
            }
        }
        return range.count
    case .wait(let due):
        // A stopping server cuts its streams rather than wait (it waits for every suspended connection to resume).
        guard !source.pacing.isClosed else {
            source.feed.withLock { $0.over = true }
            return mockapi_mhd_content_reader_error()
        }
        source.suspend(until: due)
        return 0
    case .end:
        return mockapi_mhd_content_reader_end()
    case .cut:
        return mockapi_mhd_content_reader_error()
    }
}

let mockapiStreamFree: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<StreamedBody>.fromOpaque(context).release()
}
