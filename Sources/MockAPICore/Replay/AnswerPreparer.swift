/// Prepares an index's answers on demand: the recorded response with the rewriter for its upstream and mount.
final class AnswerPreparer: Sendable {
    private let cassettes: [LoadedCassette]
    private let rewriters: RewriterTable
    private let streamTiming: StreamTiming

    init(cassettes: [LoadedCassette], rewriters: RewriterTable, streamTiming: StreamTiming) {
        self.cassettes = cassettes
        self.rewriters = rewriters
        self.streamTiming = streamTiming
    }

    func prepare(cassette: Int, index: Int) -> PreparedResponse {
        let interaction = cassettes[cassette].cassette.interactions[index]
        return PreparedResponse(ResponsePreparer.prepare(interaction.response, rewriter: rewriters.rewriter(for: interaction), streamTiming: streamTiming))
    }
}

/// One rewriter per (upstream, mount), built before any answer is prepared: each interaction's own upstream maps to
/// its own mount; other known upstreams map to the mount they were first seen under.
struct RewriterTable: Sendable {
    private let rewriters: [String: URLRewriter]

    init(cassettes: [LoadedCassette], baseURL: String?) {
        var firstMount: [(upstream: String, mount: String)] = []
        var pairs: [(upstream: String, mount: String)] = []
        for loaded in cassettes {
            let interactions = loaded.cassette.interactions
            for index in interactions.indices {
                let upstream = interactions[index].upstream
                let pair = (upstream: upstream ?? "", mount: interactions[index].mount ?? "/")
                if !pairs.contains(where: { $0 == pair }) { pairs.append(pair) }
                if let upstream, !firstMount.contains(where: { $0.upstream == upstream }) {
                    firstMount.append((upstream, pair.mount))
                }
            }
        }
        var rewriters: [String: URLRewriter] = [:]
        if let baseURL, !firstMount.isEmpty {
            for own in pairs {
                var mapping = [(upstream: own.upstream, local: RewriterTable.local(baseURL, own.mount))]
                for other in firstMount where other.upstream != own.upstream {
                    mapping.append((other.upstream, RewriterTable.local(baseURL, other.mount)))
                }
                rewriters[RewriterTable.key(own.upstream, own.mount)] = URLRewriter(mapping: mapping)
            }
        }
        self.rewriters = rewriters
    }

    func rewriter(for interaction: Interaction) -> URLRewriter? {
        rewriters[RewriterTable.key(interaction.upstream ?? "", interaction.mount ?? "/")]
    }

    private static func key(_ upstream: String, _ mount: String) -> String { upstream + "\u{0}" + mount }

    static func local(_ baseURL: String, _ mount: String) -> String {
        mount == "/" ? baseURL : baseURL + mount
    }
}
