/// Two recorded requests of one cassette that were different and that scrubbing made one: they differed only in
/// scrubbed values, so each now matches the other's requests. Replay answers them in recorded order; `record`,
/// `import` and `lint` say so, naming both.
package struct RedactionMerge: Sendable, Equatable, CustomStringConvertible {
    /// The earlier interaction's index in the cassette.
    package let first: Int
    /// The later one's.
    package let second: Int
    /// The request as it is now matched: `GET /search?access_token=<redacted>`.
    package let request: String
    /// Where the scrubbed values were: `request query access_token`.
    package let places: [String]

    package init(first: Int, second: Int, request: String, places: [String]) {
        self.first = first
        self.second = second
        self.request = request
        self.places = places
    }

    package var description: String {
        let where_ = places.isEmpty ? "" : " (\(places.joined(separator: ", ")))"
        return "interactions[\(first)] and interactions[\(second)] were different requests and are now one, "
            + "\(request): they differed only in scrubbed values\(where_); replay answers them in recorded order. "
            + "If the value is not a secret, keep it (a keep rule for that header, query parameter or JSON field)"
    }
}

/// Finds requests that scrubbing made one, as interactions are added (by a recorder, one at a time; for a cassette,
/// all of them). Requests are keyed as replay keys them (``RequestNormalizer``, placeholders learned from every
/// scrubbed request so far); two requests merged when their scrubbed keys are equal and their original keys are not.
struct MergeWatch: Sendable {
    private struct Entry: Sendable {
        let original: RequestKey
        let request: RecordedRequest
        let path: String
        let index: Int
        let places: [String]
        var key: RequestKey
    }

    private struct Group: Sendable {
        var firsts: [Int] = []
        var originals: Set<RequestKey> = []

        mutating func add(_ position: Int, original: RequestKey) {
            if originals.insert(original).inserted { firsts.append(position) }
        }
    }

    private var normalizer = RequestNormalizer()
    private var entries: [Entry] = []
    /// For each scrubbed key, the first entry of each original key that has it: all that ``merges(of:)`` looks for
    /// (the earliest with another original key), so a request repeated many times is compared with one entry, not all.
    private var groups: [RequestKey: Group] = [:]
    private var reported: Set<[Int]> = []
    /// How many requests are kept to compare with (a recorder's session may be long); later ones are not watched.
    private let limit: Int

    package init(limit: Int = .max) {
        self.limit = limit
    }

    /// Adds an interaction as it was recorded and as it was scrubbed; returns the merges it completes.
    /// - Parameter places: where its request was scrubbed (``RedactionReport/Change/location``s); headers are left out
    ///   of the report, as they take no part in matching.
    package mutating func add(original: Interaction, scrubbed: Interaction, index: Int, places: [String]) -> [RedactionMerge] {
        guard entries.count < limit else { return [] }
        let places = places.filter { !$0.hasPrefix("request header") }
        let wildcards = (normalizer.wildcardParameters.count, normalizer.wildcardJSONPaths.count)
        normalizer.learnPlaceholders(from: scrubbed.request)
        let entry = Entry(
            original: RequestNormalizer().key(for: original.request, path: original.localPath), request: scrubbed.request,
            path: scrubbed.localPath, index: index, places: places,
            key: normalizer.key(for: scrubbed.request, path: scrubbed.localPath))
        entries.append(entry)
        if wildcards != (normalizer.wildcardParameters.count, normalizer.wildcardJSONPaths.count) {
            // A new placeholder changes the keys of earlier requests too.
            groups = [:]
            for position in entries.indices {
                entries[position].key = normalizer.key(for: entries[position].request, path: entries[position].path)
                groups[entries[position].key, default: Group()].add(position, original: entries[position].original)
            }
            return entries.indices.flatMap { merges(of: $0) }
        }
        groups[entry.key, default: Group()].add(entries.count - 1, original: entry.original)
        return merges(of: entries.count - 1)
    }

    /// The earliest request before `position` with the same scrubbed key and a different original one.
    private mutating func merges(of position: Int) -> [RedactionMerge] {
        let entry = entries[position]
        guard let earlier = groups[entry.key]?.firsts.first(where: { $0 < position && entries[$0].original != entry.original }),
            reported.insert([earlier, position]).inserted
        else { return [] }
        let first = entries[earlier]
        var places = first.places
        for place in entry.places where !places.contains(place) { places.append(place) }
        let target = entry.request.query.map { "\(entry.path)?\($0)" } ?? entry.path
        return [RedactionMerge(first: first.index, second: entry.index, request: "\(entry.request.method) \(target)", places: places)]
    }
}
