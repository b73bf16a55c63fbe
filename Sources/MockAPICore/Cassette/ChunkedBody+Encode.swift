import MockAPIJSON

extension ChunkedBody {
    /// `{"chunks": [{"atMs": 0, "text": "…"}, …]}`, with `"cut"` when the stream was cut; a chunk that is not UTF-8
    /// on its own (a character split between two chunks, binary data) is written as `base64`.
    package var jsonValue: JSONValue {
        var members = [JSONMember("chunks", .array(chunks.map(\.jsonValue)))]
        if let cut { members.append(JSONMember("cut", .string(cut.rawValue))) }
        return .object(members)
    }
}

extension ChunkedBody.Chunk {
    /// `{"atMs": 0, "text": "…"}`, or `base64` for bytes that are not UTF-8 on their own.
    package var jsonValue: JSONValue {
        let time = JSONMember("atMs", .number(Interaction.format(milliseconds: atMs)))
        if let text = String(validating: bytes, as: UTF8.self) {
            return .object([time, JSONMember("text", .string(text))])
        }
        return .object([time, JSONMember("base64", .string(Base64.encode(bytes)))])
    }
}
