import MockAPICore

/// What `record` (and `serve --record-missing`) prints on stderr when it stops: interactions per upstream, what was
/// written, redactions per rule, errors per cause.
struct RecordSummary {
    let file: String
    let statistics: RecorderStatistics.Snapshot
    let writer: CassetteWriter.Statistics

    var lines: [String] {
        var lines: [String] = []
        lines.append(
            "mockapi: \(file): \(writer.appended) interaction\(writer.appended == 1 ? "" : "s") recorded "
                + "(\(writer.interactions) in the cassette, \(ByteCount.text(writer.fileBytes))); "
                + "\(writer.writes) synced write\(writer.writes == 1 ? "" : "s") to the write-ahead log and \(writer.folds) rewrite"
                + "\(writer.folds == 1 ? "" : "s") of the file, \(ByteCount.text(writer.bytesWritten)) written")
        for item in statistics.recorded.items { lines.append("  \(item.name): \(item.count)") }
        lines.append(RecordSummary.counted("redactions", statistics.redactions, unit: "value"))
        lines.append(RecordSummary.counted("errors", statistics.failures, unit: "request"))
        if let stopped = writer.stopped {
            lines.append("mockapi: error: \(file): the writer stopped acknowledging: \(stopped)")
        } else if let failure = writer.lastFailure {
            lines.append("mockapi: \(file): the last write that failed: \(failure)")
        }
        for merge in statistics.merges { lines.append("mockapi: warning: \(file): \(FlagAdvice.text(for: merge))") }
        return lines
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// `mockapi: redactions: 12 values (header authorization ×10, env GITHUB_TOKEN ×2)`, or `…: none`.
    static func counted(_ label: String, _ counts: OrderedCounts, unit: String) -> String {
        guard !counts.isEmpty else { return "mockapi: \(label): none" }
        let parts = counts.items.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
        return "mockapi: \(label): \(counts.total) \(unit)\(counts.total == 1 ? "" : "s") (\(parts))"
    }
}
