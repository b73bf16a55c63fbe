import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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
    /// The status sent; 0 when no status line was (a `reset` or `timeout` fault).
    public let status: Int
    /// How the request was answered: matched, unmatched (with its near-miss report), recorded, fault, …
    public let outcome: Outcome
    /// The cassette named by a scoped base URL (`/@github/paginate-issues/…`); `path` is then the rest of the path.
    /// Nil for requests to the plain base URL.
    public let scope: String?
}

/// Every request the server answered: exact counts since start, and the most recent entries (a bounded ring, so a
/// long-running server does not grow).
///
/// Recording a request touches no memory another worker thread writes, but for one atomic counter (the sequence
/// number): entries and counts go to the recording thread's own stripe (``Striped``), and readers merge the stripes.
/// Each stripe keeps up to `capacity` entries, so that the `capacity` most recent are always kept however requests
/// fall on threads; memory is at most that many per thread that answered (the server's workers, for the most part).
package final class Journal: Sendable {
    private struct Stripe {
        /// This stripe's most recent entries, at most `capacity`.
        var ring: [JournalEntry] = []
        /// Where the oldest entry is once the ring is full.
        var start = 0
        var counts = RequestCounts()
        /// This thread's copies of the cassette names its entries hold (``ThreadCopies``).
        var names = ThreadCopies()

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
            if ring.count < capacity {
                ring.append(consume entry)
            } else {
                // `consume`: without it, a full ring copied the entry in (a retain of each of its strings) and then
                // destroyed the original.
                ring[start] = consume entry
                start = (start + 1) % capacity
            }
        }
    }

    package let capacity: Int
    /// The last sequence number handed out.
    private let sequence = Atomic<Int>(0)
    /// Entries numbered up to this were cleared.
    private let clearedThrough = Atomic<Int>(0)
    private let stripes = Striped { Stripe() }

    package init(capacity: Int = 10_000) {
        self.capacity = max(capacity, 1)
    }

    /// Keeps an entry for a request and counts it.
    /// - Parameter scope: the cassette a scoped base URL named, when the request came through one.
    @discardableResult
    #if os(Linux)
    @section(".text.hot")
    #endif
    package func record(_ request: HTTPRequest, status: Int, outcome: JournalEntry.Outcome, scope: String? = nil) -> Int {
        let number = nextNumber()
        store(number, request, status: status, outcome: outcome, scope: scope)
        return number
    }

    /// The sequence number of the next entry: the two steps of ``record(_:status:outcome:scope:)``, which other
    /// threads may see apart.
    package func nextNumber() -> Int {
        sequence.wrappingAdd(1, ordering: .relaxed).newValue
    }

    package func store(_ number: Int, _ request: HTTPRequest, status: Int, outcome: JournalEntry.Outcome, scope: String? = nil) {
        let time = Journal.now()
        let capacity = self.capacity
        stripes.withCurrent { stripe in
            // Made here, to be moved into the ring rather than copied into it.
            stripe.keep(
                JournalEntry(
                    sequence: number, time: time, method: request.method, path: request.path, query: request.query,
                    status: status, outcome: outcome, scope: scope),
                capacity: capacity)
        }
    }

    /// Keeps an entry for a request answered from a cassette, and counts it: ``record(_:status:outcome:scope:)`` with
    /// a `.matched` outcome, for the path every replayed request takes. The cassette's name is lent, not handed over:
    /// the entry holds this thread's own copy of it (``ThreadCopies``), so that recording a request writes no
    /// reference count that another worker thread writes too. Every worker thread answering from one cassette
    /// retained and released its one name string, which moved that string's cache line from core to core.
    /// - Parameters:
    ///   - cassette: the name, where it stays for the call. A pointer rather than a `borrowing String`: captured by the
    ///     closure that runs under the stripe's lock, a borrowed string was copied, a retain and a release.
    ///   - slot: where this thread keeps its copy of the name: the cassette's number in its index.
    #if os(Linux)
    @section(".text.hot")
    #endif
    package func recordMatched(_ request: HTTPRequest, status: Int, cassette: UnsafePointer<String>, slot: Int, index: Int,
                               scope: String?) {
        let number = nextNumber()
        let time = Journal.now()
        let capacity = self.capacity
        stripes.withCurrent { stripe in
            let name = stripe.names.copy(of: cassette.pointee, slot: slot)
            stripe.keep(
                JournalEntry(
                    sequence: number, time: time, method: request.method, path: request.path, query: request.query,
                    status: status, outcome: .matched(cassette: name, index: index), scope: scope),
                capacity: capacity)
        }
    }

    /// Counts an admin request without keeping an entry: read-only admin calls (a page polling the journal) would
    /// otherwise push the requests people look for out of the ring.
    package func countAdmin() {
        stripes.withCurrent { stripe in
            stripe.counts.requests += 1
            stripe.counts.admin += 1
        }
    }

    package var counts: RequestCounts {
        var total = RequestCounts()
        stripes.forEach { total.add($0.counts) }
        return total
    }

    /// The kept entries with a sequence number above `after`, oldest first: the `capacity` most recent. An entry
    /// whose number is taken but which is not stored yet (its thread is between the two) ends the list before it, so
    /// a reader that asks again after the last number it saw never skips one.
    package func entries(after: Int = 0) -> [JournalEntry] {
        let top = sequence.load(ordering: .relaxed)
        let first = max(after, top - capacity, clearedThrough.load(ordering: .relaxed)) + 1
        guard first <= top else { return [] }
        var entries: [JournalEntry] = []
        stripes.forEach { stripe in
            entries += stripe.ordered.lazy.filter { $0.sequence >= first && $0.sequence <= top }
        }
        entries.sort { $0.sequence < $1.sequence }
        if let gap = entries.indices.first(where: { entries[$0].sequence != first + $0 }) {
            entries.removeSubrange(gap...)
        }
        return entries
    }

    /// How many entries fell out of the ring (or were cleared).
    package var dropped: Int {
        sequence.load(ordering: .relaxed) - entries().count
    }

    package func clear() {
        clearedThrough.store(sequence.load(ordering: .relaxed), ordering: .relaxed)
        stripes.forEach { stripe in
            stripe.ring.removeAll()
            stripe.start = 0
        }
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
