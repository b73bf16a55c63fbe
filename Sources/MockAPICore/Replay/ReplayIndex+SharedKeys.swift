extension ReplayIndex {
    /// Where this index's entries for the one cassette in `cassettes` start, when it loaded a cassette of that name
    /// and file with as many interactions and made its own keys under the same rules as `rules`; nil otherwise. The
    /// caller vouches that the content is the same (a catalog's scoped views are built from the cassettes of its plain
    /// view). Taking keys is far cheaper than making and hashing them again.
    func offset(of cassettes: [LoadedCassette], under rules: RequestNormalizer) -> Int? {
        guard cassettes.count == 1, remap == nil, normalizer.hasSameRules(as: rules),
            let position = self.cassettes.firstIndex(where: { $0.name == cassettes[0].name && $0.file == cassettes[0].file }),
            self.cassettes[position].cassette.interactions.count == cassettes[0].cassette.interactions.count
        else { return nil }
        return cassetteStarts[position]
    }
}

/// Which queue each entry of an index joins, and how many queues there are.
struct QueueGrouping {
    var entryQueues: [Int]
    var queueCount: Int
    /// For an index sharing another's table: that index's queue → this one's (-1: none here).
    var remap: [Int]?

    init(entryQueues: [Int], queueCount: Int, remap: [Int]?) {
        self.entryQueues = entryQueues
        self.queueCount = queueCount
        self.remap = remap
    }

    /// The grouping of `count` entries whose keys are `other`'s from `offset` on: entries that share a queue there
    /// share one here, so no key is made or hashed again. Queues come in the order their first interaction was
    /// recorded, as when built from scratch.
    init(sharing other: ReplayIndex, from offset: Int, count: Int) {
        var remap = [Int](repeating: -1, count: other.queueCount)
        var entryQueues = [Int](repeating: 0, count: count)
        var queueCount = 0
        for position in 0..<count {
            let theirs = other.entryQueues[offset + position]
            if remap[theirs] < 0 {
                remap[theirs] = queueCount
                queueCount += 1
            }
            entryQueues[position] = remap[theirs]
        }
        self.init(entryQueues: entryQueues, queueCount: queueCount, remap: remap)
    }

    /// Each queue's entries, in order, as one array and where each queue starts in it (a counting sort).
    func members() -> (starts: [Int], members: [Int]) {
        var starts = [Int](repeating: 0, count: queueCount + 1)
        for queue in entryQueues { starts[queue + 1] += 1 }
        for queue in 0..<queueCount { starts[queue + 1] += starts[queue] }
        var next = starts
        var members = [Int](repeating: 0, count: entryQueues.count)
        for (position, queue) in entryQueues.enumerated() {
            members[next[queue]] = position
            next[queue] += 1
        }
        return (starts, members)
    }
}

extension RequestNormalizer {
    /// Whether both make the same key of every request.
    func hasSameRules(as other: RequestNormalizer) -> Bool {
        rules == other.rules && wildcardParameters == other.wildcardParameters
            && wildcardHeaders == other.wildcardHeaders && wildcardJSONPaths == other.wildcardJSONPaths
    }

    /// Whether any recorded request held a placeholder (then keys blank some values out).
    var hasPlaceholders: Bool {
        !(wildcardParameters.isEmpty && wildcardHeaders.isEmpty && wildcardJSONPaths.isEmpty)
    }
}
