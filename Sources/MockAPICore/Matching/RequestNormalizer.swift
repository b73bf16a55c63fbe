import MockAPIJSON

/// Turns requests, incoming and recorded alike, into ``RequestKey``s under one set of rules, so that equal keys mean
/// "this recording answers this request".
///
/// Rules: method; path in normal form; query as a multiset of decoded pairs; body by meaning (JSON), as a multiset
/// (forms) or by bytes; the `--match-header` headers. Wherever a recording holds a redaction placeholder (a query
/// parameter, a chosen header, a JSON string), that part matches any value. ``MatchRules`` leave parts out.
package struct RequestNormalizer: Sendable {
    /// What is left out of the comparison, and which headers take part.
    package let rules: MatchRules
    /// ``MatchRules/ignoreJSONFields`` ready for lookups.
    let ignoredJSON: JSONPathPatternList
    /// Lower-case names of the headers that take part in matching.
    package var matchHeaders: [String] { rules.matchHeaders }
    /// Parameters (query or form) whose recorded value is a placeholder somewhere.
    package private(set) var wildcardParameters: Set<String> = []
    /// Chosen headers whose recorded value holds a placeholder somewhere.
    package private(set) var wildcardHeaders: Set<String> = []
    /// JSON body locations (`$.token`, `$.items[*].secret`) whose recorded value is a placeholder somewhere.
    package private(set) var wildcardJSONPaths: Set<String> = []
    /// The recorded GraphQL documents, parsed at load (a cache: any request's document is parsed when it is not here).
    package var graphQLDocuments = GraphQLDocumentCache()

    package init(matchHeaders: [String] = []) {
        self.init(rules: MatchRules(matchHeaders: matchHeaders))
    }

    package init(rules: MatchRules) {
        self.rules = rules
        self.ignoredJSON = JSONPathPatternList(rules.ignoreJSONFields)
    }

    /// The headers the engine must collect for incoming requests to be keyed.
    package var neededHeaders: Set<String> {
        Set(matchHeaders).union(["content-type"])
    }

    /// Notes the placeholders of a recorded request, so incoming values there are ignored. Call for every recorded
    /// request before computing any key.
    package mutating func learnPlaceholders(from request: RecordedRequest) {
        for parameter in QueryParameter.parse(request.query ?? "") where RedactionMarker.isPlaceholder(parameter.value) {
            wildcardParameters.insert(parameter.name)
        }
        for name in matchHeaders where request.headers.values(name).contains(where: RedactionMarker.containsPlaceholder) {
            wildcardHeaders.insert(name)
        }
        switch request.body {
        case .json(let json) where json.bytes.contains(UInt8(ascii: "<")):
            // Every placeholder has a `<`, written as is in every JSON layout: a body without one is not parsed again.
            collectPlaceholderPaths(json.value, at: "$")
        case .text(let text) where RequestNormalizer.isForm(request.headers["content-type"]):
            for parameter in QueryParameter.parse(text) where RedactionMarker.isPlaceholder(parameter.value) {
                wildcardParameters.insert(parameter.name)
            }
        case .text(let text) where text.utf8.contains(UInt8(ascii: "<")):
            // JSON kept as text to keep its bytes (in a layout no known writer uses) is keyed by meaning in
            // ``bodyKey(_:contentType:)``, so its placeholders cover any value just as in a `{"json": …}` body.
            if let value = json(Array(text.utf8)) { collectPlaceholderPaths(value, at: "$") }
        default:
            break
        }
    }

    /// Whether ``learnPlaceholders(from:)`` could learn anything from a request, when no headers take part in
    /// matching: false only when nothing in it can hold a placeholder (each has a `<`, which a query or form can
    /// also hold as `%3C`). A look at a few bytes, made for every recorded request at start-up before the full one.
    package static func mayHoldPlaceholder(_ request: RecordedRequest) -> Bool {
        mayHoldPlaceholder(query: request.query, body: request.body)
    }

    /// The same from the two parts that can hold one: at start-up, passing only these spares copying every recorded
    /// request (a retain and a release of each of its fields, scattered over the loaded set's memory).
    package static func mayHoldPlaceholder(query: String?, body: Body) -> Bool {
        if let query, query.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "%") }) {
            return true
        }
        switch body {
        case .json(let json): return json.bytes.contains(UInt8(ascii: "<"))
        case .text: return true
        case .none, .binary, .chunks: return false
        }
    }

    /// The key of a recorded request; `path` is the path the client used (with the mount).
    package func key(for request: RecordedRequest, path: String) -> RequestKey {
        key(method: request.method, path: path, query: request.query, headers: request.headers, body: request.body.bytes)
    }

    /// The key of an incoming request.
    package func key(for request: HTTPRequest) -> RequestKey {
        key(method: request.method, path: request.path, query: request.query, headers: request.headers, body: request.body)
    }

    package func key(method: String, path: String, query: String?, headers: HTTPHeaders, body: [UInt8]) -> RequestKey {
        let key = RequestKey(
            method: RequestNormalizer.normalizeMethod(method),
            path: PercentDecoding.normalizePath(path),
            // The common request (no query, no body, no header to match) calls nothing for them.
            query: query.map { parameters($0) } ?? [],
            body: body.isEmpty || rules.ignoreBody ? .none : bodyKey(body, contentType: headers["content-type"]),
            headers: matchHeaders.isEmpty ? [] : matchHeaders.map { name in
                let values = headers.values(name)
                guard !values.isEmpty else { return nil }
                return wildcardHeaders.contains(name) ? RedactionMarker.generic : values.joined(separator: ", ")
            })
        // Returned as made when nothing changes: a key mutated in a `var` was copied out at the end.
        guard !key.query.isEmpty, body.isEmpty || !rules.ignoreQuery.isEmpty else { return key }
        return adjustingQuery(of: key, bodyIsEmpty: body.isEmpty)
    }

    /// A GraphQL GET (`?query=…&variables=…`) keyed like the same request POSTed; ignored query parameters left out.
    private func adjustingQuery(of key: consuming RequestKey, bodyIsEmpty: Bool) -> RequestKey {
        if bodyIsEmpty { moveGraphQLParameters(of: &key) }
        if !rules.ignoreQuery.isEmpty { key.query.removeAll { rules.ignoreQuery.contains($0.name) } }
        return key
    }

    /// Decoded, sorted pairs, with placeholder-covered values blanked out.
    package func parameters(_ encoded: String) -> [QueryParameter] {
        var pairs = QueryParameter.parse(encoded)
        if !wildcardParameters.isEmpty {
            for index in pairs.indices where wildcardParameters.contains(pairs[index].name) {
                pairs[index].value = RedactionMarker.generic
            }
        }
        if pairs.count > 1 { pairs.sort() }
        return pairs
    }

    package func bodyKey(_ bytes: [UInt8], contentType: String?) -> BodyKey {
        guard !bytes.isEmpty else { return .none }
        if RequestNormalizer.isForm(contentType) {
            return .form(parameters(String(decoding: bytes, as: UTF8.self)))
        }
        if let value = json(bytes) {
            if let graphQL = graphQLKey(value) { return .graphQL(graphQL) }
            if let batch = graphQLBatchKey(value) { return .graphQLBatch(batch) }
            let shaped = comparedJSON(value)
            return .json(wildcardJSONPaths.isEmpty ? shaped.canonicalBytes() : blankPlaceholders(shaped, at: "$").canonicalBytes())
        }
        return .bytes(bytes)
    }

    /// A JSON body as it is compared: the match rules' ignored fields (and nulls, when null matches absent) left out.
    package func comparedJSON(_ value: JSONValue) -> JSONValue {
        rules.reshapesJSON ? rules.reshaped(value, ignored: ignoredJSON) : value
    }

    /// The body parsed as JSON, when it is JSON.
    package func json(_ bytes: [UInt8]) -> JSONValue? {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return nil }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""): return try? JSONValue.parse(bytes)
        default: return nil
        }
    }

    static func isForm(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.lowercased().hasPrefix("application/x-www-form-urlencoded")
    }

    static func normalizeMethod(_ method: String) -> String {
        // The method of most requests first: two small strings compare as two words (the scan cost 69 instructions).
        if method == "GET" { return method }
        return method.utf8Contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) ? method.uppercased() : method
    }

    private mutating func collectPlaceholderPaths(_ value: JSONValue, at path: String) {
        switch value {
        case .string(let string) where RedactionMarker.containsPlaceholder(string):
            wildcardJSONPaths.insert(path)
        case .array(let elements):
            for element in elements { collectPlaceholderPaths(element, at: path + "[*]") }
        case .object(let members):
            for member in members { collectPlaceholderPaths(member.value, at: path + "." + member.name) }
        default:
            break
        }
    }

    func blankPlaceholders(_ value: JSONValue, at path: String) -> JSONValue {
        if wildcardJSONPaths.contains(path), case .string = value { return .string(RedactionMarker.generic) }
        switch value {
        case .array(let elements):
            return .array(elements.map { blankPlaceholders($0, at: path + "[*]") })
        case .object(let members):
            return .object(members.map { JSONMember($0.name, blankPlaceholders($0.value, at: path + "." + $0.name)) })
        default:
            return value
        }
    }
}
