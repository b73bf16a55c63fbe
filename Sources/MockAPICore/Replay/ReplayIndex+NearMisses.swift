/// The recorded requests nearest to one that nothing matches, for the unmatched report.
extension ReplayIndex {
    /// Up to `limit` recorded requests closest to `key`, closest first (ties in load order).
    package func nearest(to key: RequestKey, body: [UInt8], limit: Int = 3) -> [NearMiss] {
        let comparison = RequestComparison(request: key, body: body, normalizer: normalizer)
        var best: [NearMiss] = []
        for queue in 0..<queueCount {
            for member in queueStarts[queue]..<queueStarts[queue + 1] {
                let position = queueMembers[member]
                let place = places[position]
                let recorded = cassettes[place.cassette].cassette.interactions[place.index]
                let (distance, differences) = comparison.compare(
                    with: self.key(ofEntry: position), recordedBody: recorded.request.body, matchHeaders: normalizer.matchHeaders)
                guard best.count < limit || distance < best[best.count - 1].distance else { continue }
                let miss = NearMiss(
                    cassette: cassettes[place.cassette].name, index: place.index,
                    request: ReplayIndex.describe(recorded), differences: differences, distance: distance)
                let rank = best.firstIndex { $0.distance > distance } ?? best.count
                best.insert(miss, at: rank)
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
