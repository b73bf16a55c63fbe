import MockAPIJSON

/// Whether two recordings of one request got the same answer in meaning: the same status, the same body (JSON equal
/// by value, a stream by the texts of its chunks, anything else byte for byte) and the same headers but the volatile
/// ones, from the same upstream. Times, durations and volatile header values do not count.
package enum AnswerMeaning {
    package static func same(_ old: Interaction, _ new: Interaction, volatile: VolatileHeaders) -> Bool {
        old.response.status == new.response.status && old.upstream == new.upstream && old.mount == new.mount
            && volatile.stable(old.response.headers) == volatile.stable(new.response.headers)
            && sameBody(old.response.body, new.response.body) && ConversationMeaning.same(old.webSocket, new.webSocket)
    }

    /// Bodies equal in meaning: streams by their chunks' bytes and how they ended (not their times); other bodies
    /// byte for byte, or as JSON values when both are JSON.
    package static func sameBody(_ old: Body, _ new: Body) -> Bool {
        switch (old, new) {
        case (.chunks(let was), .chunks(let now)):
            return was.cut == now.cut && was.chunks.map(\.bytes) == now.chunks.map(\.bytes)
        case (.chunks, _), (_, .chunks):
            return false
        default:
            let was = old.bytes, now = new.bytes
            if was == now { return true }
            guard let oldValue = try? JSONValue.parse(was), let newValue = try? JSONValue.parse(now) else { return false }
            return oldValue.canonicalBytes() == newValue.canonicalBytes()
        }
    }
}
