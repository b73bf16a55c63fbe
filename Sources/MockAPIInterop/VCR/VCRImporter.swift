import MockAPICore
import Yams

/// Reads YAML cassettes of VCR (Ruby, `http_interactions`) and vcrpy (Python, `interactions`) as interactions, in
/// file order.
///
/// Both shapes hold, per interaction, `request` (`method`, `uri`, `headers` as name → list of values, `body`) and
/// `response` (`status.code`, `headers`, `body`); VCR adds `recorded_at`, which becomes `recordedAt` in ISO 8601. A
/// body is a string, a mapping with `string` (VCR, vcrpy) or `base64_string` (VCR's `preserve_exact_body_bytes`), or
/// a value tagged `!!binary` / `!binary` (bytes as vcrpy and Ruby write them). The `uri`'s origin becomes the
/// interaction's upstream.
///
/// Both tools store the body as the server sent it, so a body with `content-encoding` (vcrpy's gzip `!!binary`
/// bodies) is decoded and the header dropped; a body that does not decode but is UTF-8 text was decoded by the HTTP
/// library already and is kept, with a warning. Framing fields are dropped as the recorder drops them.
struct VCRImporter {
    let file: String

    struct Result {
        var interactions: [Interaction] = []
        var warnings: [ImportWarning] = []
        /// `VCR cassette (VCR 6.0.0)`, `vcrpy cassette (version 1)`
        var description = "VCR cassette"
    }

    func read(_ root: Node) throws(InteropError) -> Result {
        let document = YAMLField(node: root, file: file, path: "")
        if case .sequence = root {
            throw document.failure("a VCR 1.x cassette (a top-level list) is not supported; re-record it with VCR 2 or later")
        }
        var result = Result()
        let list: YAMLField
        if let ruby = try document.optional("http_interactions") {
            list = ruby
            result.description = "VCR cassette" + ((try document.optional("recorded_with")?.string()).map { " (\($0))" } ?? "")
        } else if let python = try document.optional("interactions") {
            list = python
            result.description = "vcrpy cassette" + ((try document.optional("version")?.string()).map { " (version \($0))" } ?? "")
        } else {
            throw document.failure("not a VCR cassette: no http_interactions (VCR) or interactions (vcrpy) list")
        }
        guard case .sequence = list.node else {
            if list.isNull { return result }
            throw list.failure("expected a list of interactions, found \(list.kind)")
        }
        for entry in try list.sequence() {
            result.interactions.append(try interaction(entry, warnings: &result.warnings))
        }
        return result
    }

    private func interaction(_ entry: YAMLField, warnings: inout [ImportWarning]) throws(InteropError) -> Interaction {
        let request = try entry.required("request")
        let response = try entry.required("response")

        try entry.reportUnknown(known: ["request", "response", "recorded_at"], warnings: &warnings)
        try request.reportUnknown(known: ["method", "uri", "body", "headers"], warnings: &warnings)
        try response.reportUnknown(known: ["status", "headers", "body", "http_version", "adapter_metadata"], warnings: &warnings)

        let methodField = try request.required("method")
        var method = try methodField.string()
        if method.hasPrefix(":") { method.removeFirst() }  // a Ruby symbol, as very old VCR wrote it
        method = try ImportedRequestLine.method(method, example: "get", failure: methodField.failure)
        let uriField = try request.required("uri")
        let url = try ImportedRequestLine.url(
            try uriField.string(), noun: "URI", file: file, at: uriField.path, failure: uriField.failure, warnings: &warnings)

        let statusField = try response.required("status")
        let codeField = if case .mapping = statusField.node { try statusField.required("code") } else { statusField }
        if case .mapping = statusField.node { try statusField.reportUnknown(known: ["code", "message"], warnings: &warnings) }
        let status = try ImportedRequestLine.status(try codeField.integer(), failure: codeField.failure)

        let requestHeaders = try headers(request)
        var responseHeaders = try headers(response)
        let requestBody = try body(request, warnings: &warnings)
        let bodyField = try response.optional("body") ?? response
        let coded = try body(response, warnings: &warnings)
        let decoded = try ImportedMessage.storedBody(
            coded, headers: &responseHeaders, file: file, place: bodyField.path, failure: bodyField.failure, warnings: &warnings)

        var recordedAt: String?
        if let recorded = try entry.optional("recorded_at") {
            let text = try recorded.string()
            recordedAt = HTTPDateText.iso8601(text) ?? text
        }
        return Interaction(
            request: RecordedRequest(
                method: method.uppercased(), path: url.path, query: url.query, headers: requestHeaders,
                body: Body(bytes: requestBody)),
            response: RecordedResponse(
                status: status, headers: responseHeaders, body: EventStreamBody.body(decoded, headers: responseHeaders)),
            upstream: url.origin, recordedAt: recordedAt)
    }

    private func headers(_ message: YAMLField) throws(InteropError) -> HTTPHeaders {
        try message.headers()
    }

    /// `body:` in any of the forms the two tools write. A mapping without `string` or `base64_string` that holds
    /// something else (`parsed_body`) is an error: its body cannot be read, and an empty one would change the answer.
    private func body(_ message: YAMLField, warnings: inout [ImportWarning]) throws(InteropError) -> [UInt8] {
        guard let body = try message.optional("body") else { return [] }
        switch body.node {
        case .scalar:
            return try body.bytes()
        case .mapping:
            let known: Set<String> = ["encoding", "string", "base64_string"]
            try body.reportUnknown(known: known, warnings: &warnings)
            if let encoded = try body.optional("base64_string") {
                guard let bytes = Base64.decode(try encoded.string()) else { throw encoded.failure("not valid base64") }
                return bytes
            }
            if let string = try body.optional("string") { return try string.bytes() }
            let others = try body.members().filter { !known.contains($0.name) && !$0.field.isNull }.map(\.name)
            guard others.isEmpty else {
                throw body.failure("the body is in \(others.joined(separator: ", ")), which is not read; expected string or base64_string")
            }
            return []
        default:
            throw body.failure("expected a string or a mapping with string or base64_string, found \(body.kind)")
        }
    }
}
