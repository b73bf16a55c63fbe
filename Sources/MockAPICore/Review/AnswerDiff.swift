import MockAPIJSON

/// What differs between two answers to one request: status, headers but the volatile ones, the body (JSON by path,
/// any other by size, a stream by its chunks). Empty when the answers are the same in meaning (``AnswerMeaning``).
package enum AnswerDiff {
    package static func changes(_ old: Interaction, _ new: Interaction, volatile: VolatileHeaders) -> [ReviewChange] {
        var changes: [ReviewChange] = []
        if old.upstream != new.upstream || old.mount != new.mount {
            changes.append(ReviewChange(.upstream, old: place(old), new: place(new)))
        }
        let was = old.response, now = new.response
        if was.status != now.status {
            changes.append(ReviewChange(.status, old: String(was.status), new: String(now.status), breaking: was.status / 100 != now.status / 100))
        }
        changes += headerChanges(volatile.stable(was.headers), volatile.stable(now.headers))
        if !ConversationMeaning.same(old.webSocket, new.webSocket) {
            changes.append(ReviewChange(
                .stream, old: "WebSocket " + ConversationMeaning.describe(old.webSocket),
                new: "WebSocket " + ConversationMeaning.describe(new.webSocket)))
        }
        guard !AnswerMeaning.sameBody(was.body, now.body) else { return changes }
        switch (was.body, now.body) {
        case (.chunks(let before), .chunks(let after)):
            changes.append(ReviewChange(.stream, old: describe(before), new: describe(after)))
        case (.chunks(let before), _):
            changes.append(ReviewChange(.body, old: "stream of " + describe(before), new: describe(now.body, headers: now.headers)))
        case (_, .chunks(let after)):
            changes.append(ReviewChange(.body, old: describe(was.body, headers: was.headers), new: "stream of " + describe(after)))
        default:
            let before = AnswerComparison.json(was.body, mediaType: AnswerComparison.mediaType(was.headers["content-type"]))
            let after = AnswerComparison.json(now.body, mediaType: AnswerComparison.mediaType(now.headers["content-type"]))
            if let before, let after {
                changes += JSONValueDiff.compare(before, after)
            } else {
                changes.append(ReviewChange(
                    .body, old: describe(was.body, headers: was.headers), new: describe(now.body, headers: now.headers),
                    breaking: before != nil))
            }
        }
        return changes
    }

    /// Header changes by name (lower case), in the order the names first appear; repeated fields compared as a list.
    static func headerChanges(_ old: [HTTPHeaders.Field], _ new: [HTTPHeaders.Field]) -> [ReviewChange] {
        var names: [String] = []
        for field in old + new where !names.contains(field.name) { names.append(field.name) }
        return names.compactMap { name in
            let was = old.filter { $0.name == name }.map(\.value), now = new.filter { $0.name == name }.map(\.value)
            guard was != now else { return nil }
            return ReviewChange(
                .header, path: name, old: was.isEmpty ? nil : RequestComparison.showValues(was),
                new: now.isEmpty ? nil : RequestComparison.showValues(now))
        }
    }

    /// `JSON, 1.2 KB`, `text, 80 B`, `binary, 3.4 MB`, `empty`.
    static func describe(_ body: Body, headers: HTTPHeaders) -> String {
        let size = ByteCount.text(body.bytes.count)
        switch body {
        case .none: return "empty"
        case .json: return "JSON, \(size)"
        case .text:
            let isJSON = AnswerComparison.json(body, mediaType: AnswerComparison.mediaType(headers["content-type"])) != nil
            return "\(isJSON ? "JSON" : "text"), \(size)"
        case .binary: return "binary, \(size)"
        case .chunks(let chunked): return describe(chunked)
        }
    }

    /// `12 chunks, 3.4 KB over 820 ms`, `cut by the upstream` when it was.
    static func describe(_ chunked: ChunkedBody) -> String {
        let span = Int((chunked.chunks.last?.atMs ?? 0).rounded())
        let count = chunked.chunks.count
        let cut = chunked.cut.map { ", cut by the \($0.rawValue)" } ?? ""
        return "\(count) chunk\(count == 1 ? "" : "s"), \(ByteCount.text(chunked.bytes.count)) over \(span) ms\(cut)"
    }

    /// `https://api.github.com` or `https://qiita.com under /qiita`.
    static func place(_ interaction: Interaction) -> String {
        let upstream = interaction.upstream ?? "no upstream"
        guard let mount = interaction.mount else { return upstream }
        return "\(upstream) under \(mount)"
    }
}
