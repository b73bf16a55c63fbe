/// Every loaded interaction, keyed for O(1) lookup, with its answer prepared for the server's base URL.
public final class ReplayIndex: Sendable {
    public let cassettes: [LoadedCassette]
    public let normalizer: RequestNormalizer
    /// Queues in the order their first interaction was loaded.
    public let queues: [ReplayQueue]
    private let table: [RequestKey: ReplayQueue]

    /// - Parameters:
    ///   - baseURL: the server's own base URL (`http://127.0.0.1:8080`), or nil to replay upstream URLs unchanged.
    public init(cassettes: [LoadedCassette], matchHeaders: [String], baseURL: String?) {
        self.cassettes = cassettes
        var normalizer = RequestNormalizer(matchHeaders: matchHeaders)
        for loaded in cassettes {
            for interaction in loaded.cassette.interactions { normalizer.learnPlaceholders(from: interaction.request) }
        }
        self.normalizer = normalizer

        var rewriters = RewriterCache(cassettes: cassettes, baseURL: baseURL)
        var grouped: [RequestKey: [ReplayEntry]] = [:]
        var order: [RequestKey] = []
        for (cassetteIndex, loaded) in cassettes.enumerated() {
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                let key = normalizer.key(for: interaction.request, path: interaction.localPath)
                let response = ResponsePreparer.prepare(interaction.response, rewriter: rewriters.rewriter(for: interaction))
                let entry = ReplayEntry(cassette: cassetteIndex, index: index, key: key, prepared: PreparedResponse(response))
                if grouped[key]?.append(entry) == nil {
                    grouped[key] = [entry]
                    order.append(key)
                }
            }
        }
        var table: [RequestKey: ReplayQueue] = [:]
        table.reserveCapacity(order.count)
        var queues: [ReplayQueue] = []
        queues.reserveCapacity(order.count)
        for key in order {
            let queue = ReplayQueue(entries: grouped[key] ?? [])
            table[key] = queue
            queues.append(queue)
        }
        self.table = table
        self.queues = queues
    }

    public func queue(for key: RequestKey) -> ReplayQueue? { table[key] }

    public var interactionCount: Int { queues.reduce(0) { $0 + $1.entries.count } }

    /// The recorded interaction an entry stands for.
    public func interaction(_ entry: ReplayEntry) -> Interaction {
        cassettes[entry.cassette].cassette.interactions[entry.index]
    }

    /// Up to `limit` recorded requests closest to `key`, closest first (ties in load order).
    public func nearest(to key: RequestKey, body: [UInt8], limit: Int = 3) -> [NearMiss] {
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

/// One rewriter per (upstream, mount): each interaction's own upstream maps to its own mount; other known upstreams
/// map to the mount they were first seen under.
private struct RewriterCache {
    private var rewriters: [String: URLRewriter] = [:]
    private let firstMount: [(upstream: String, mount: String)]
    private let baseURL: String?

    init(cassettes: [LoadedCassette], baseURL: String?) {
        self.baseURL = baseURL
        var seen: [(upstream: String, mount: String)] = []
        for loaded in cassettes {
            for interaction in loaded.cassette.interactions {
                guard let upstream = interaction.upstream, !seen.contains(where: { $0.upstream == upstream }) else { continue }
                seen.append((upstream, interaction.mount ?? "/"))
            }
        }
        self.firstMount = seen
    }

    mutating func rewriter(for interaction: Interaction) -> URLRewriter? {
        guard let baseURL, !firstMount.isEmpty else { return nil }
        let own = (upstream: interaction.upstream ?? "", mount: interaction.mount ?? "/")
        let cacheKey = own.upstream + "\u{0}" + own.mount
        if let cached = rewriters[cacheKey] { return cached }
        var mapping = [(upstream: own.upstream, local: RewriterCache.local(baseURL, own.mount))]
        for other in firstMount where other.upstream != own.upstream {
            mapping.append((other.upstream, RewriterCache.local(baseURL, other.mount)))
        }
        let rewriter = URLRewriter(mapping: mapping)
        rewriters[cacheKey] = rewriter
        return rewriter
    }

    static func local(_ baseURL: String, _ mount: String) -> String {
        mount == "/" ? baseURL : baseURL + mount
    }
}
