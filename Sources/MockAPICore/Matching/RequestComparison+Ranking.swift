/// Ranking recordings: first by how alike the bodies are in kind (``kindDistance(to:)``), then by the differing parts,
/// then, for as many parts, by how close the differing texts are (fewer edits). Load order breaks only exact ties.
extension RequestComparison {
    /// How far apart two bodies are in kind, before any difference is counted: 0 when both or neither are GraphQL
    /// asking the same operations (type and name), 1 when both are GraphQL asking others, 2 when only one is GraphQL.
    /// A difference inside a GraphQL body is one line per field, and a body that is not GraphQL at all is one line
    /// (`body: GraphQL query Q (recorded JSON)`): counted alone, the unrelated body would rank nearest.
    package func kindDistance(to recorded: RequestKey) -> Int {
        switch (request.body.graphQLOperations, recorded.body.graphQLOperations) {
        case (nil, nil): 0
        case (let mine?, let theirs?): mine == theirs ? 0 : 1
        default: 2
        }
    }

    /// Bytes of each differing text compared by edits, after their common start and end; the rest counts whole.
    static let editWindow = 64

    /// How far the differing parts of the two keys are, in edits: path, query and body (canonical JSON, GraphQL
    /// variables, or bytes), each after the parts both share at their start and end.
    package func valueDistance(to recorded: RequestKey) -> Int {
        var total = 0
        if request.path != recorded.path { total += Self.editDistance(Array(request.path.utf8), Array(recorded.path.utf8)) }
        if request.query != recorded.query { total += Self.editDistance(Self.text(request.query), Self.text(recorded.query)) }
        if request.body != recorded.body { total += Self.editDistance(Self.bytes(request.body), Self.bytes(recorded.body)) }
        return total
    }

    private static func text(_ parameters: [QueryParameter]) -> [UInt8] {
        Array(parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&").utf8)
    }

    private static func bytes(_ body: BodyKey) -> [UInt8] {
        switch body {
        case .none: []
        case .json(let bytes), .bytes(let bytes): bytes
        case .form(let parameters): text(parameters)
        case .graphQL(let key): bytes(key)
        case .graphQLBatch(let keys): keys.flatMap { bytes($0) }
        }
    }

    private static func bytes(_ key: GraphQLKey) -> [UInt8] {
        Array((key.operation + key.document).utf8) + key.variables + key.otherMembers
    }

    /// Levenshtein distance of `a` and `b` without their common prefix and suffix, on at most ``editWindow`` bytes of
    /// each; bytes beyond the window count one edit each.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let x = a[start..<min(endA, start + editWindow)], y = b[start..<min(endB, start + editWindow)]
        let beyond = (endA - start - x.count) + (endB - start - y.count)
        guard !x.isEmpty else { return y.count + beyond }
        guard !y.isEmpty else { return x.count + beyond }
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for (i, p) in x.enumerated() {
            current[0] = i + 1
            for (j, q) in y.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (p == q ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count] + beyond
    }
}
