/// Every loaded interaction, keyed for O(1) lookup, its answer prepared for the server's base URL on first use.
package final class ReplayIndex: Sendable {
    package let cassettes: [LoadedCassette]
    package let normalizer: RequestNormalizer
    /// Queues in the order their first interaction was loaded.
    package let queues: [ReplayQueue]
    /// Where each key's queue is in `queues`; or, in an index that shares another's table, in that index's queues,
    /// which `remap` turns into positions in `queues` (-1: no queue here).
    let table: [RequestKey: Int]
    let remap: [Int]?

    /// - Parameters:
    ///   - baseURL: the server's own base URL (`http://127.0.0.1:8080`), or nil to replay upstream URLs unchanged.
    ///   - keysFrom: an index that loaded the one cassette given here (same name, file and content) among others: its
    ///     request keys are reused when they were made under the same rules.
    package init(cassettes: [LoadedCassette], matchHeaders: [String], baseURL: String?, keysFrom: ReplayIndex? = nil) {
        self.cassettes = cassettes
        var normalizer = RequestNormalizer(matchHeaders: matchHeaders)
        var positions: [Position] = []
        for (cassetteIndex, loaded) in cassettes.enumerated() {
            for index in loaded.cassette.interactions.indices { positions.append(Position(cassette: cassetteIndex, index: index)) }
        }
        // Rules learned from some of an index's cassettes are a subset of its own: when it learned none, neither
        // would this, and there is nothing to learn. (Loops read interactions in place: copying one retains a dozen
        // strings and arrays, which dominated building a view over 100,000 interactions.)
        if keysFrom.map({ !$0.normalizer.hasPlaceholders && $0.normalizer.matchHeaders == normalizer.matchHeaders }) != true {
            for loaded in cassettes {
                let interactions = loaded.cassette.interactions
                for index in interactions.indices { normalizer.learnPlaceholders(from: interactions[index].request) }
            }
        }
        self.normalizer = normalizer

        // Keys are independent per interaction: build them on all cores (or take them from `keysFrom`), then index
        // them in order. Answers are prepared when first asked for (ReplayEntry.prepared).
        let answers = AnswerPreparer(cassettes: cassettes, rewriters: RewriterTable(cassettes: cassettes, baseURL: baseURL))
        let frozen = normalizer
        let known = keysFrom?.entries(of: cassettes, under: frozen)
        let entries = Parallel.map(positions) { position in
            ReplayEntry(
                cassette: position.cassette, index: position.index,
                key: known?[position.index].entry.key
                    ?? ReplayIndex.key(of: cassettes[position.cassette].cassette.interactions[position.index], frozen),
                answers: answers)
        }
        // Sharing costs a position per queue of the other index: only for a cassette that is a good part of it.
        if let keysFrom, let known, keysFrom.queues.count <= 4 * entries.count {
            (self.table, self.remap, self.queues) = ReplayIndex.sharingTable(of: keysFrom, entries: entries, known: known)
            return
        }
        var table: [RequestKey: Int] = [:]
        table.reserveCapacity(entries.count)
        var groups: [[ReplayEntry]] = []
        for entry in entries {
            let next = groups.count
            let slot = ReplayIndex.slot(&table[entry.key, default: next])
            if slot == next { groups.append([entry]) } else { groups[slot].append(entry) }
        }
        self.table = table
        self.remap = nil
        self.queues = groups.map(ReplayQueue.init(entries:))
    }

    private static func key(of interaction: Interaction, _ normalizer: RequestNormalizer) -> RequestKey {
        normalizer.key(for: interaction.request, path: interaction.localPath)
    }

    /// Reads a dictionary slot through its defaulted subscript: one hash lookup that inserts the default if absent.
    private static func slot(_ value: inout Int) -> Int { value }

    package func queue(for key: RequestKey) -> ReplayQueue? {
        guard let position = table[key] else { return nil }
        guard let remap else { return queues[position] }
        let mine = remap[position]
        return mine < 0 ? nil : queues[mine]
    }

    package var interactionCount: Int { queues.reduce(0) { $0 + $1.entries.count } }

    /// The recorded interaction an entry stands for.
    package func interaction(_ entry: ReplayEntry) -> Interaction {
        cassettes[entry.cassette].cassette.interactions[entry.index]
    }

    /// Up to `limit` recorded requests closest to `key`, closest first (ties in load order).
    package func nearest(to key: RequestKey, body: [UInt8], limit: Int = 3) -> [NearMiss] {
        let comparison = RequestComparison(request: key, body: body, normalizer: normalizer)
        var best: [NearMiss] = []
        for queue in queues {
            for entry in queue.entries {
                let recorded = interaction(entry)
                let (distance, differences) = comparison.compare(
                    with: entry.key, recordedBody: recorded.request.body, matchHeaders: normalizer.matchHeaders)
                guard best.count < limit || distance < best[best.count - 1].distance else { continue }
                let miss = NearMiss(
                    cassette: cassettes[entry.cassette].name, index: entry.index,
                    request: ReplayIndex.describe(recorded), differences: differences, distance: distance)
                let position = best.firstIndex { $0.distance > distance } ?? best.count
                best.insert(miss, at: position)
                if best.count > limit { best.removeLast() }
            }
        }
        return best
    }

    static func describe(_ interaction: Interaction) -> String {
        let target = interaction.request.query.map { "\(interaction.localPath)?\($0)" } ?? interaction.localPath
        return "\(interaction.request.method) \(target)"
    }
}

private struct Position: Sendable {
    let cassette: Int
    let index: Int
}

/// Prepares an index's answers on demand: the recorded response with the rewriter for its upstream and mount.
final class AnswerPreparer: Sendable {
    private let cassettes: [LoadedCassette]
    private let rewriters: RewriterTable

    init(cassettes: [LoadedCassette], rewriters: RewriterTable) {
        self.cassettes = cassettes
        self.rewriters = rewriters
    }

    func prepare(cassette: Int, index: Int) -> PreparedResponse {
        let interaction = cassettes[cassette].cassette.interactions[index]
        return PreparedResponse(ResponsePreparer.prepare(interaction.response, rewriter: rewriters.rewriter(for: interaction)))
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
