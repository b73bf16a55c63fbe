import MockAPICore
import MockAPIJSON

/// Reads the entries of a HAR 1.2 file (browser devtools, proxies, `mockapi export`) as interactions, in file order.
///
/// Per entry: `request.method`, `request.url` (its origin becomes the interaction's upstream, so entries of several
/// hosts keep their own), `request.headers`, `request.postData` (`text`, or `params` as a form), `response.status`,
/// `response.headers`, `response.content` (`text`, base64 when `encoding` is `base64`), `startedDateTime` as
/// `recordedAt` and `time` as `durationMs`. `queryString` is not read: the query is taken byte for byte from the URL.
///
/// HAR stores bodies decoded, but some tools store them still compressed: a body that decodes per its
/// `content-encoding` is decoded, one that does not is taken as decoded already; the header is dropped either way.
/// Pseudo-headers and framing fields are dropped. An entry with status 0 (a request that failed or was blocked in the
/// browser) has no answer to replay and is skipped with a warning.
///
/// A file written by `mockapi export` (creator `mockapi`) is read back exactly: headers as they are, bodies as they
/// are, and the `_mockapi` member of each entry restores what HAR has no field for (mount, missing upstream,
/// `recordedAt` or `durationMs`, a `recordedAt` that is not an ISO 8601 date-time). A streamed body's pieces and their
/// times are read from `response.content._chunks` (and `_cut`), whoever wrote the file, and a `101` entry's WebSocket
/// messages from `_webSocketMessages` (``HARWebSocketMessages``; a `ws`/`wss` URL is kept as `http`/`https`). Custom fields of other tools
/// are ignored, as the HAR specification asks.
struct HARImporter {
    let file: String

    struct Result {
        var interactions: [Interaction] = []
        var warnings: [ImportWarning] = []
        /// `HAR 1.2 by Firefox 120.0`
        var description = "HAR"
    }

    func read(_ document: JSONValue) throws(InteropError) -> Result {
        let root = InputField(value: document, file: file, path: "")
        let log = try root.required("log")
        var result = Result()
        let version = try log.optional("version")?.string() ?? "1.1"
        guard version.hasPrefix("1.") else {
            throw log.child("version", .null).failure("HAR version \(version) is not supported (mockapi reads 1.x)")
        }
        let creator = try log.optional("creator").map { (field) throws(InteropError) in
            (try field.optional("name")?.string() ?? "", try field.optional("version")?.string() ?? "")
        }
        let exact = creator?.0 == "mockapi"
        result.description = "HAR \(version)" + (creator.map { $0.0.isEmpty ? "" : " by \($0.0) \($0.1)" } ?? "")
        for entry in try log.required("entries").array() {
            let status = try entry.required("response").required("status")
            if try status.integer() == 0 {
                result.warnings.append(ImportWarning(
                    file: file, at: entry.path,
                    message: "status 0 (the request failed or was blocked before an answer came); skipped"))
                continue
            }
            result.interactions.append(try interaction(entry, exact: exact, warnings: &result.warnings))
        }
        return result
    }

    private func interaction(_ entry: InputField, exact: Bool, warnings: inout [ImportWarning]) throws(InteropError) -> Interaction {
        let request = try entry.required("request")
        let response = try entry.required("response")
        entry.reportUnknown(known: [
            "request", "response", "startedDateTime", "time", "cache", "timings", "serverIPAddress", "connection", "pageref",
            "comment", "recordedAt",
        ], customPrefix: true, warnings: &warnings)
        request.reportUnknown(known: [
            "method", "url", "httpVersion", "cookies", "headers", "queryString", "postData", "headersSize", "bodySize", "comment",
        ], customPrefix: true, warnings: &warnings)
        response.reportUnknown(known: [
            "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize",
            "comment",
        ], customPrefix: true, warnings: &warnings)
        let urlField = try request.required("url")
        let url = try ImportedRequestLine.url(
            HARWebSocketMessages.httpURL(try urlField.string()), noun: "URL", file: file, at: urlField.path, failure: urlField.failure, warnings: &warnings)
        let method = try request.required("method")
        let methodName = try ImportedRequestLine.method(try method.string(), example: "GET", failure: method.failure)
        let statusField = try response.required("status")
        let status = try ImportedRequestLine.status(try statusField.integer(), failure: statusField.failure)

        var requestHeaders = try headers(request, exact: exact)
        var requestBody: [UInt8] = []
        if let postData = request.optional("postData") {
            requestBody = try body(postData, encodingMember: ["encoding", "_encoding"])
            if requestBody.isEmpty, let params = postData.optional("params") {
                requestBody = Array(HARImporter.form(try params.nameValuePairs()).utf8)
            }
            if !requestBody.isEmpty, !requestHeaders.contains("content-type"),
                let mimeField = postData.optional("mimeType"), case let mimeType = try mimeField.string(), !mimeType.isEmpty
            {
                // Checked as any header value is.
                let contentType = try ImportedMessage.headers(
                    [("content-type", mimeType)], exact: true, file: file) { _ in mimeField.path }
                requestHeaders.fields += contentType.fields
            }
        }
        var responseHeaders = try headers(response, exact: exact)
        var responseBody: [UInt8] = []
        var chunked: ChunkedBody?
        if let content = response.optional("content") {
            responseBody = try body(content, encodingMember: ["encoding"])
            if let chunks = content.optional("_chunks") {
                chunked = try HARImporter.chunks(chunks, cut: content.optional("_cut"), joiningTo: responseBody)
            } else if !exact {
                // HAR stores bodies decoded: bytes that do not decode are taken as they are.
                responseBody = ImportedMessage.decodedBody(responseBody, headers: &responseHeaders).bytes
            }
        }

        var interaction = Interaction(
            request: RecordedRequest(
                method: methodName.uppercased(), path: url.path, query: url.query, headers: requestHeaders,
                body: Body(bytes: requestBody)),
            response: RecordedResponse(
                status: status, headers: responseHeaders,
                body: chunked.map(Body.chunks) ?? EventStreamBody.body(responseBody, headers: responseHeaders)),
            upstream: url.origin,
            recordedAt: try entry.optional("startedDateTime")?.string(),
            durationMs: try entry.optional("time")?.number())
        if let duration = interaction.durationMs, duration < 0 { interaction.durationMs = nil }
        if exact, let extra = entry.optional("_mockapi") { try restore(extra, into: &interaction) }
        if let messages = entry.optional("_webSocketMessages"), status == 101 {
            interaction.webSocket = try HARWebSocketMessages.conversation(
                messages, exact: exact, extra: exact ? entry.optional("_mockapi") : nil)
        }
        return interaction
    }

    private func headers(_ message: InputField, exact: Bool) throws(InteropError) -> HTTPHeaders {
        guard let field = message.optional("headers") else { return HTTPHeaders() }
        let pairs = try field.nameValuePairs()
        return try ImportedMessage.headers(pairs.map { ($0.name, $0.value) }, exact: exact, file: file) { pairs[$0].field.path }
    }

    /// `text`, base64-decoded when the encoding member says `base64`.
    private func body(_ field: InputField, encodingMember names: [String]) throws(InteropError) -> [UInt8] {
        guard let text = field.optional("text") else { return [] }
        let value = try text.string()
        let encoding = try names.lazy.compactMap { field.optional($0) }.first?.string()
        switch encoding?.lowercased() {
        case nil, "":
            return Array(value.utf8)
        case "base64":
            guard let bytes = Base64.decode(value) else { throw text.failure("not valid base64 (the encoding says base64)") }
            return bytes
        case let other?:
            throw text.failure("the text is encoded as \(other); mockapi reads plain or base64 text")
        }
    }

    /// A streamed body's pieces from `content._chunks` (written by `mockapi export`, in the cassette's form:
    /// `[{"atMs": 0, "text"|"base64": …}]`) and who cut it from `content._cut`; they must join to `content.text`.
    static func chunks(_ field: InputField, cut: InputField?, joiningTo text: [UInt8]) throws(InteropError) -> ChunkedBody {
        var chunks: [ChunkedBody.Chunk] = []
        for element in try field.array() {
            guard let time = element.optional("atMs") else { throw element.failure("a chunk without \"atMs\"") }
            let atMs = try time.number()
            guard atMs.isFinite, atMs >= (chunks.last?.atMs ?? 0) else {
                throw time.failure("expected milliseconds since the headers, not earlier than the chunk before")
            }
            if let piece = element.optional("text") {
                chunks.append(ChunkedBody.Chunk(atMs: atMs, text: try piece.string()))
            } else if let encoded = element.optional("base64") {
                guard let bytes = Base64.decode(try encoded.string()) else { throw encoded.failure("not valid base64") }
                chunks.append(ChunkedBody.Chunk(atMs: atMs, bytes: bytes))
            } else {
                throw element.failure(#"expected the chunk's bytes as "text" (UTF-8) or "base64""#)
            }
        }
        var who: ChunkedBody.Cut?
        if let cut {
            let name = try cut.string()
            guard let value = ChunkedBody.Cut(rawValue: name) else {
                throw cut.failure("expected \"client\" or \"upstream\" (who cut the stream), found \"\(name)\"")
            }
            who = value
        }
        let body = ChunkedBody(chunks: chunks, cut: who)
        guard body.bytes == text else { throw field.failure("the chunks do not join to content.text") }
        return body
    }

    /// What `mockapi export` could not say in HAR's own fields.
    private func restore(_ extra: InputField, into interaction: inout Interaction) throws(InteropError) {
        if let mount = extra.optional("mount") { interaction.mount = try mount.string() }
        if let recordedAt = extra.optional("recordedAt") { interaction.recordedAt = try recordedAt.string() }
        if let version = extra.optional("recordedWith") { interaction.recordedWith = try version.string() }
        for name in ["upstream", "recordedAt", "durationMs"] where extra.value[name]?.isNull == true {
            switch name {
            case "upstream": interaction.upstream = nil
            case "recordedAt": interaction.recordedAt = nil
            default: interaction.durationMs = nil
            }
        }
    }

    /// `application/x-www-form-urlencoded` text from HAR's `params`.
    static func form(_ pairs: [(name: String, value: String, field: InputField)]) -> String {
        pairs.map { formEncode($0.name) + "=" + formEncode($0.value) }.joined(separator: "&")
    }

    private static func formEncode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"):
                bytes.append(byte)
            case UInt8(ascii: " "):
                bytes.append(UInt8(ascii: "+"))
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
