import Synchronization

/// One recorded interaction of a ``ReplayIndex``, ready to serve: a position in the index's storage. Its answer is
/// prepared the first time it is asked for: most recorded answers of a large set are never requested, and preparing
/// all of them at load cost start-up time and a second copy of every body in memory.
package struct ReplayEntry: Sendable {
    let owner: ReplayIndex
    /// Position among the index's entries (load order).
    let position: Int

    /// Position of the cassette among those loaded.
    package var cassette: Int { owner.places[position].cassette }
    /// Position of the interaction in its cassette.
    package var index: Int { owner.places[position].index }
    package var key: RequestKey { owner.key(ofEntry: position) }

    /// The answer, prepared on first use; every later call returns the same object.
    package var prepared: PreparedResponse { owner.prepared(position) }
}

/// The interactions recorded for one request key, answered in recorded order. After the last one, the last repeats,
/// or (strict) the queue is exhausted. Taking the next answer is one compare-and-swap on the queue's cursor, and
/// once the queue is at its last answer, only a load.
package struct ReplayQueue: Sendable {
    let owner: ReplayIndex
    /// Position among the index's queues.
    let number: Int

    package var count: Int { owner.members(ofQueue: number).count }

    /// Its entries, in recorded order.
    package var entries: [ReplayEntry] {
        owner.members(ofQueue: number).map { ReplayEntry(owner: owner, position: owner.queueMembers[$0]) }
    }

    package enum Answer {
        case entry(ReplayEntry)
        /// Strict mode, every answer used.
        case exhausted
    }

    package func next(strict: Bool) -> Answer {
        guard let position = owner.take(fromQueue: number, strict: strict) else { return .exhausted }
        return .entry(ReplayEntry(owner: owner, position: position))
    }

    /// The entry `next(strict:)` would give now, without taking it; nil when strict and exhausted.
    package func peek(strict: Bool) -> ReplayEntry? {
        owner.peek(inQueue: number, strict: strict).map { ReplayEntry(owner: owner, position: $0) }
    }

    /// How many of the entries have been answered since the last reset.
    package var usedCount: Int { min(owner.cursors[number].taken.load(ordering: .relaxed), count) }

    /// How many of the entries have been answered since the server started (or loaded them): resets do not lower it.
    package var everUsedCount: Int { min(owner.cursors[number].reached.load(ordering: .relaxed), count) }

    /// Starts again from the first recorded answer.
    package func reset() { owner.cursors[number].taken.store(0, ordering: .relaxed) }
}
