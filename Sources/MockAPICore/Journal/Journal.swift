import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What happened to one request.
public struct JournalEntry: Sendable {
    public enum Outcome: Sendable {
        /// Answered from a cassette.
        case matched(cassette: String, index: Int)
        case unmatched(UnmatchedReport)
        /// Forwarded upstream and saved.
        case recorded(cassette: String, index: Int)
        /// An admin endpoint (`/__mockapi/…`).
        case admin
        /// Answered with an error of mockapi's own (an upstream failure, a refused write).
        case failed(String)
        /// A fault injected on purpose (`--fault`, `X-Mockapi-Fault`): `503`, `reset`, `timeout`, `truncate`…
        case fault(String)
    }

    /// From 1, in the order requests were answered.
    public let sequence: Int
    /// Seconds since 1970.
    public let time: Double
    public let method: String
    public let path: String
    public let query: String?
    /// The status sent; 0 when no status line was (a `reset` or `timeout` fault).
    public let status: Int
    public let outcome: Outcome
    /// The cassette named by a scoped base URL (`/@github/paginate-issues/…`); `path` is then the rest of the path.
    /// Nil for requests to the plain base URL.
    public let scope: String?
}

/// Every request the server answered: exact counts since start, and the most recent entries (a bounded ring, so a
/// long-running server does not grow).
package final class Journal: Sendable {
    private struct State {
        var ring: [JournalEntry] = []
        /// Where the oldest entry is once the ring is full.
        var start = 0
        var sequence = 0
        var counts = RequestCounts()
    }

    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 10_000) {
        self.capacity = max(capacity, 1)
    }

    /// Keeps an entry for a request and counts it.
    /// - Parameter scope: the cassette a scoped base URL named, when the request came through one.
    @discardableResult
    package func record(_ request: HTTPRequest, status: Int, outcome: JournalEntry.Outcome, scope: String? = nil) -> Int {
        let time = Journal.now()
        return state.withLock { state in
            state.sequence += 1
            state.counts.requests += 1
            switch outcome {
            case .matched: state.counts.matched += 1
            case .unmatched: state.counts.unmatched += 1
            case .recorded: state.counts.recorded += 1
            case .failed: state.counts.failed += 1
            case .fault: state.counts.faults += 1
            case .admin: state.counts.admin += 1
            }
            let entry = JournalEntry(
                sequence: state.sequence, time: time, method: request.method, path: request.path, query: request.query,
                status: status, outcome: outcome, scope: scope)
            if state.ring.count < capacity {
                state.ring.append(entry)
            } else {
                state.ring[state.start] = entry
                state.start = (state.start + 1) % capacity
            }
            return state.sequence
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

    package var counts: RequestCounts { state.withLock { $0.counts } }

    /// The kept entries with a sequence number above `after`, oldest first.
    package func entries(after: Int = 0) -> [JournalEntry] {
        state.withLock { state in
            let ordered = state.ring[state.start...] + state.ring[..<state.start]
            return ordered.filter { $0.sequence > after }
        }
    }

    /// How many entries fell out of the ring.
    package var dropped: Int {
        state.withLock { $0.sequence - $0.ring.count }
    }

    package func clear() {
        state.withLock { state in
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
