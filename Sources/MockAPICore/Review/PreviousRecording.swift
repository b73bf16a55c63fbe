import Synchronization

/// The cassette a re-recording replaces, as the recorder consults it for each interaction it is about to write
/// (``KeptRecording``): the answers that did not change are written back exactly as they were.
package final class PreviousRecording: Sendable {
    package let cassette: Cassette
    /// The built-in volatile headers, the cassette's own and those given for the run.
    package let volatile: VolatileHeaders
    private let queues: Mutex<RequestQueues>
    private let keptCount = Atomic<Int>(0)

    /// - Parameter volatileHeaders: names given for this run (`--volatile-header`), besides the cassette's own.
    package init(_ cassette: Cassette, volatileHeaders: [String] = []) {
        self.cassette = cassette
        self.volatile = VolatileHeaders(adding: cassette.volatileHeaders + volatileHeaders)
        self.queues = Mutex(RequestQueues(cassette))
    }

    /// What to write for `recorded` (scrubbed): the earlier interaction of the same request, when its answer is the
    /// same in meaning, else `recorded`.
    package func interactionToWrite(for recorded: Interaction) -> Interaction {
        guard let index = queues.withLock({ $0.take(recorded) }) else { return recorded }
        let existing = cassette.interactions[index]
        let chosen = KeptRecording.choose(existing: existing, recorded: recorded, volatile: volatile)
        if chosen == existing { keptCount.add(1, ordering: .relaxed) }
        return chosen
    }

    /// How many interactions were written back as they were.
    package var kept: Int { keptCount.load(ordering: .relaxed) }

    /// What the re-recording changed, said once `new` replaced the cassette in `file`: how many answers were kept,
    /// then the summary and first lines of `mockapi diff`.
    package func review(of new: Cassette, name: String, file: String) -> [String] {
        let report = ReviewReport([CassetteDiff(
            name: name, old: cassette, oldFile: file, new: new, newFile: file, volatileHeaders: Array(volatile.extraNames))])
        return ["\(kept) answer\(kept == 1 ? "" : "s") unchanged in meaning, kept exactly as recorded before"] + report.briefLines()
    }
}
