import MockAPICore
import MockAPIJSON

/// Reads Betamax cassettes (Python; the JSON its default serializer writes) as interactions, in file order.
///
/// Betamax keeps VCR's shape: `http_interactions`, each with `request` (`method`, `uri`, `headers`, `body`),
/// `response` (`status: {code, message}`, or `status_code` as Betamax wrote it before 0.2; `headers`; `body`; `url`)
/// and `recorded_at`; `recorded_with` names the version. Headers are name → list of values (or one value), each value
/// one field. A body is `{"string": …, "encoding": …}`, text that stands for the bytes in that encoding (requests'
/// guess: `utf-8`, or `ISO-8859-1` for text without a charset), or `{"base64_string": …}` with
/// `preserve_exact_body_bytes`. The request `uri`'s origin becomes the upstream; `recorded_at` (UTC, written without
/// a zone) becomes `recordedAt`.
///
/// Betamax stores the answer's bytes as they came, so a body with `content-encoding` is decoded and the header
/// dropped; a body that does not decode but is UTF-8 text was decoded already and is kept, with a warning.
struct BetamaxImporter {
    let file: String

    struct Result {
        var interactions: [Interaction] = []
        var warnings: [ImportWarning] = []
        /// `Betamax cassette (betamax/0.8.1)`
        var description = "Betamax cassette"
    }

    func read(_ document: JSONValue) throws(InteropError) -> Result {
        let root = InputField(value: document, file: file, path: "")
        var result = Result()
        if let version = root.optional("recorded_with") { result.description += " (\(try version.string()))" }
        for entry in try root.required("http_interactions").array() {
            result.interactions.append(try interaction(entry, warnings: &result.warnings))
        }
        return result
    }

    private func interaction(_ entry: InputField, warnings: inout [ImportWarning]) throws(InteropError) -> Interaction {
        let request = try entry.required("request")
        let response = try entry.required("response")
        entry.reportUnknown(known: ["request", "response", "recorded_at"], warnings: &warnings)
        request.reportUnknown(known: ["method", "uri", "headers", "body"], warnings: &warnings)
        response.reportUnknown(known: ["status", "status_code", "headers", "body", "url"], warnings: &warnings)
        for message in [request, response] {
            message.optional("body")?.reportUnknown(known: Self.bodyMembers, warnings: &warnings)
        }

        let methodField = try request.required("method")
        let method = try ImportedRequestLine.method(try methodField.string(), example: "GET", failure: methodField.failure)
        let uriField = try request.required("uri")
        let url = try ImportedRequestLine.url(
            try uriField.string(), noun: "URI", file: file, at: uriField.path, failure: uriField.failure, warnings: &warnings)

        let codeField: InputField
        if let status = response.optional("status") {
            codeField = if case .object = status.value { try status.required("code") } else { status }
        } else if let old = response.optional("status_code") {
            codeField = old
        } else {
            throw response.child("status", .null).failure("required field is missing (neither status nor status_code)")
        }
        let status = try ImportedRequestLine.status(try codeField.integer(), failure: codeField.failure)

        var responseHeaders = try headers(response)
        let bodyField = response.optional("body") ?? response.child("body", .null)
        let decoded = try ImportedMessage.storedBody(
            try body(response), headers: &responseHeaders, file: file, place: bodyField.path, failure: bodyField.failure,
            warnings: &warnings)

        return Interaction(
            request: RecordedRequest(
                method: method.uppercased(), path: url.path, query: url.query, headers: try headers(request),
                body: Body(bytes: try body(request))),
            response: RecordedResponse(status: status, headers: responseHeaders, body: Body(bytes: decoded)),
            upstream: url.origin, recordedAt: try entry.optional("recorded_at").map { (field) throws(InteropError) in
                BetamaxImporter.iso8601(try field.string())
            })
    }

    /// `headers` as name → list of values, or one value: each value is one field.
    private func headers(_ message: InputField) throws(InteropError) -> HTTPHeaders {
        guard let field = message.optional("headers") else { return HTTPHeaders() }
        guard case .object(let members) = field.value else { throw field.failure("expected an object, found \(field.value.kindDescription)") }
        var pairs: [(name: String, value: String)] = []
        var places: [String] = []
        for member in members {
            let values = field.child(member.name, member.value)
            for value in (member.value.arrayValue != nil ? try values.array() : [values]) {
                pairs.append((member.name, try value.string()))
                places.append(value.path)
            }
        }
        return try ImportedMessage.headers(pairs, exact: false, file: file) { places[$0] }
    }

    /// The members of a body object this reader reads.
    static let bodyMembers: Set<String> = ["string", "encoding", "base64_string"]

    /// The bytes of `body`: `base64_string`, or `string` in its `encoding`.
    private func body(_ message: InputField) throws(InteropError) -> [UInt8] {
        guard let body = message.optional("body") else { return [] }
        if case .string(let text) = body.value { return Array(text.utf8) }
        if let encoded = body.optional("base64_string"), try !encoded.string().isEmpty {
            guard let bytes = Base64.decode(try encoded.string()) else { throw encoded.failure("not valid base64") }
            return bytes
        }
        guard let string = body.optional("string") else {
            // A body held only in a member this reader does not know would become an empty answer: an error instead.
            if case .object(let members) = body.value,
                case let others = members.filter({ !$0.value.isNull && !Self.bodyMembers.contains($0.name) }).map(\.name),
                !others.isEmpty
            {
                throw body.failure("the body is in \(others.joined(separator: ", ")), which is not read; expected string or base64_string")
            }
            return []
        }
        let text = try string.string()
        let encoding = try body.optional("encoding")?.string().lowercased() ?? "utf-8"
        switch encoding {
        case "utf-8", "utf8", "ascii", "us-ascii":
            return Array(text.utf8)
        case "iso-8859-1", "latin-1", "latin1", "iso8859-1":
            // Betamax decoded the bytes as Latin-1, one character per byte, so each character is one byte again.
            var bytes: [UInt8] = []
            for scalar in text.unicodeScalars {
                guard scalar.value <= 0xFF else { throw string.failure("a character beyond ISO-8859-1 (U+\(String(scalar.value, radix: 16, uppercase: true))) in a body stored as ISO-8859-1") }
                bytes.append(UInt8(scalar.value))
            }
            return bytes
        default:
            throw body.child("encoding", .null).failure(
                "the body is text in \(encoding), which mockapi does not read; re-record with preserve_exact_body_bytes "
                    + "(a base64_string body) or as utf-8")
        }
    }

    /// Betamax writes `recorded_at` in UTC without a zone (`2015-04-13T22:21:56`): the zone is added; an HTTP date is
    /// converted; anything else is kept as written.
    static func iso8601(_ text: String) -> String {
        if let converted = HTTPDateText.iso8601(text) { return converted }
        let bytes = Array(text.utf8)
        let zoneless = bytes.count == 19 && bytes[10] == UInt8(ascii: "T")
            && bytes.enumerated().allSatisfy { [4, 7, 10, 13, 16].contains($0.offset) || ($0.element >= 0x30 && $0.element <= 0x39) }
        return zoneless ? text + "Z" : text
    }
}
