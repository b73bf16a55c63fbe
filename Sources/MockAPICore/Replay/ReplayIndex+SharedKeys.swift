extension ReplayIndex {
    /// This index's entries for the interactions of the one cassette in `cassettes`, in recorded order, each with the
    /// position of its queue, when it loaded a cassette of that name and file with as many interactions and made its
    /// keys under the same rules as `rules`; nil otherwise. The caller vouches that the content is the same (a
    /// catalog's scoped views are built from the cassettes of its plain view). Taking keys is far cheaper than making
    /// and hashing them again.
    func entries(of cassettes: [LoadedCassette], under rules: RequestNormalizer) -> [(entry: ReplayEntry, queue: Int)]? {
        guard cassettes.count == 1, remap == nil, normalizer.hasSameRules(as: rules),
            let position = self.cassettes.firstIndex(where: { $0.name == cassettes[0].name && $0.file == cassettes[0].file }),
            self.cassettes[position].cassette.interactions.count == cassettes[0].cassette.interactions.count
        else { return nil }
        var found = [(entry: ReplayEntry, queue: Int)?](repeating: nil, count: cassettes[0].cassette.interactions.count)
        for (place, queue) in queues.enumerated() {
            for entry in queue.entries where entry.cassette == position { found[entry.index] = (entry, place) }
        }
        var entries: [(entry: ReplayEntry, queue: Int)] = []
        entries.reserveCapacity(found.count)
        for entry in found {
            guard let entry else { return nil }
            entries.append(entry)
        }
        return entries
    }

    /// The table, remapping and queues of a view over one cassette of `global` whose keys it took (`known`): the
    /// global table finds a key's queue there, and the remapping finds this view's queue for that one, so no key is
    /// hashed again. Queues come in the order their first interaction was recorded, as when built from scratch.
    static func sharingTable(
        of global: ReplayIndex, entries: [ReplayEntry], known: [(entry: ReplayEntry, queue: Int)]
    ) -> (table: [RequestKey: Int], remap: [Int], queues: [ReplayQueue]) {
        var remap = [Int](repeating: -1, count: global.queues.count)
        var groups: [[ReplayEntry]] = []
        for (entry, source) in zip(entries, known) {
            if remap[source.queue] < 0 {
                remap[source.queue] = groups.count
                groups.append([entry])
            } else {
                groups[remap[source.queue]].append(entry)
            }
        }
        return (global.table, remap, groups.map(ReplayQueue.init(entries:)))
    }
}

extension RequestNormalizer {
    /// Whether both make the same key of every request.
    func hasSameRules(as other: RequestNormalizer) -> Bool {
        matchHeaders == other.matchHeaders && wildcardParameters == other.wildcardParameters
            && wildcardHeaders == other.wildcardHeaders && wildcardJSONPaths == other.wildcardJSONPaths
    }

    /// Whether any recorded request held a placeholder (then keys blank some values out).
    var hasPlaceholders: Bool {
        !(wildcardParameters.isEmpty && wildcardHeaders.isEmpty && wildcardJSONPaths.isEmpty)
    }
}
