import Synchronization

/// One recorded interaction, ready to serve. Its answer is prepared the first time it is asked for: most recorded
/// answers of a large set are never requested, and preparing all of them at load cost start-up time and a second copy
/// of every body in memory.
package final class ReplayEntry: Sendable {
    /// Position of the cassette among those loaded.
    package let cassette: Int
    /// Position of the interaction in its cassette.
    package let index: Int
    package let key: RequestKey
    private let answers: AnswerPreparer
    private let slot = Atomic<Unmanaged<PreparedResponse>?>(nil)

    init(cassette: Int, index: Int, key: RequestKey, answers: AnswerPreparer) {
        self.cassette = cassette
        self.index = index
        self.key = key
        self.answers = answers
    }

    /// The answer, prepared on first use; every later call returns the same object (one atomic load). Two threads
    /// asking first may both prepare it; one result is kept.
    package var prepared: PreparedResponse {
        if let ready = slot.load(ordering: .acquiring) { return ready.takeUnretainedValue() }
        let made = Unmanaged.passRetained(answers.prepare(cassette: cassette, index: index))
        let (exchanged, current) = slot.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged { return made.takeUnretainedValue() }
        made.release()
        return current.unsafelyUnwrapped.takeUnretainedValue()
    }

    deinit {
        slot.load(ordering: .acquiring)?.release()
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
