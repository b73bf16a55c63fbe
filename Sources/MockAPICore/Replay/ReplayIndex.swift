/// Every loaded interaction, keyed for O(1) lookup, with its answer prepared for the server's base URL.
package final class ReplayIndex: Sendable {
    package let cassettes: [LoadedCassette]
    package let normalizer: RequestNormalizer
    /// Queues in the order their first interaction was loaded.
    package let queues: [ReplayQueue]
    /// Where each key's queue is in `queues`.
    private let table: [RequestKey: Int]

    /// - Parameters:
    ///   - baseURL: the server's own base URL (`http://127.0.0.1:8080`), or nil to replay upstream URLs unchanged.
    package init(cassettes: [LoadedCassette], matchHeaders: [String], baseURL: String?) {
        self.cassettes = cassettes
        var normalizer = RequestNormalizer(matchHeaders: matchHeaders)
        var positions: [Position] = []
        for (cassetteIndex, loaded) in cassettes.enumerated() {
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                normalizer.learnPlaceholders(from: interaction.request)
                positions.append(Position(cassette: cassetteIndex, index: index))
            }
        }
        self.normalizer = normalizer

        // Keys and answers are independent per interaction: build them on all cores, then index them in order.
        let rewriters = RewriterTable(cassettes: cassettes, baseURL: baseURL)
        let frozen = normalizer
        let entries = Parallel.map(positions) { position in
            let interaction = cassettes[position.cassette].cassette.interactions[position.index]
            let response = ResponsePreparer.prepare(interaction.response, rewriter: rewriters.rewriter(for: interaction))
            return ReplayEntry(
                cassette: position.cassette, index: position.index,
                key: frozen.key(for: interaction.request, path: interaction.localPath), prepared: PreparedResponse(response))
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
        self.queues = groups.map(ReplayQueue.init(entries:))
    }

    /// Reads a dictionary slot through its defaulted subscript: one hash lookup that inserts the default if absent.
    private static func slot(_ value: inout Int) -> Int { value }

    package func queue(for key: RequestKey) -> ReplayQueue? { table[key].map { queues[$0] } }

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

/// One rewriter per (upstream, mount), built before any answer is prepared: each interaction's own upstream maps to
/// its own mount; other known upstreams map to the mount they were first seen under.
private struct RewriterTable: Sendable {
    private let rewriters: [String: URLRewriter]

    init(cassettes: [LoadedCassette], baseURL: String?) {
        var firstMount: [(upstream: String, mount: String)] = []
        var pairs: [(upstream: String, mount: String)] = []
        for loaded in cassettes {
            for interaction in loaded.cassette.interactions {
                let pair = (upstream: interaction.upstream ?? "", mount: interaction.mount ?? "/")
                if !pairs.contains(where: { $0 == pair }) { pairs.append(pair) }
                if let upstream = interaction.upstream, !firstMount.contains(where: { $0.upstream == upstream }) {
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
