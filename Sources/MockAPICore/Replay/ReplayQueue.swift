/// One recorded interaction of a ``ReplayIndex``, ready to serve: a position in the index's storage. Its answer is
/// prepared the first time it is asked for: most recorded answers of a large set are never requested, and preparing
/// all of them at load cost start-up time and a second copy of every body in memory.
///
/// Valid while its index is alive (the replayer that handed it out holds the index): use it while answering, do not
/// keep it. It does not retain the index: a retain is an atomic write to the index's header, from every worker
/// thread, on every request.
package struct ReplayEntry: Sendable {
    unowned(unsafe) let owner: ReplayIndex
    /// Position among the index's entries (load order).
    let position: Int

    /// Position of the cassette among those loaded.
    package var cassette: Int { owner.places[position].cassette }
    /// Position of the interaction in its cassette.
    package var index: Int { owner.places[position].index }
    package var key: RequestKey { owner.key(ofEntry: position) }

    /// The answer, prepared on first use; every later call returns the same object (one atomic load).
    package var prepared: PreparedResponse { owner.prepared(position) }
}

/// The interactions recorded for one request key, answered in recorded order. After the last one, the last repeats,
/// or (strict) the queue is exhausted. Lock-free: taking the next answer is one compare-and-swap on the queue's
/// counter, and once the queue is at its last answer, only a load. Like ``ReplayEntry``, valid while its index is.
package struct ReplayQueue: Sendable {
    unowned(unsafe) let owner: ReplayIndex
    /// Position among the index's queues.
    let number: Int

    private var members: Range<Int> { owner.queueStarts[number]..<owner.queueStarts[number + 1] }

    package var count: Int { members.count }

    /// Its entries, in recorded order.
    package var entries: [ReplayEntry] { members.map(entry(at:)) }

    private func entry(at member: Int) -> ReplayEntry {
        ReplayEntry(owner: owner, position: owner.queueMembers[member])
    }

    package enum Answer {
        case entry(ReplayEntry)
        /// Strict mode, every answer used.
        case exhausted
    }

    package func next(strict: Bool) -> Answer {
        let members = self.members
        var position = owner.cursors.load(number)
        while position < members.count {
            let (exchanged, original) = owner.cursors.compareExchange(number, expected: position, desired: position + 1)
            if exchanged { return .entry(entry(at: members.lowerBound + position)) }
            position = original
        }
        if strict { return .exhausted }
        return .entry(entry(at: members.upperBound - 1))
    }

    /// The entry `next(strict:)` would give now, without taking it; nil when strict and exhausted.
    package func peek(strict: Bool) -> ReplayEntry? {
        let members = self.members
        let position = owner.cursors.load(number)
        if position < members.count { return entry(at: members.lowerBound + position) }
        return strict ? nil : entry(at: members.upperBound - 1)
    }

    /// How many of the entries have been answered since the last reset.
    package var usedCount: Int { min(owner.cursors.load(number), count) }

    /// Starts again from the first recorded answer.
    package func reset() { owner.cursors.store(number, 0) }
}
