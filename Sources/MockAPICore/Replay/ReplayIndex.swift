import Synchronization

/// Every loaded interaction, keyed for O(1) lookup, its answer prepared for the server's base URL on first use.
///
/// Stored flat, in arrays indexed by position: each entry's place, each queue's members, a table from keys to queues.
package final class ReplayIndex: Sendable {
    package let cassettes: [LoadedCassette]
    /// The cassettes' names, by cassette number, for the journal.
    let cassetteNames: [String]
    package let normalizer: RequestNormalizer
    /// Each entry's cassette and interaction, in load order: cassette by cassette, each in recorded order.
    let places: [EntryPlace]
    /// Where each cassette's entries start in `places` (one more element than `cassettes`).
    let cassetteStarts: [Int]
    /// Each entry's queue.
    let entryQueues: [Int]
    /// Queue `q` holds the entries `queueMembers[queueStarts[q]..<queueStarts[q + 1]]`, in recorded order; queues are
    /// numbered in the order their first interaction was loaded.
    let queueStarts: [Int]
    let queueMembers: [Int]
    /// How far each queue has been answered, by queue number.
    let cursors: [QueueCursor]
    /// Where each key's queue is; or, in an index that shares another's table, that index's queue, which `remap`
    /// turns into this index's queue (-1: none here).
    let table: KeyTable
    let remap: [Int]?
    /// In an index that shares another's table, where this one's entries start among that one's (whose keys they are).
    private let keySource: (index: ReplayIndex, offset: Int)?
    /// The recorded GraphQL introspections by endpoint, for introspection queries nothing matches exactly.
    let introspections: IntrospectionTable
    /// Each entry's answer, prepared on first use.
    private let answers: [PreparedSlot]
    private let preparer: AnswerPreparer

    /// - Parameters:
    ///   - baseURL: the server's own base URL (`http://127.0.0.1:8080`), or nil to replay upstream URLs unchanged.
    ///   - keysFrom: an index that loaded the one cassette given here (same name, file and content) among others: its
    ///     request keys and table are reused when they were made under the same rules.
    ///   - rules: the run's match rules; each cassette's own (its `match` member) are added to them, and the keys of
    ///     all of them are made under the result.
    package init(cassettes: [LoadedCassette], rules: MatchRules, baseURL: String?, keysFrom: ReplayIndex? = nil,
                 streamTiming: StreamTiming = .none) {
        self.cassettes = cassettes
        self.cassetteNames = cassettes.map(\.name)
        var places: [EntryPlace] = []
        var cassetteStarts: [Int] = [0]
        for (cassetteIndex, loaded) in cassettes.enumerated() {
            for index in loaded.cassette.interactions.indices { places.append(EntryPlace(cassette: cassetteIndex, index: index)) }
            cassetteStarts.append(places.count)
        }
        self.places = places
        self.cassetteStarts = cassetteStarts
        // Rules learned from some of an index's cassettes are a subset of its own: when it learned none, neither
        // would this, and there is nothing to learn.
        var normalizer = RequestNormalizer(rules: MatchRules.inForce(rules, cassettes: cassettes))
        if keysFrom.map({ !$0.normalizer.hasPlaceholders && $0.normalizer.rules == normalizer.rules }) != true {
            // Most requests hold no placeholder, which a look at a few of their bytes tells: looked at on all cores
            // (one walk over every recorded request; on one core it was most of the time from loaded to ready).
            let headersMatch = !normalizer.matchHeaders.isEmpty
            let mayLearn = Parallel.map(places) { place in
                let interactions = cassettes[place.cassette].cassette.interactions
                return headersMatch
                    || RequestNormalizer.mayHoldPlaceholder(
                        query: interactions[place.index].request.query, body: interactions[place.index].request.body)
            }
            for (position, place) in places.enumerated() where mayLearn[position] {
                normalizer.learnPlaceholders(from: cassettes[place.cassette].cassette.interactions[place.index].request)
            }
        }
        // Recorded GraphQL documents are parsed once, here (a view sharing another's keys takes that one's).
        if let keysFrom { normalizer.graphQLDocuments = keysFrom.normalizer.graphQLDocuments } else {
            normalizer.graphQLDocuments.learn(from: cassettes)
        }
        self.normalizer = normalizer
        self.answers = places.map { _ in PreparedSlot() }
        self.preparer = AnswerPreparer(
            cassettes: cassettes, rewriters: RewriterTable(cassettes: cassettes, baseURL: baseURL), streamTiming: streamTiming)

        let grouping: QueueGrouping
        let keyOfEntry: (Int) -> RequestKey
        if let keysFrom, let offset = keysFrom.offset(of: cassettes, under: normalizer),
            keysFrom.queueCount <= 4 * places.count
        {
            // Sharing costs a position per queue of the other index: only for a cassette that is a good part of it.
            grouping = QueueGrouping(sharing: keysFrom, from: offset, count: places.count)
            keySource = (keysFrom, offset)
            keyOfEntry = { keysFrom.key(ofEntry: offset + $0) }
            table = keysFrom.table
            remap = grouping.remap
        } else {
            // Keys are independent per interaction: build them on all cores, then index them in order.
            let frozen = normalizer
            let keys = Parallel.map(places) { place in
                let interactions = cassettes[place.cassette].cassette.interactions
                return frozen.key(for: interactions[place.index].request, path: interactions[place.index].localPath)
            }
            // Hashed on all cores too: hashing each key on one thread, in `grouping`, was about half of its time.
            let hashes = Parallel.map(keys) { $0.hashValue }
            let (table, queues) = KeyTable.grouping(keys, hashes: hashes)
            grouping = QueueGrouping(entryQueues: queues, queueCount: table.keys.count, remap: nil)
            keySource = nil
            keyOfEntry = { keys[$0] }
            self.table = table
            remap = nil
        }
        entryQueues = grouping.entryQueues
        (queueStarts, queueMembers) = grouping.members()
        cursors = (0..<grouping.queueCount).map { _ in QueueCursor() }
        let (starts, members) = (queueStarts, queueMembers)
        introspections = normalizer.rules.introspection == .nearest && normalizer.graphQLDocuments.holdsIntrospection
            ? IntrospectionTable(firstEntries: (0..<grouping.queueCount).map { members[starts[$0]] }, key: keyOfEntry)
            : .empty
    }

    package var queueCount: Int { cursors.count }

    /// Every queue, in the order their first interaction was loaded.
    package var queues: [ReplayQueue] { (0..<queueCount).map { ReplayQueue(owner: self, number: $0) } }

    package func queue(for key: RequestKey) -> ReplayQueue? {
        queueNumber(for: key).map { ReplayQueue(owner: self, number: $0) }
    }

    /// The queue recorded for a key: one hash lookup.
    /// The key of an incoming request under this index's rules (a caller reading `normalizer` copied it every request).
    func key(for request: HTTPRequest) -> RequestKey {
        normalizer.key(for: request)
    }

    func queueNumber(for key: RequestKey) -> Int? {
        table.queue(for: key).flatMap(ownQueue)
    }

    /// This index's queue for a queue of its table (another index's, when it shares one).
    private func ownQueue(_ position: Int) -> Int? {
        guard let remap else { return position }
        let mine = remap[position]
        return mine < 0 ? nil : mine
    }

    /// Where queue `number`'s entries are in `queueMembers`.
    func members(ofQueue number: Int) -> Range<Int> {
        queueStarts[number]..<queueStarts[number + 1]
    }

    /// Takes the queue's next answer and gives its entry's position: one compare-and-swap on the queue's cursor, or,
    /// once at its last answer, only a load. Nil when strict and every answer was taken.
    func take(fromQueue number: Int, strict: Bool) -> Int? {
        let members = members(ofQueue: number)
        let cursor = cursors[number]
        var taken = cursor.taken.load(ordering: .relaxed)
        while taken < members.count {
            let (exchanged, original) = cursor.taken.compareExchange(
                expected: taken, desired: taken + 1, ordering: .relaxed)
            if exchanged {
                cursor.reached.max(taken + 1, ordering: .relaxed)
                return queueMembers[members.lowerBound + taken]
            }
            taken = original
        }
        return strict ? nil : queueMembers[members.upperBound - 1]
    }

    /// The position `take(fromQueue:strict:)` would give now, without taking it.
    func peek(inQueue number: Int, strict: Bool) -> Int? {
        let members = members(ofQueue: number)
        let taken = cursors[number].taken.load(ordering: .relaxed)
        if taken < members.count { return queueMembers[members.lowerBound + taken] }
        return strict ? nil : queueMembers[members.upperBound - 1]
    }

    package var interactionCount: Int { places.count }

    /// The recorded interaction an entry stands for.
    package func interaction(_ entry: ReplayEntry) -> Interaction {
        cassettes[entry.cassette].cassette.interactions[entry.index]
    }

    func key(ofEntry position: Int) -> RequestKey {
        guard let keySource else { return table.keys[entryQueues[position]] }
        return keySource.index.key(ofEntry: keySource.offset + position)
    }

    func prepared(_ position: Int) -> PreparedResponse {
        answers[position].value {
            let place = places[position]
            return preparer.prepare(cassette: place.cassette, index: place.index)
        }
    }
}

/// Where an entry's interaction is: its cassette's position among those loaded, and its own in that cassette.
struct EntryPlace: Sendable {
    let cassette: Int
    let index: Int
}
