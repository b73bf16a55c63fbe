/// The queues of recorded GraphQL introspections, by endpoint (the request key without its body), so that an
/// introspection query no recording matches exactly is answered by the one of its endpoint whose document is nearest
/// (``IntrospectionMatching/nearest``). Built once, at load; empty when the rules say `exact` or nothing recorded is an
/// introspection.
struct IntrospectionTable: Sendable {
    private var queues: [RequestKey: [(queue: Int, selections: [Substring: Int])]] = [:]

    static let empty = IntrospectionTable()

    private init() {}

    /// - Parameters:
    ///   - firstEntries: each queue's first entry, by queue number.
    ///   - key: an entry's request key.
    init(firstEntries: [Int], key: (Int) -> RequestKey) {
        for (queue, entry) in firstEntries.enumerated() {
            var endpoint = key(entry)
            guard case .graphQL(let graphQL) = endpoint.body, graphQL.isIntrospection else { continue }
            endpoint.body = .none
            queues[endpoint, default: []].append((queue, IntrospectionTable.selections(graphQL.document)))
        }
    }

    /// The queue of the recorded introspection nearest to `key`, when `key` is an introspection and its endpoint has
    /// one: the fewest selections asked by one document and not the other, then the first recorded.
    func queue(for key: RequestKey) -> Int? {
        guard !queues.isEmpty, case .graphQL(let graphQL) = key.body, graphQL.isIntrospection else { return nil }
        var endpoint = key
        endpoint.body = .none
        guard let recorded = queues[endpoint] else { return nil }
        let sent = IntrospectionTable.selections(graphQL.document)
        let distances = recorded.map { IntrospectionTable.distance(sent, $0.selections) }
        return distances.indices.min { distances[$0] < distances[$1] }.map { recorded[$0].queue }
    }

    /// The selections of a canonical document (``GraphQLKey/document``: `{__schema{queryType{kind,name},…}}`), each
    /// as its canonical text up to its sub-selections, counted: `__schema`, `queryType`, `kind`, `name`, ….
    private static func selections(_ document: String) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        for piece in document.split(whereSeparator: { $0 == "{" || $0 == "}" || $0 == "," }) { counts[piece, default: 0] += 1 }
        return counts
    }

    /// How many selections one asks for more than the other, both ways.
    private static func distance(_ a: [Substring: Int], _ b: [Substring: Int]) -> Int {
        var total = 0
        for (selection, count) in a { total += abs(count - (b[selection] ?? 0)) }
        for (selection, count) in b where a[selection] == nil { total += count }
        return total
    }
}
