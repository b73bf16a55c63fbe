/// A request reduced to what replay compares: two requests match exactly when their keys are equal, so keys index a
/// hash table and lookup costs the same whatever the number of recorded interactions.
package struct RequestKey: Hashable, Sendable {
    /// Upper-case.
    package var method: String
    /// In normal form (see ``PercentDecoding/normalizePath(_:)``), including any mount prefix.
    package var path: String
    /// Decoded `(name, value)` pairs, sorted: order does not matter, repetition does.
    package var query: [QueryParameter]
    package var body: BodyKey
    /// The values of the headers chosen with `--match-header`, in the order they were chosen; nil when absent.
    package var headers: [String?]

    package init(method: String, path: String, query: [QueryParameter], body: BodyKey, headers: [String?] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.headers = headers
    }
}

/// One decoded query (or form) parameter. `+` and `%20` both decode to a space.
package struct QueryParameter: Hashable, Sendable, Comparable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    package static func < (lhs: QueryParameter, rhs: QueryParameter) -> Bool {
        if lhs.name != rhs.name { return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) }
        return lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
    }

    /// Parses `a=1&b=x+y&c` into decoded pairs in the order written (a name without `=` has an empty value).
    /// Works on bytes: this runs for every request.
    package static func parse(_ encoded: String) -> [QueryParameter] {
        let utf8 = encoded.utf8
        guard !utf8.isEmpty else { return [] }
        var parameters: [QueryParameter] = []
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start < end {
                if let equals = utf8[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                    parameters.append(QueryParameter(
                        PercentDecoding.decode(encoded[start..<equals], plusIsSpace: true),
                        PercentDecoding.decode(encoded[utf8.index(after: equals)..<end], plusIsSpace: true)))
                } else {
                    parameters.append(QueryParameter(PercentDecoding.decode(encoded[start..<end], plusIsSpace: true), ""))
                }
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return parameters
    }
}

/// A body as matching compares it.
package enum BodyKey: Hashable, Sendable {
    case none
    /// Canonical JSON (members sorted, numbers normalised): compared by meaning.
    case json([UInt8])
    /// `application/x-www-form-urlencoded` pairs, sorted: compared as a multiset.
    case form([QueryParameter])
    /// Anything else: compared byte for byte.
    case bytes([UInt8])
    /// A GraphQL request (a JSON body with a string `query` that parses): compared by operation, canonical document
    /// and variables (see ``GraphQLKey``).
    case graphQL(GraphQLKey)
    /// A batch of GraphQL requests (a JSON array of them, as Apollo's batching sends): compared element by element,
    /// in order, each as ``graphQL(_:)`` is.
    case graphQLBatch([GraphQLKey])
}
