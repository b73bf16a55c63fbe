import MockAPICore
import MockAPIJSON

/// Writes interactions as a HAR 1.2 file that browser devtools and HAR viewers open: every required field present
/// (`cookies` empty, sizes of headers unknown as -1, timings with the whole duration as `wait`), text bodies as `text`,
/// other bodies as base64 with `encoding: base64`, the request's URL its upstream plus its path and raw query.
///
/// `mockapi import` reads the file back to the same interactions: what HAR has no field for (a mount, a missing
/// upstream, `recordedAt` or `durationMs`, the release that recorded it) goes in a custom `_mockapi` member of the
/// entry, which other tools ignore. A WebSocket conversation's messages go in `_webSocketMessages`, as Chrome's devtools
/// write them (``HARWebSocketMessages``).
package struct HARExporter: Sendable {
    /// The `log.creator.version` written.
    package let creatorVersion: String

    package init(creatorVersion: String) {
        self.creatorVersion = creatorVersion
    }

    /// Stands in for a missing upstream, so the URL is still absolute.
    static let placeholderOrigin = "http://localhost"
    /// Stands in for a missing `recordedAt` (`startedDateTime` is required).
    static let placeholderDate = "1970-01-01T00:00:00.000Z"

    /// The HAR document for the interactions, in order.
    package func document(_ interactions: [Interaction]) -> JSONValue {
        .object([
            JSONMember("log", .object([
                JSONMember("version", .string("1.2")),
                JSONMember("creator", .object([
                    JSONMember("name", .string("mockapi")), JSONMember("version", .string(creatorVersion)),
                ])),
                JSONMember("pages", .array([])),
                JSONMember("entries", .array(interactions.map(entry))),
            ])),
        ])
    }

    /// The file's bytes: pretty JSON and a final newline.
    package func fileBytes(_ interactions: [Interaction]) -> [UInt8] {
        var bytes = document(interactions).prettyBytes()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    func entry(_ interaction: Interaction) -> JSONValue {
        let time = interaction.durationMs ?? 0
        // HAR requires an ISO 8601 date-time; a recordedAt in another form travels in _mockapi.
        let started = interaction.recordedAt.flatMap { HARExporter.isDateTime($0) ? $0 : nil }
        var members = [
            JSONMember("startedDateTime", .string(started ?? HARExporter.placeholderDate)),
            JSONMember("time", .number(HARExporter.number(time))),
            JSONMember("request", request(interaction)),
            JSONMember("response", response(interaction.response)),
            JSONMember("cache", .object([])),
            JSONMember("timings", .object([
                JSONMember("send", .number("0")), JSONMember("wait", .number(HARExporter.number(time))),
                JSONMember("receive", .number("0")),
            ])),
        ]
        var extra: [JSONMember] = []
        if let mount = interaction.mount { extra.append(JSONMember("mount", .string(mount))) }
        if interaction.upstream == nil { extra.append(JSONMember("upstream", .null)) }
        if started == nil { extra.append(JSONMember("recordedAt", interaction.recordedAt.map(JSONValue.string) ?? .null)) }
        if interaction.durationMs == nil { extra.append(JSONMember("durationMs", .null)) }
        if let version = interaction.recordedWith { extra.append(JSONMember("recordedWith", .string(version))) }
        if let conversation = interaction.webSocket {
            members.append(JSONMember("_webSocketMessages", HARWebSocketMessages.jsonValue(conversation)))
            if let kept = HARWebSocketMessages.extra(conversation) { extra.append(JSONMember("webSocket", kept)) }
        }
        if !extra.isEmpty { members.append(JSONMember("_mockapi", .object(extra))) }
        return .object(members)
    }

    private func request(_ interaction: Interaction) -> JSONValue {
        let request = interaction.request
        let url = (interaction.upstream ?? HARExporter.placeholderOrigin) + request.path + (request.query.map { "?" + $0 } ?? "")
        var members = [
            JSONMember("method", .string(request.method)),
            JSONMember("url", .string(url)),
            JSONMember("httpVersion", .string("HTTP/1.1")),
            JSONMember("cookies", .array([])),
            JSONMember("headers", HARExporter.pairs(request.headers.fields.map { ($0.name, $0.value) })),
            JSONMember("queryString", HARExporter.pairs(QueryParameter.parse(request.query ?? "").map { ($0.name, $0.value) })),
        ]
        if !request.body.isEmpty {
            var postData = [JSONMember("mimeType", .string(request.headers["content-type"] ?? ""))]
            postData += HARExporter.text(request.body)
            members.append(JSONMember("postData", .object(postData)))
        }
        members.append(JSONMember("headersSize", .number("-1")))
        members.append(JSONMember("bodySize", .integer(request.body.bytes.count)))
        return .object(members)
    }

    private func response(_ response: RecordedResponse) -> JSONValue {
        let size = response.body.bytes.count
        var content = [
            JSONMember("size", .integer(size)),
            JSONMember("mimeType", .string(response.headers["content-type"] ?? "")),
        ]
        if !response.body.isEmpty { content += HARExporter.text(response.body) }
        if case .chunks(let chunked) = response.body {
            // HAR has no field for a streamed body's pieces: a custom one (HAR allows them, starting with `_`), in the
            // cassette's form, beside the whole body in `text`.
            content.append(JSONMember("_chunks", .array(chunked.chunks.map(\.jsonValue))))
            if let cut = chunked.cut { content.append(JSONMember("_cut", .string(cut.rawValue))) }
        }
        return .object([
            JSONMember("status", .integer(response.status)),
            JSONMember("statusText", .string(HTTPStatusText.reason(response.status))),
            JSONMember("httpVersion", .string("HTTP/1.1")),
            JSONMember("cookies", .array([])),
            JSONMember("headers", HARExporter.pairs(response.headers.fields.map { ($0.name, $0.value) })),
            JSONMember("content", .object(content)),
            JSONMember("redirectURL", .string(response.headers["location"] ?? "")),
            JSONMember("headersSize", .number("-1")),
            JSONMember("bodySize", .integer(size)),
        ])
    }

    /// `text`, with `encoding: base64` for bodies that are not UTF-8.
    private static func text(_ body: Body) -> [JSONMember] {
        switch body {
        case .binary(let bytes):
            [JSONMember("text", .string(Base64.encode(bytes))), JSONMember("encoding", .string("base64"))]
        default:
            [JSONMember("text", .string(String(decoding: body.bytes, as: UTF8.self)))]
        }
    }

    private static func pairs(_ pairs: [(String, String)]) -> JSONValue {
        .array(pairs.map { .object([JSONMember("name", .string($0.0)), JSONMember("value", .string($0.1))]) })
    }

    /// `2017-10-10T16:00:00Z`, `2024-05-01T10:00:00.123+02:00`: the form HAR's `startedDateTime` takes.
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        func byte(_ index: Int, _ character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard digits(0..<4), byte(4, "-"), digits(5..<7), byte(7, "-"), digits(8..<10), byte(10, "T"), digits(11..<13),
            byte(13, ":"), digits(14..<16), byte(16, ":"), digits(17..<19)
        else { return false }
        var index = 19
        if byte(index, ".") {
            index += 1
            let start = index
            while digits(index..<(index + 1)) { index += 1 }
            guard index > start else { return false }
        }
        if byte(index, "Z") { return index + 1 == bytes.count }
        guard byte(index, "+") || byte(index, "-") else { return false }
        return digits((index + 1)..<(index + 3)) && byte(index + 3, ":") && digits((index + 4)..<(index + 6)) && index + 6 == bytes.count
    }

    /// Milliseconds as a JSON number that reads back as the same `Double`.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
