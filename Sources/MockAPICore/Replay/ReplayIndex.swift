/// Every loaded interaction, keyed for O(1) lookup, its answer prepared for the server's base URL on first use.
///
/// Stored flat, in arrays indexed by position, not as an object per interaction and per queue: a view over a
/// 100,000-interaction cassette is built (on its first request) from a few arrays of integers, and costs no allocation
/// per interaction.
package final class ReplayIndex: Sendable {
    package let cassettes: [LoadedCassette]
    /// The cassettes' names, lent to the journal (``cassetteName(_:)``; reading one from `cassettes` would retain the
    /// whole element).
    private let cassetteNames: LentStrings
    package let normalizer: RequestNormalizer
    /// Whether a request's key can hold only its method and path (no header takes part in matching), so that such
    /// a request is looked up without its key being made (``queueNumber(ofBare:)``). Fixed at load.
    private let keysCanBeBare: Bool
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
    /// How far each queue has been answered.
    let cursors: AtomicCounters
    /// Where each key's queue is; or, in an index that shares another's table, that index's queue, which `remap`
    /// turns into this index's queue (-1: none here).
    let table: KeyTable
    let remap: [Int]?
    /// In an index that shares another's table, where this one's entries start among that one's (whose keys they are).
    private let keySource: (index: ReplayIndex, offset: Int)?
    private let answers: OnceSlots<PreparedResponse>
    private let preparer: AnswerPreparer

    /// Where the name of cassette `number` is, for as long as the index is.
    func cassetteName(_ number: Int) -> UnsafePointer<String> {
        cassetteNames.pointer(to: number)
    }

    /// - Parameters:
    ///   - baseURL: the server's own base URL (`http://127.0.0.1:8080`), or nil to replay upstream URLs unchanged.
    ///   - keysFrom: an index that loaded the one cassette given here (same name, file and content) among others: its
    ///     request keys and table are reused when they were made under the same rules.
    package init(cassettes: [LoadedCassette], matchHeaders: [String], baseURL: String?, keysFrom: ReplayIndex? = nil) {
        self.cassettes = cassettes
        self.cassetteNames = LentStrings(cassettes.lazy.map(\.name))
        var places: [EntryPlace] = []
        var cassetteStarts: [Int] = [0]
        for (cassetteIndex, loaded) in cassettes.enumerated() {
            for index in loaded.cassette.interactions.indices { places.append(EntryPlace(cassette: cassetteIndex, index: index)) }
            cassetteStarts.append(places.count)
        }
        self.places = places
        self.cassetteStarts = cassetteStarts
        // Rules learned from some of an index's cassettes are a subset of its own: when it learned none, neither
        // would this, and there is nothing to learn. (Loops read interactions in place: copying one retains a dozen
        // strings and arrays.)
        var normalizer = RequestNormalizer(matchHeaders: matchHeaders)
        if keysFrom.map({ !$0.normalizer.hasPlaceholders && $0.normalizer.matchHeaders == normalizer.matchHeaders }) != true {
            // Most requests hold no placeholder, which a look at a few of their bytes tells without copying them
            // (passed to the mutating method, each was copied: a retain and release of each of its strings, on one
            // thread).
            let headersMatch = !normalizer.matchHeaders.isEmpty
            for loaded in cassettes {
                loaded.cassette.interactions.withUnsafeBufferPointer { interactions in
                    for index in interactions.indices
                    where headersMatch || RequestNormalizer.mayHoldPlaceholder(interactions[index].request) {
                        normalizer.learnPlaceholders(from: interactions[index].request)
                    }
                }
            }
        }
        // Recorded GraphQL documents are parsed once, here (a view sharing another's keys takes that one's).
        if let keysFrom { normalizer.graphQLDocuments = keysFrom.normalizer.graphQLDocuments } else {
            normalizer.graphQLDocuments.learn(from: cassettes)
        }
        self.normalizer = normalizer
        self.keysCanBeBare = normalizer.matchHeaders.isEmpty
        self.answers = OnceSlots(count: places.count)
        self.preparer = AnswerPreparer(cassettes: cassettes, rewriters: RewriterTable(cassettes: cassettes, baseURL: baseURL))

        let grouping: QueueGrouping
        if let keysFrom, let offset = keysFrom.offset(of: cassettes, under: normalizer),
            keysFrom.queueCount <= 4 * places.count
        {
            // Sharing costs a position per queue of the other index: only for a cassette that is a good part of it.
            grouping = QueueGrouping(sharing: keysFrom, from: offset, count: places.count)
            keySource = (keysFrom, offset)
            table = keysFrom.table
            remap = grouping.remap
        } else {
            // Keys are independent per interaction: build them on all cores, then index them in order.
            let frozen = normalizer
            let keys = Parallel.map(places) { place in
                // Through buffer pointers, whose elements are read in place: through the arrays' subscripts, each
                // interaction was copied (a dozen retains and releases, on counts both threads touch).
                cassettes.withUnsafeBufferPointer { loaded in
                    loaded[place.cassette].cassette.interactions.withUnsafeBufferPointer { interactions in
                        frozen.key(for: interactions[place.index].request, path: interactions[place.index].localPath)
                    }
                }
            }
            // Hashed on all cores too: hashing each key on one thread, in `grouping`, was about half of its time.
            let hashes = Parallel.map(Array(keys.indices)) { index in
                keys.withUnsafeBufferPointer { KeyHash.of($0[index]) }
            }
            let (table, queues) = KeyTable.grouping(keys, hashes: hashes)
            grouping = QueueGrouping(entryQueues: queues, queueCount: table.keys.count, remap: nil)
            keySource = nil
            self.table = table
            remap = nil
        }
        entryQueues = grouping.entryQueues
        (queueStarts, queueMembers) = grouping.members()
        cursors = AtomicCounters(count: grouping.queueCount)
    }

    package var queueCount: Int { cursors.count }

    /// Every queue, in the order their first interaction was loaded.
    package var queues: [ReplayQueue] { (0..<queueCount).map { ReplayQueue(owner: self, number: $0) } }

    package func queue(for key: RequestKey) -> ReplayQueue? {
        queueNumber(for: key).map { ReplayQueue(owner: self, number: $0) }
    }

    // The request path works on positions, through the index, rather than through ReplayQueue and ReplayEntry values:
    // those hold the index, and making one is a retain of it, an atomic write to memory every worker thread shares.

    /// The queue recorded for a key: one hash lookup.
    func queueNumber(for key: RequestKey) -> Int? {
        table.queue(for: key).flatMap(ownQueue)
    }

    /// The queue recorded for a request whose key would hold only its method and path (no query, no body, no header
    /// to match: most requests), found without the key being made; nil for any other request, and when none is
    /// recorded (``queueNumber(for:)`` then decides).
    #if os(Linux)
    @section(".text.hot")
    #endif
    func queueNumber(ofBare request: HTTPRequest) -> Int? {
        guard keysCanBeBare else { return nil }
        return RequestNormalizer.withBareKey(for: request) { method, path in
            table.queue(bareMethod: method, path: path).flatMap(ownQueue)
        }
    }

    /// This index's queue for a queue of its table (another index's, when it shares one).
    @inline(__always)
    private func ownQueue(_ position: Int) -> Int? {
        guard let remap else { return position }
        let mine = remap[position]
        return mine < 0 ? nil : mine
    }

    /// Where queue `number`'s entries are in `queueMembers`.
    func members(ofQueue number: Int) -> Range<Int> {
        queueStarts[number]..<queueStarts[number + 1]
    }

    /// Takes the queue's next answer and gives its entry's position: one compare-and-swap on the queue's counter, or,
    /// once at its last answer, only a load. Nil when strict and every answer was taken.
    #if os(Linux)
    @section(".text.hot")
    #endif
    func take(fromQueue number: Int, strict: Bool) -> Int? {
        let members = members(ofQueue: number)
        var taken = cursors.load(number)
        while taken < members.count {
            let (exchanged, original) = cursors.compareExchange(number, expected: taken, desired: taken + 1)
            if exchanged { return queueMembers[members.lowerBound + taken] }
            taken = original
        }
        return strict ? nil : queueMembers[members.upperBound - 1]
    }

    /// The position `take(fromQueue:strict:)` would give now, without taking it.
    func peek(inQueue number: Int, strict: Bool) -> Int? {
        let members = members(ofQueue: number)
        let taken = cursors.load(number)
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

    #if os(Linux)
    @section(".text.hot")
    #endif
    func prepared(_ position: Int) -> PreparedResponse {
        answers.value(at: position) {
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
