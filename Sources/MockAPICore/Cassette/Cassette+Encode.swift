import MockAPIJSON

extension Cassette {
    /// The cassette as JSON, with the stable member order of the file format.
    package var jsonValue: JSONValue {
        var members = [JSONMember("mockapi", .integer(Cassette.formatVersion))]
        if let source { members.append(JSONMember("source", .string(source))) }
        if !lintAllowances.isEmpty { members.append(JSONMember("lint", lintAllowances.lintJSONValue)) }
        if matchRules != .exact { members.append(JSONMember("match", matchRules.cassetteJSONValue)) }
        if !volatileHeaders.isEmpty { members.append(JSONMember("volatileHeaders", .array(volatileHeaders.map { .string($0) }))) }
        members.append(JSONMember("interactions", .array(interactions.map(\.jsonValue))))
        return .object(members)
    }

    /// The bytes of the cassette file: pretty JSON and a final newline.
    package func fileBytes() -> [UInt8] {
        var bytes = jsonValue.prettyBytes()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

extension Interaction {
    package var jsonValue: JSONValue { jsonValue(bodies: .value) }

    /// The compact JSON of ``jsonValue`` (what a write-ahead log line holds), with each compact JSON body copied from
    /// its bytes rather than written again from its value.
    package func compactBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        jsonValue(bodies: .compactText).writeCompact(into: &bytes)
        return bytes
    }

    func jsonValue(bodies: Body.Form) -> JSONValue {
        var members = [
            JSONMember("request", request.jsonValue(bodies: bodies)), JSONMember("response", response.jsonValue(bodies: bodies)),
        ]
        if let webSocket { members.append(JSONMember("webSocket", webSocket.jsonValue)) }
        if let upstream { members.append(JSONMember("upstream", .string(upstream))) }
        if let mount { members.append(JSONMember("mount", .string(mount))) }
        if let recordedAt { members.append(JSONMember("recordedAt", .string(recordedAt))) }
        // An infinite duration has no JSON form; leaving it out keeps the file loadable.
        if let durationMs, durationMs.isFinite { members.append(JSONMember("durationMs", .number(Interaction.format(milliseconds: durationMs)))) }
        if let recordedWith { members.append(JSONMember("recordedWith", .string(recordedWith))) }
        return .object(members)
    }

    /// Whole milliseconds as an integer, otherwise with up to three decimals.
    package static func format(milliseconds: Double) -> String {
        if milliseconds.rounded() == milliseconds, abs(milliseconds) < 1e15 { return String(Int(milliseconds)) }
        let thousandths = (milliseconds * 1000).rounded() / 1000
        return "\(thousandths)"
    }
}

extension RecordedRequest {
    package var jsonValue: JSONValue { jsonValue(bodies: .value) }

    func jsonValue(bodies: Body.Form) -> JSONValue {
        var members = [JSONMember("method", .string(method)), JSONMember("path", .string(path))]
        if let query { members.append(JSONMember("query", .string(query))) }
        members.append(JSONMember("headers", headers.jsonValue))
        members.append(JSONMember("body", body.jsonValue(bodies)))
        return .object(members)
    }
}

extension RecordedResponse {
    package var jsonValue: JSONValue { jsonValue(bodies: .value) }

    func jsonValue(bodies: Body.Form) -> JSONValue {
        .object([
            JSONMember("status", .integer(status)),
            JSONMember("headers", headers.jsonValue),
            JSONMember("body", body.jsonValue(bodies)),
        ])
    }
}

extension HTTPHeaders {
    package var jsonValue: JSONValue {
        .array(fields.map { .array([.string($0.name), .string($0.value)]) })
    }
}

extension Body {
    /// How a JSON body goes into a value to be written.
    enum Form {
        /// As its value: for any writer.
        case value
        /// A compact body as its text, held as a number literal, which ``JSONValue/writeCompact(into:)`` copies as it
        /// is: for compact output only (a pretty writer would not lay it out), and without parsing the body. A body in
        /// another layout goes in as its value (and its format).
        case compactText
    }

    package var jsonValue: JSONValue { jsonValue(.value) }

    func jsonValue(_ form: Form) -> JSONValue {
        switch self {
        case .none: .null
        case .json(let json) where form == .compactText && json.layout == .compact:
            .object([JSONMember("json", .number(String(decoding: json.bytes, as: UTF8.self)))])
        case .json(let json) where json.layout == .compact: .object([JSONMember("json", json.value)])
        case .json(let json): .object([JSONMember("json", json.value), JSONMember("format", .string(json.layout.name))])
        case .text(let text): .object([JSONMember("text", .string(text))])
        case .binary(let bytes): .object([JSONMember("base64", .string(Base64.encode(bytes)))])
        case .chunks(let chunked): chunked.jsonValue
        }
    }
}
