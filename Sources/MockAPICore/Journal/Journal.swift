import Synchronization
import Glibc

/// What happened to one request.
public struct JournalEntry: Sendable {
    /// How the request was answered.
    public enum Outcome: Sendable {
        /// Answered from a cassette.
        case matched(cassette: String, index: Int)
        /// Nothing recorded answers it (or, strict, every recording that matches was used); the report names the
        /// nearest recorded requests.
        // Boxed: inline, the report's five fields made every outcome, and so every entry of the journal's ring, that
        // large, and every copy of an outcome copy them.
        indirect case unmatched(UnmatchedReport)
        /// Forwarded upstream and saved.
        case recorded(cassette: String, index: Int)
        /// An admin endpoint (`/__mockapi/…`).
        case admin
        /// Answered with an error of mockapi's own (an upstream failure, a refused write).
        case failed(String)
        /// A fault injected on purpose (`--fault`, `X-Mockapi-Fault`): `503`, `reset`, `timeout`, `truncate`…
        case fault(String)
    }

    /// A match other than an exact one.
    public enum MatchKind: String, Sendable {
        /// A GraphQL introspection query answered by its endpoint's recorded introspection
        /// (``IntrospectionMatching/nearest``).
        case introspection
    }

    /// From 1, in the order requests were answered.
    public let sequence: Int
    /// Seconds since 1970.
    public let time: Double
    /// The request's method, as sent.
    public let method: String
    /// The request's path, as sent (percent-encoded); for a scoped request, the part after the cassette name.
    public let path: String
    /// The raw query string, without the `?`; nil when there was none.
    public let query: String?
    /// The GraphQL operation a GraphQL request asked for (`query RepoStars`, `mutation`, or `query` for an anonymous
    /// one), as replay matched it; nil for any other request.
    public let operation: String?
    /// How a matched request was matched when its recording is not an exact match; nil for an exact match.
    public let matchedAs: MatchKind?
    /// The status sent; 0 when no status line was (a `reset` or `timeout` fault).
    public let status: Int
    /// How the request was answered: matched, unmatched (with its near-miss report), recorded, fault, …
    public let outcome: Outcome
    /// The cassette named by a scoped base URL (`/@github/paginate-issues/…`); `path` is then the rest of the path.
    /// Nil for requests to the plain base URL.
    public let scope: String?
    /// Lower-case names of recorded headers the answer went out without (empty values; see `mockapi lint`'s
    /// `empty-header`). Empty for nearly every answer.
    public let headersNotSent: [String]
    /// Set for a streamed answer: its chunks, its duration, and whether the client went away before its end (noted
    /// when it happens, after the entry is first kept).
    public package(set) var stream: StreamSummary?
    /// Set for a WebSocket handshake answered with a conversation: its messages each way and how it ended (noted as
    /// it goes, after the entry is first kept).
    public package(set) var webSocket: ConversationSummary?
}

/// Every request the server answered: exact counts since start, and the most recent entries (a bounded ring, so a
/// long-running server does not grow). One lock guards both; entries are numbered under it, so the ring is always in
/// order.
package final class Journal: Sendable {
    private struct State {
        /// The most recent entries, at most `capacity`.
        var ring: [JournalEntry] = []
        /// Where the oldest entry is once the ring is full.
        var start = 0
        var counts = RequestCounts()
        /// The last sequence number handed out.
        var sequence = 0
        /// Entries numbered up to this were cleared.
        var clearedThrough = 0

        var ordered: ArraySlice<JournalEntry> { ring[start...] + ring[..<start] }

        /// Counts an entry and keeps it, in place of the oldest once the ring is full.
        mutating func keep(_ entry: consuming JournalEntry, capacity: Int) {
            counts.requests += 1
            switch entry.outcome {
            case .matched: counts.matched += 1
            case .unmatched: counts.unmatched += 1
            case .recorded: counts.recorded += 1
            case .failed: counts.failed += 1
            case .fault: counts.faults += 1
            case .admin: counts.admin += 1
            }
            // Moved in, not copied: a copy retained each of the entry's strings and released them again.
            if ring.count < capacity {
                ring.append(consume entry)
            } else {
                ring[start] = consume entry
                start = (start + 1) % capacity
            }
        }
    }

    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 10_000) {
        self.capacity = max(capacity, 1)
    }

    /// Keeps an entry for a request and counts it; returns its sequence number.
    /// - Parameter scope: the cassette a scoped base URL named, when the request came through one.
    /// - Parameter operation: the GraphQL operation the request asked for, when it is a GraphQL request.
    /// - Parameter matchedAs: how a matched request was matched, when not exactly.
    /// - Parameter headersNotSent: recorded headers the answer goes out without (``UnsentHeaders``).
    /// - Parameter stream: for a streamed answer, its summary.
    @discardableResult
    package func record(_ request: HTTPRequest, status: Int, outcome: JournalEntry.Outcome, scope: String? = nil,
                        operation: String? = nil, matchedAs: JournalEntry.MatchKind? = nil, headersNotSent: [String] = [],
                        stream: StreamSummary? = nil, webSocket: ConversationSummary? = nil) -> Int {
        let time = Journal.now()
        let capacity = self.capacity
        return state.withLock { state in
            state.sequence += 1
            state.keep(
                JournalEntry(
                    sequence: state.sequence, time: time, method: request.method, path: request.path,
                    query: request.query, operation: operation, matchedAs: matchedAs, status: status, outcome: outcome, scope: scope,
                    headersNotSent: headersNotSent, stream: stream, webSocket: webSocket),
                capacity: capacity)
            return state.sequence
        }
    }

    /// Notes on the entry `sequence` (if it is still kept) that the client went away before the end of its stream.
    package func noteClientWentAway(sequence: Int, _ departure: StreamSummary.Departure) {
        state.withLock { state in
            // Kept entries are numbered without gaps, the newest being `state.sequence`.
            let newestFirstOffset = state.sequence - sequence
            guard newestFirstOffset >= 0, newestFirstOffset < state.ring.count else { return }
            let index = (state.start + state.ring.count - 1 - newestFirstOffset) % state.ring.count
            guard state.ring[index].sequence == sequence else { return }
            state.ring[index].stream?.clientWentAway = departure
        }
    }

    /// Changes the conversation summary of the entry `sequence` (if it is still kept).
    package func noteConversation(sequence: Int, _ change: (inout ConversationSummary) -> Void) {
        state.withLock { state in
            let newestFirstOffset = state.sequence - sequence
            guard newestFirstOffset >= 0, newestFirstOffset < state.ring.count else { return }
            let index = (state.start + state.ring.count - 1 - newestFirstOffset) % state.ring.count
            guard state.ring[index].sequence == sequence, var summary = state.ring[index].webSocket else { return }
            change(&summary)
            state.ring[index].webSocket = summary
        }
    }

    /// Counts an admin request without keeping an entry: read-only admin calls (a page polling the journal) would
    /// otherwise push the requests people look for out of the ring.
    package func countAdmin() {
        state.withLock { state in
            state.counts.requests += 1
            state.counts.admin += 1
        }
    }

    package var counts: RequestCounts {
        state.withLock { $0.counts }
    }

    /// The kept entries with a sequence number above `after`, oldest first: the `capacity` most recent.
    package func entries(after: Int = 0) -> [JournalEntry] {
        state.withLock { state in
            // No `+ 1`: `after` comes from a client and may be Int.max.
            let last = max(after, state.clearedThrough)
            return Array(state.ordered.lazy.filter { $0.sequence > last })
        }
    }

    /// The kept entries above `after`, oldest first, and the last sequence number handed out, read together: a reader
    /// that passes that number as the next `after` (the control API's `since`) sees each later entry once.
    package func entriesAndLast(after: Int = 0) -> (entries: [JournalEntry], last: Int) {
        state.withLock { state in
            let last = max(after, state.clearedThrough)
            return (Array(state.ordered.lazy.filter { $0.sequence > last }), state.sequence)
        }
    }

    /// The last sequence number handed out: 0 before the first request.
    package var lastSequence: Int {
        state.withLock { $0.sequence }
    }

    /// Forgets the kept entries `forget` picks (counts stay exact); returns the last sequence number handed out.
    @discardableResult
    package func remove(where forget: (JournalEntry) -> Bool) -> Int {
        state.withLock { state in
            let kept = state.ordered.filter { !forget($0) }
            state.ring = Array(kept)
            state.start = 0
            return state.sequence
        }
    }

    /// How many entries fell out of the ring (or were cleared).
    package var dropped: Int {
        state.withLock { state in state.sequence - state.ring.count }
    }

    package func clear() {
        state.withLock { state in
            state.clearedThrough = state.sequence
            state.ring.removeAll()
            state.start = 0
        }
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
