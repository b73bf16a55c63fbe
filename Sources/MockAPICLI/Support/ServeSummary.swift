import MockAPICore

/// What `serve` prints on stderr when it stops.
struct ServeSummary {
    let signal: Int32
    let counts: RequestCounts
    let journal: Journal
    let replayer: ReplayService

    /// Lists are cut at this length; the journal endpoint has everything.
    static let listLimit = 20

    var text: String {
        var lines: [String] = []
        let served = counts.requests - counts.admin
        lines.append(
            "mockapi: stopped (\(Signals.name(signal))) after \(served) request\(served == 1 ? "" : "s"): "
                + "\(counts.matched) matched, \(counts.unmatched) unmatched"
                + (counts.recorded + counts.failed > 0 ? ", \(counts.recorded) recorded, \(counts.failed) failed" : ""))
        if counts.unmatched > 0 {
            var seen: [String: Int] = [:]
            var order: [String] = []
            for entry in journal.entries() {
                guard case .unmatched(let report) = entry.outcome else { continue }
                let target = "\(report.method) \(report.target)"
                if seen[target] == nil { order.append(target) }
                seen[target, default: 0] += 1
            }
            lines.append("mockapi: unmatched requests:")
            for target in order.prefix(ServeSummary.listLimit) {
                let times = seen[target] ?? 1
                lines.append("  \(target)" + (times > 1 ? " (\(times) times)" : ""))
            }
            if order.count > ServeSummary.listLimit { lines.append("  … \(order.count - ServeSummary.listLimit) more") }
        }
        // Since the server started: a reset (one per test) starts the queues again, it does not unuse an answer.
        let unused = replayer.neverUsedInteractions
        let total = replayer.interactionCount
        if unused.isEmpty {
            lines.append("mockapi: every one of the \(total) recorded interactions was used")
        } else {
            lines.append("mockapi: \(unused.count) of \(total) recorded interactions were never used:")
            for item in unused.prefix(ServeSummary.listLimit) { lines.append("  \(item.cassette)[\(item.index)]") }
            if unused.count > ServeSummary.listLimit { lines.append("  … \(unused.count - ServeSummary.listLimit) more") }
        }
        let sinceReset = replayer.unusedInteractions.count
        if sinceReset > unused.count {
            lines.append("mockapi: \(sinceReset) of \(total) unused since the last reset (GET /__mockapi/unused lists them)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
