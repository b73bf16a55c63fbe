/// The recorded requests nearest to one that nothing matches, for the unmatched report.
extension ReplayIndex {
    /// Up to `limit` recorded requests closest to `key`, closest first: bodies alike in kind
    /// (``RequestComparison/kindDistance(to:)``), then fewest differing parts, then fewest edits in them
    /// (``RequestComparison/valueDistance(to:)``), then load order.
    package func nearest(to key: RequestKey, body: [UInt8], limit: Int = 3) -> [NearMiss] {
        let comparison = RequestComparison(request: key, body: body, normalizer: normalizer)
        var best: [(miss: NearMiss, kind: Int, edits: Int)] = []
        for queue in 0..<queueCount {
            for member in queueStarts[queue]..<queueStarts[queue + 1] {
                let position = queueMembers[member]
                let place = places[position]
                let recorded = cassettes[place.cassette].cassette.interactions[place.index]
                let recordedKey = self.key(ofEntry: position)
                let kind = comparison.kindDistance(to: recordedKey)
                if best.count == limit, let worst = best.last, kind > worst.kind { continue }
                let (distance, differences) = comparison.compare(
                    with: recordedKey, recordedBody: recorded.request.body, matchHeaders: normalizer.matchHeaders)
                if best.count == limit, let worst = best.last, (kind, distance) > (worst.kind, worst.miss.distance) { continue }
                // Edits are counted only for a recording that may enter the list.
                let edits = comparison.valueDistance(to: recordedKey)
                if best.count == limit, let worst = best.last,
                    (kind, distance, edits) >= (worst.kind, worst.miss.distance, worst.edits)
                {
                    continue
                }
                let miss = NearMiss(
                    cassette: cassettes[place.cassette].name, index: place.index,
                    request: ReplayIndex.describe(recorded), differences: differences, distance: distance)
                let rank = best.firstIndex { ($0.kind, $0.miss.distance, $0.edits) > (kind, distance, edits) } ?? best.count
                best.insert((miss, kind, edits), at: rank)
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map(\.miss)
    }

    static func describe(_ interaction: Interaction) -> String {
        let target = interaction.request.query.map { "\(interaction.localPath)?\($0)" } ?? interaction.localPath
        return "\(interaction.request.method) \(target)"
    }
}
