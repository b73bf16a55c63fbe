import MockAPICore
import MockAPIJSON

/// Reads nock recordings as interactions, in file order: the JSON array of definitions that nock's recorder writes
/// with `output_objects: true`, that nock-back keeps as fixtures, and that octokit/fixtures publishes.
///
/// Per definition: `scope` (`https://api.github.com:443`; its origin, without the default port, becomes the
/// interaction's upstream), `method` (in any case), `path` (with the query, byte for byte), `body` (`""` for none, a
/// string as text, any other JSON value as JSON), `status` (200 when absent, as nock answers), `response` (a string
/// as text, any other JSON value as JSON, hex bytes when `responseIsBinary` is true), `reqheaders` and `headers`
/// (name → string, number or list of them; numbers become their text) or nock's `rawHeaders` list. Options that only
/// steer nock itself (`options`, `delay…`, `times`) are not read.
///
/// nock keeps no time of recording: the first `date` response header, when it is an HTTP date, becomes `recordedAt`.
/// Framing fields are dropped as the recorder drops them; a binary body with `content-encoding` is stored decoded.
struct NockImporter {
    let file: String

    struct Result {
        var interactions: [Interaction] = []
        var warnings: [ImportWarning] = []
        var description = "nock recording"
    }

    func read(_ document: JSONValue) throws(InteropError) -> Result {
        var result = Result()
        for definition in try InputField(value: document, file: file, path: "").array() {
            result.interactions.append(try interaction(definition, warnings: &result.warnings))
        }
        return result
    }

    private func interaction(_ definition: InputField, warnings: inout [ImportWarning]) throws(InteropError) -> Interaction {
        guard case .object = definition.value else {
            if case .string = definition.value {
                throw definition.failure(
                    "nock's recorder wrote code (output_objects: false); record with output_objects: true to get JSON definitions")
            }
            throw definition.failure(
                "expected a nock definition (an object with scope, method and path), found \(definition.value.kindDescription)")
        }
        definition.reportUnknown(known: [
            "scope", "method", "path", "body", "status", "response", "rawHeaders", "headers", "reqheaders", "responseIsBinary",
        ], warnings: &warnings)
        let scopeField = try definition.required("scope")
        let scope = try ImportedRequestLine.url(
            try scopeField.string(), noun: "scope", file: file, at: scopeField.path, failure: scopeField.failure, warnings: &warnings)
        guard scope.path == "/", scope.query == nil else {
            throw scopeField.failure("expected an origin such as https://api.github.com:443, without a path")
        }
        let pathField = try definition.required("path")
        let pathText = try pathField.string()
        guard pathText.hasPrefix("/") else { throw pathField.failure("expected a path starting with /, found \"\(pathText)\"") }
        let target = try url(scope.origin + pathText, field: pathField)

        let methodField = try definition.required("method")
        let method = try ImportedRequestLine.method(try methodField.string(), example: "get", failure: methodField.failure)
        var status = 200
        if let statusField = definition.optional("status") {
            status = try ImportedRequestLine.status(try statusField.integer(), failure: statusField.failure)
        }

        let message = NockMessage(file: file)
        var responseHeaders = try message.headers(definition.optional("headers") ?? definition.optional("rawHeaders"))
        let responseBody = try message.responseBody(definition, headers: &responseHeaders, warnings: &warnings)
        return Interaction(
            request: RecordedRequest(
                method: method.uppercased(), path: target.path, query: target.query,
                headers: try message.headers(definition.optional("reqheaders")), body: NockMessage.body(definition.optional("body"))),
            response: RecordedResponse(status: status, headers: responseHeaders, body: responseBody),
            upstream: scope.origin,
            recordedAt: recordedAt(responseHeaders, definition: definition, warnings: &warnings))
    }

    private func url(_ text: String, field: InputField) throws(InteropError) -> AbsoluteURL {
        switch AbsoluteURL.parse(text) {
        case .success(let parsed): return parsed
        case .failure(let problem): throw field.failure(problem.reason)
        }
    }

    /// The first `date` answer header in ISO 8601; nil, with a warning, when it is not an HTTP date.
    private func recordedAt(_ headers: HTTPHeaders, definition: InputField, warnings: inout [ImportWarning]) -> String? {
        guard let date = headers["date"] else { return nil }
        guard let iso = HTTPDateText.iso8601(date) else {
            warnings.append(ImportWarning(
                file: file, at: definition.path + ".headers.date",
                message: "\"\(date)\" is not an HTTP date such as Tue, 10 Oct 2017 16:00:00 GMT; no recordedAt"))
            return nil
        }
        return iso
    }
}
