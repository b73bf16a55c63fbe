import MockAPICore
import MockAPIJSON

/// Reads WireMock stub mappings (one stub per file, as WireMock's recorder writes `mappings/*.json`, or a file with a
/// `mappings` list) as interactions, in file order.
///
/// A stub's `request` gives the method and `url` (path and query; or `urlPath`, with `queryParameters` that say
/// `equalTo`), the `headers` it requires with `equalTo`, and the body from `bodyPatterns[].equalToJson` (a JSON value,
/// or JSON in a string) or `equalTo`. Its `response` gives `status`, `headers` (a value or a list of values) and the
/// body from `body`, `jsonBody`, `base64Body` or `bodyFileName`, which names a file in the `__files/` folder beside
/// `mappings/`. A stub that matches by pattern (`urlPattern`, `matches`, …) describes no single request: it is skipped
/// with a warning. WireMock keeps no host, so imported interactions have no upstream.
struct WireMockImporter {
    let file: String

    struct Result {
        var interactions: [Interaction] = []
        var warnings: [ImportWarning] = []
        var description = "WireMock stub mapping"
    }

    /// Whether a JSON document is WireMock stubs: a `request` and a `response` object, or a `mappings` list.
    static func recognises(_ document: JSONValue) -> Bool {
        if case .array? = document["mappings"] { return true }
        guard case .object? = document["request"], case .object? = document["response"] else { return false }
        return true
    }

    func read(_ document: JSONValue) throws(InteropError) -> Result {
        let root = InputField(value: document, file: file, path: "")
        var result = Result()
        let stubs: [InputField]
        if let list = root.optional("mappings") {
            stubs = try list.array()
            result.description = "WireMock stub mappings"
        } else {
            stubs = [root]
        }
        for stub in stubs {
            if let interaction = try interaction(stub, warnings: &result.warnings) { result.interactions.append(interaction) }
        }
        return result
    }

    private func interaction(_ stub: InputField, warnings: inout [ImportWarning]) throws(InteropError) -> Interaction? {
        let request = try stub.required("request")
        let response = try stub.required("response")
        // Names, ids and scenario bookkeeping describe the stub, not the exchange; delays and faults are WireMock's.
        stub.reportUnknown(known: [
            "id", "uuid", "name", "request", "response", "priority", "persistent", "metadata", "insertionIndex",
        ], warnings: &warnings)
        response.reportUnknown(known: [
            "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName", "fixedDelayMilliseconds",
        ], warnings: &warnings)
        let methodField = try request.required("method")
        let method = try methodField.string().uppercased()
        guard method != "ANY", ImportedRequestLine.isMethod(method) else {
            warnings.append(ImportWarning(file: file, at: methodField.path, message: "method \(method) is not one request: stub skipped"))
            return nil
        }
        guard let target = try target(request) else {
            warnings.append(ImportWarning(
                file: file, at: request.path, message: "matches URLs by pattern (no url or urlPath): stub skipped"))
            return nil
        }
        let (path, query) = HTTPRequest.split(target: target)

        var requestHeaders: [(name: String, value: String)] = []
        if let headers = request.optional("headers"), case .object(let members) = headers.value {
            for member in members {
                guard let value = member.value["equalTo"]?.stringValue else {
                    warnings.append(ImportWarning(
                        file: file, at: headers.child(member.name, member.value).path,
                        message: "matched by a pattern, not equalTo: not kept"))
                    continue
                }
                requestHeaders.append((member.name, value))
            }
        }
        let statusField = try response.required("status")
        let status = try ImportedRequestLine.status(try statusField.integer(), failure: statusField.failure)
        var responseHeaders = try headers(response.optional("headers"))
        let bodyPlace = response.path
        let responseBody = try ImportedMessage.storedBody(
            try body(response), headers: &responseHeaders, file: file, place: bodyPlace, failure: response.failure,
            warnings: &warnings)
        return Interaction(
            request: RecordedRequest(
                method: method, path: path, query: query,
                headers: try ImportedMessage.headers(requestHeaders, exact: false, file: file) { _ in request.path + ".headers" },
                body: Body(bytes: try requestBody(request, warnings: &warnings))),
            response: RecordedResponse(status: status, headers: responseHeaders, body: Body(bytes: responseBody)))
    }

    /// `url` as is, or `urlPath` with the `equalTo` query parameters; nil for a stub that matches by pattern.
    private func target(_ request: InputField) throws(InteropError) -> String? {
        if let url = request.optional("url") { return try url.string() }
        guard let urlPath = request.optional("urlPath") else { return nil }
        var target = try urlPath.string()
        if let parameters = request.optional("queryParameters"), case .object(let members) = parameters.value {
            var pairs: [String] = []
            for member in members {
                guard let value = member.value["equalTo"]?.stringValue else { return nil }
                pairs.append(WireMockImporter.encode(member.name) + "=" + WireMockImporter.encode(value))
            }
            if !pairs.isEmpty { target += "?" + pairs.joined(separator: "&") }
        }
        return target
    }

    private func requestBody(_ request: InputField, warnings: inout [ImportWarning]) throws(InteropError) -> [UInt8] {
        guard let patterns = request.optional("bodyPatterns") else { return [] }
        for pattern in try patterns.array() {
            if let json = pattern.optional("equalToJson") {
                // WireMock's recorder writes the JSON as a string; hand-written stubs often as a value.
                if case .string(let text) = json.value { return Array(text.utf8) }
                return json.value.compactBytes()
            }
            if let text = pattern.optional("equalTo") { return Array(try text.string().utf8) }
        }
        warnings.append(ImportWarning(
            file: file, at: patterns.path, message: "no equalToJson or equalTo pattern: the request body is left empty"))
        return []
    }

    private func headers(_ field: InputField?) throws(InteropError) -> HTTPHeaders {
        guard let field, case .object(let members) = field.value else { return HTTPHeaders() }
        var pairs: [(name: String, value: String)] = []
        var places: [String] = []
        for member in members {
            let child = field.child(member.name, member.value)
            let values = if case .array = member.value { try child.array() } else { [child] }
            for value in values {
                pairs.append((member.name, try value.string()))
                places.append(value.path)
            }
        }
        return try ImportedMessage.headers(pairs, exact: false, file: file) { places[$0] }
    }

    private func body(_ response: InputField) throws(InteropError) -> [UInt8] {
        if let body = response.optional("body") { return Array(try body.string().utf8) }
        if let json = response.optional("jsonBody") { return json.value.compactBytes() }
        if let encoded = response.optional("base64Body") {
            guard let bytes = Base64.decode(try encoded.string()) else { throw encoded.failure("not valid base64") }
            return bytes
        }
        if let name = response.optional("bodyFileName") {
            // WireMock's root holds `mappings/` and `__files/`.
            let path = FileIO.parent(of: FileIO.parent(of: file)) + "/__files/" + (try name.string())
            do { return try FileIO.read(path) } catch {
                throw name.failure("cannot read \(path): \(error.description)")
            }
        }
        return []
    }

    /// Percent-encodes what a query name or value cannot hold as is.
    private static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved {
                output.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                output += "%"
                output.unicodeScalars.append(digits[Int(byte >> 4)])
                output.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return output
    }
}
