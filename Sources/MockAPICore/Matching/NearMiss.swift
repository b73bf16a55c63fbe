import MockAPIJSON

/// A recorded request close to one that matched nothing, and what differs between them.
public struct NearMiss: Sendable, Equatable {
    /// The cassette's name (its path under the folder it was loaded from, without `.json`).
    public let cassette: String
    /// The interaction's position in its cassette, from 0.
    public let index: Int
    /// The recorded request as `GET /path?query`.
    public let request: String
    /// One line per differing part: `query parameter page: "3" (recorded "2")`.
    public let differences: [String]
    /// Lower is closer.
    public let distance: Int
}

/// Compares an unmatched request with recorded ones, part by part.
package struct RequestComparison {
    let request: RequestKey
    let requestJSON: JSONValue?
    let normalizer: RequestNormalizer

    package init(request: RequestKey, body: [UInt8], normalizer: RequestNormalizer) {
        self.request = request
        self.normalizer = normalizer
        switch request.body {
        case .json, .graphQL, .graphQLBatch: self.requestJSON = normalizer.json(body).map(normalizer.comparedJSON)
        default: self.requestJSON = nil
        }
    }

    /// The differences with a recorded request (at most ``DifferenceList/limit`` lines, then `… and N more`, N exact),
    /// and a distance for ranking (0 only when nothing differs) that counts every difference, shown or not.
    package func compare(with recorded: RequestKey, recordedBody: Body, matchHeaders: [String]) -> (distance: Int, differences: [String]) {
        var differences = DifferenceList()
        var distance = 0
        if request.method != recorded.method {
            differences.append("method: \(request.method) (recorded \(recorded.method))")
            distance += 3
        }
        if request.path != recorded.path {
            differences.append("path: \(request.path) (recorded \(recorded.path))")
            distance += 2 + RequestComparison.segmentDistance(request.path, recorded.path)
        }
        if request.query != recorded.query {
            let lines = RequestComparison.parameterDifferences(request.query, recorded.query, label: "query parameter")
            differences.append(contentsOf: lines)
            distance += lines.count
        }
        if request.body != recorded.body {
            let before = differences.count
            bodyDifferences(recorded: recorded.body, recordedBody: recordedBody, into: &differences)
            distance += 1 + differences.count - before
        }
        for (offset, name) in matchHeaders.enumerated() where offset < request.headers.count && offset < recorded.headers.count {
            let mine = request.headers[offset], theirs = recorded.headers[offset]
            guard mine != theirs else { continue }
            differences.append("header \(name): \(RequestComparison.show(mine)) (recorded \(RequestComparison.show(theirs)))")
            distance += 1
        }
        return (distance, differences.shown)
    }

    /// The recorded body as JSON: stored as JSON, or as text that is JSON in a layout no known writer uses (imported
    /// HARs, hand-written cassettes), which matches by meaning all the same.
    private func recordedJSON(_ body: Body) -> JSONValue? {
        switch body {
        case .json(let json): normalizer.comparedJSON(json.value)
        case .text(let text): normalizer.json(Array(text.utf8)).map(normalizer.comparedJSON)
        default: nil
        }
    }

    private func bodyDifferences(recorded: BodyKey, recordedBody: Body, into differences: inout DifferenceList) {
        let before = differences.count
        switch (request.body, recorded) {
        case (.json, .json):
            guard let mine = requestJSON, let theirs = recordedJSON(recordedBody) else { break }
            RequestComparison.jsonDifferences(mine, theirs, at: "$", into: &differences)
        case (.graphQL, .graphQL):
            guard let mine = requestJSON, let theirs = recordedJSON(recordedBody) else { break }
            GraphQLDifferences(normalizer: normalizer).collect(mine, recorded: theirs, into: &differences)
        case (.graphQLBatch, .graphQLBatch):
            guard let mine = requestJSON?.arrayValue, let theirs = recordedJSON(recordedBody)?.arrayValue else { break }
            GraphQLDifferences(normalizer: normalizer).collect(batch: mine, recorded: theirs, into: &differences)
        case (.form(let mine), .form(let theirs)):
            differences.append(contentsOf: RequestComparison.parameterDifferences(mine, theirs, label: "form field"))
        case (.none, _):
            differences.append("body: none (recorded \(RequestComparison.describe(recorded)))")
        case (_, .none):
            differences.append("body: \(RequestComparison.describe(request.body)) (recorded none)")
        case (.bytes(let mine), .bytes(let theirs)):
            // Text bodies show where they first differ; other bytes only that they do.
            if let a = String(validating: mine, as: UTF8.self), let b = String(validating: theirs, as: UTF8.self) {
                differences.append("body: " + RequestComparison.valueDifference(a, b))
            } else {
                differences.append("body: \(mine.count) bytes with different bytes (recorded \(theirs.count) bytes)")
            }
        default:
            let kinds = (RequestComparison.describe(request.body), RequestComparison.describe(recorded))
            differences.append(kinds.0 == kinds.1 ? "body: \(kinds.0) with different bytes" : "body: \(kinds.0) (recorded \(kinds.1))")
        }
        if differences.count == before { differences.append("body: differs") }
    }

    static func describe(_ body: BodyKey) -> String {
        switch body {
        case .none: "none"
        case .json: "JSON"
        case .form: "form"
        case .bytes(let bytes): "\(bytes.count) bytes"
        case .graphQL(let graphQL): "GraphQL \(graphQL.operation)"
        case .graphQLBatch(let keys): "GraphQL batch of \(keys.count)"
        }
    }

    static func parameterDifferences(_ mine: [QueryParameter], _ theirs: [QueryParameter], label: String) -> [String] {
        let mineByName = Dictionary(grouping: mine, by: \.name).mapValues { $0.map(\.value) }
        let theirsByName = Dictionary(grouping: theirs, by: \.name).mapValues { $0.map(\.value) }
        var names: [String] = []
        for parameter in mine + theirs where !names.contains(parameter.name) { names.append(parameter.name) }
        return names.compactMap { name in
            let a = mineByName[name], b = theirsByName[name]
            guard a != b else { return nil }
            switch (a, b) {
            case (let a?, nil): return "\(label) \(name): \(showValues(a)) (not recorded)"
            case (nil, let b?): return "\(label) \(name): absent (recorded \(showValues(b)))"
            case (let a?, let b?): return "\(label) \(name): \(showValues(a)) (recorded \(showValues(b)))"
            case (nil, nil): return nil
            }
        }
    }

    /// `label` starts each line: `body field $.page: 2 (recorded 1)`.
    static func jsonDifferences(
        _ mine: JSONValue, _ theirs: JSONValue, at path: String, label: String = "body field", into lines: inout DifferenceList
    ) {
        guard mine.canonicalBytes() != theirs.canonicalBytes() else { return }
        switch (mine, theirs) {
        case (.object(let a), .object(let b)):
            var names: [String] = []
            for member in a + b where !names.contains(member.name) { names.append(member.name) }
            for name in names {
                let child = path + "." + name
                switch (a.last { $0.name == name }?.value, b.last { $0.name == name }?.value) {
                case (let x?, let y?): jsonDifferences(x, y, at: child, label: label, into: &lines)
                case (let x?, nil): lines.append("\(label) \(child): \(clip(x)) (not recorded)")
                case (nil, let y?): lines.append("\(label) \(child): absent (recorded \(clip(y)))")
                case (nil, nil): break
                }
            }
        case (.array(let a), .array(let b)):
            arrayDifferences(a, b, at: path, label: label, into: &lines)
        case (.string, .string(let recorded)) where RedactionMarker.isPlaceholder(recorded):
            // A placeholder matches any value: no difference, and the client's secret is not echoed into the report.
            break
        case (.string(let a), .string(let b)):
            lines.append("\(label) \(path): " + valueDifference(a, b))
        default:
            lines.append("\(label) \(path): \(clip(mine)) (recorded \(clip(theirs)))")
        }
    }

    /// A value shortened for one line.
    static func clip(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    static func show(_ value: String?) -> String {
        guard let value else { return "absent" }
        return clip(.string(value))
    }

    /// Values of a repeated parameter; a long list is cut to its first few and its count.
    static func showValues(_ values: [String]) -> String {
        let shown = values.prefix(5).map { clip(.string($0)) }.joined(separator: ", ")
        return values.count > 5 ? "\(shown) … (\(values.count) values)" : shown
    }

    /// How many path segments differ, position by position.
    static func segmentDistance(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: "/", omittingEmptySubsequences: false)
        let y = b.split(separator: "/", omittingEmptySubsequences: false)
        var distance = abs(x.count - y.count)
        for (p, q) in zip(x, y) where p != q { distance += 1 }
        return distance
    }
}
