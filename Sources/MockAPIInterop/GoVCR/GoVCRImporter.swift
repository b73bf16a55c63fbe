import MockAPICore
import Yams

/// Reads go-vcr cassettes (Go, `github.com/dnaeon/go-vcr`, YAML with `version` and `interactions`) as interactions, in
/// file order.
///
/// Each interaction holds `request` (`url`, `method`, `headers` as name → list of values, `body` as a string, `form`)
/// and `response` (`code`, `status` such as `200 OK`, `headers`, `body`, `duration` as Go writes one: `133.869294ms`,
/// `1.166196124s`), which becomes `durationMs`. go-vcr keeps no time of recording. Bodies are stored as the Go client
/// read them (decoded); one that still names a `content-encoding` is decoded as the VCR importer does.
struct GoVCRImporter {
    let file: String

    struct Result {
        var interactions: [Interaction] = []
        var warnings: [ImportWarning] = []
        var description = "go-vcr cassette"
    }

    /// Whether a YAML document is a go-vcr cassette: `interactions` whose first request names a `url` (vcrpy's say
    /// `uri`).
    static func recognises(_ root: Node) -> Bool {
        guard case .mapping(let mapping) = root,
            let interactions = mapping.first(where: { $0.key.string == "interactions" })?.value,
            case .sequence(let list) = interactions, case .mapping(let first)? = list.first,
            case .mapping(let request)? = first.first(where: { $0.key.string == "request" })?.value
        else { return false }
        return request.keys.contains { $0.string == "url" }
    }

    func read(_ root: Node) throws(InteropError) -> Result {
        let document = YAMLField(node: root, file: file, path: "")
        var result = Result()
        if let version = try document.optional("version") { result.description += " (version \(try version.string()))" }
        guard let list = try document.optional("interactions") else { return result }
        for entry in try list.sequence() {
            result.interactions.append(try interaction(entry, warnings: &result.warnings))
        }
        return result
    }

    private func interaction(_ entry: YAMLField, warnings: inout [ImportWarning]) throws(InteropError) -> Interaction {
        let request = try entry.required("request")
        let response = try entry.required("response")
        // Protocol versions, lengths and the connection's addresses describe the exchange; `form` repeats the body.
        let described: Set<String> = ["proto", "proto_major", "proto_minor", "content_length", "transfer_encoding", "trailer"]
        try entry.reportUnknown(known: ["id", "request", "response", "discard_on_save"], warnings: &warnings)
        try request.reportUnknown(
            known: described.union(["method", "url", "headers", "body", "form", "host", "remote_addr", "request_uri"]), warnings: &warnings)
        try response.reportUnknown(
            known: described.union(["status", "code", "headers", "body", "duration", "uncompressed"]), warnings: &warnings)

        let methodField = try request.required("method")
        let method = try ImportedRequestLine.method(try methodField.string().uppercased(), example: "GET", failure: methodField.failure)
        let urlField = try request.required("url")
        let url = try ImportedRequestLine.url(
            try urlField.string(), noun: "URL", file: file, at: urlField.path, failure: urlField.failure, warnings: &warnings)

        let codeField = try response.required("code")
        let status = try ImportedRequestLine.status(try codeField.integer(), failure: codeField.failure)

        var responseHeaders = try response.headers()
        let bodyField = try response.optional("body") ?? response
        let decoded = try ImportedMessage.storedBody(
            try response.optional("body")?.bytes() ?? [], headers: &responseHeaders, file: file, place: bodyField.path,
            failure: bodyField.failure, warnings: &warnings)

        var durationMs: Double?
        if let durationField = try response.optional("duration") {
            guard let milliseconds = GoDuration.milliseconds(try durationField.string()) else {
                throw durationField.failure("expected a Go duration such as 133.869294ms or 1.5s, found \"\(try durationField.string())\"")
            }
            durationMs = milliseconds
        }
        return Interaction(
            request: RecordedRequest(
                method: method, path: url.path, query: url.query, headers: try request.headers(),
                body: Body(bytes: try request.optional("body")?.bytes() ?? [])),
            response: RecordedResponse(status: status, headers: responseHeaders, body: Body(bytes: decoded)),
            upstream: url.origin, durationMs: durationMs)
    }
}

/// Go's `time.Duration` text (`1h2m3.5s`, `133.869294ms`, `850µs`, `0s`) in milliseconds.
enum GoDuration {
    private static let units: [(suffix: String, milliseconds: Double)] = [
        ("ns", 1e-6), ("us", 1e-3), ("µs", 1e-3), ("μs", 1e-3), ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]

    static func milliseconds(_ text: String) -> Double? {
        var rest = Substring(text)
        var negative = false
        if rest.hasPrefix("-") { negative = true; rest = rest.dropFirst() }
        if rest == "0" { return 0 }
        var total = 0.0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unitText = rest.prefix { !($0.isASCII && ($0.isNumber || $0 == ".")) }
            // Longest suffix first: `ms` before `m`.
            guard let unit = units.filter({ $0.suffix == unitText }).first else { return nil }
            total += value * unit.milliseconds
            rest = rest.dropFirst(unitText.count)
        }
        return negative ? -total : total
    }
}
