/// What the journal keeps of a streamed answer (Server-Sent Events, NDJSON, a slow chunked body): its chunks, how long
/// it runs, and whether the client went away before its end.
public struct StreamSummary: Sendable, Equatable {
    /// The chunks of the answer: as received while recording; as replayed (after a `cut:N` fault, the N it sends).
    public var chunks: Int
    /// Milliseconds from the head to the last chunk: as received while recording; as the replay schedules it (the
    /// recorded time under `--stream-timing recorded`, scaled under `scale:`, 0 under `none`).
    public var durationMs: Int
    /// Set when the client went away before the end of the stream.
    public var clientWentAway: Departure?

    /// When a client left a stream.
    public struct Departure: Sendable, Equatable {
        /// The chunks handed to its connection before it was found gone.
        public var afterChunks: Int
        /// Milliseconds after the head when it was found gone: at the first write after it left (a replayed stream
        /// waiting for its next chunk finds out when that chunk is due).
        public var atMs: Int

        public init(afterChunks: Int, atMs: Int) {
            self.afterChunks = afterChunks
            self.atMs = atMs
        }
    }

    public init(chunks: Int, durationMs: Int, clientWentAway: Departure? = nil) {
        self.chunks = chunks
        self.durationMs = durationMs
        self.clientWentAway = clientWentAway
    }

    /// The summary of a stream about to be replayed.
    package init(_ stream: ResponseStream) {
        self.init(chunks: stream.ends.count, durationMs: Int((stream.dueMs.last ?? 0).rounded()))
    }
}

/// Tells the journal how a replayed stream ended, for the entry of the request it answers. The engine holds it with
/// the stream (``ResponseStream/watcher``) and calls it once the stream is over.
package final class StreamWatcher: Sendable {
    private let journal: Journal
    private let sequence: Int

    package init(journal: Journal, sequence: Int) {
        self.journal = journal
        self.sequence = sequence
    }

    /// The client went away after `afterChunks` of the stream's chunks, `atMs` after the head.
    package func clientWentAway(afterChunks: Int, atMs: Double) {
        journal.noteClientWentAway(
            sequence: sequence, StreamSummary.Departure(afterChunks: afterChunks, atMs: Int(atMs.rounded())))
    }
}

extension Reply {
    /// The summary of the stream this reply sends; nil when it sends no stream.
    package var streamSummary: StreamSummary? {
        switch self {
        case .prepared(let prepared): prepared.response.stream.map(StreamSummary.init)
        case .response(let response): response.stream.map(StreamSummary.init)
        default: nil
        }
    }

    /// This reply, its stream (if it sends one) reporting to the journal entry `sequence` how it ended. A prepared
    /// answer is shared by every request it answers, so a streamed one becomes this request's own copy (the body's
    /// bytes are shared, not copied).
    package func watchingStream(journal: Journal, sequence: Int) -> Reply {
        var response: HTTPResponse
        switch self {
        case .prepared(let prepared): response = prepared.response
        case .response(let own): response = own
        default: return self
        }
        guard response.stream != nil else { return self }
        response.stream?.watcher = StreamWatcher(journal: journal, sequence: sequence)
        return .response(response)
    }
}
