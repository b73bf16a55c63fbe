import MockAPIJSON

extension ChunkedBody {
    /// Reads `{"chunks": [{"atMs": 0, "text": "…"}, …], "cut": "client"}`: each chunk's time (milliseconds since the
    /// response headers, never earlier than the chunk before) and exactly one of `text` or `base64`.
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["chunks", "cut"])
        var chunks: [Chunk] = []
        for element in try members.required("chunks").array() {
            let chunk = try Chunk(element)
            if let previous = chunks.last, chunk.atMs < previous.atMs {
                throw element.child("atMs", .null).failure(
                    "\(Interaction.format(milliseconds: chunk.atMs)) is earlier than the chunk before it "
                        + "(\(Interaction.format(milliseconds: previous.atMs))); chunks are kept in the order they arrived")
            }
            chunks.append(chunk)
        }
        var cut: Cut?
        if let field = members.optional("cut") {
            let text = try field.string()
            guard let value = Cut(rawValue: text) else {
                throw field.failure("expected \"client\" or \"upstream\" (who cut the stream), found \"\(text)\"")
            }
            cut = value
        }
        self.init(chunks: chunks, cut: cut)
    }
}

extension ChunkedBody.Chunk {
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["atMs", "text", "base64"])
        let time = try members.required("atMs")
        let atMs = try time.number()
        guard atMs >= 0, atMs.isFinite else { throw time.failure("expected milliseconds since the headers, 0 or more") }
        if let text = members.optional("text") {
            guard members.optional("base64") == nil else { throw field.failure(#"expected one of "text" or "base64", not both"#) }
            self.init(atMs: atMs, text: try text.string())
        } else if let encoded = members.optional("base64") {
            guard let bytes = Base64.decode(try encoded.string()) else { throw encoded.failure("not valid base64") }
            self.init(atMs: atMs, bytes: bytes)
        } else {
            throw field.failure(#"expected the chunk's bytes as "text" (UTF-8) or "base64""#)
        }
    }
}
