import Synchronization

/// One recorded interaction, ready to serve.
package final class ReplayEntry: Sendable {
    /// Position of the cassette among those loaded.
    package let cassette: Int
    /// Position of the interaction in its cassette.
    package let index: Int
    package let key: RequestKey
    package let prepared: PreparedResponse

    init(cassette: Int, index: Int, key: RequestKey, prepared: PreparedResponse) {
        self.cassette = cassette
        self.index = index
        self.key = key
        self.prepared = prepared
    }
}

/// The interactions recorded for one request key, answered in recorded order. After the last one, the last repeats,
/// or (strict) the queue is exhausted. Lock-free: taking the next answer is one compare-and-swap, and once the queue
/// is at its last answer, only a load.
package final class ReplayQueue: Sendable {
    package let entries: [ReplayEntry]
    private let cursor = Atomic<Int>(0)

    init(entries: [ReplayEntry]) {
        self.entries = entries
    }

    package enum Answer {
        case entry(ReplayEntry)
        /// Strict mode, every answer used.
        case exhausted
    }

    package func next(strict: Bool) -> Answer {
        var position = cursor.load(ordering: .relaxed)
        while position < entries.count {
            let (exchanged, original) = cursor.compareExchange(
                expected: position, desired: position + 1, ordering: .relaxed)
            if exchanged { return .entry(entries[position]) }
            position = original
        }
        if strict { return .exhausted }
        return .entry(entries[entries.count - 1])
    }

    /// The entry `next(strict:)` would give now, without taking it; nil when strict and exhausted.
    package func peek(strict: Bool) -> ReplayEntry? {
        let position = cursor.load(ordering: .relaxed)
        if position < entries.count { return entries[position] }
        return strict ? nil : entries[entries.count - 1]
    }

    /// How many of the entries have been answered since the last reset.
    package var usedCount: Int { min(cursor.load(ordering: .relaxed), entries.count) }

    /// Starts again from the first recorded answer.
    package func reset() { cursor.store(0, ordering: .relaxed) }
}
