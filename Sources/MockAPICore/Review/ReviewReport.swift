/// What `mockapi diff` found over every cassette compared, and how it says it: lines for a terminal (with colour when
/// asked), ``jsonValue`` for tools, ``markdown`` for a pull request comment.
package struct ReviewReport: Sendable {
    /// Every cassette compared, those that did not change included.
    package let cassettes: [CassetteDiff]

    package init(_ cassettes: [CassetteDiff]) {
        self.cassettes = cassettes
    }

    /// The cassettes in which something differs.
    package var differing: [CassetteDiff] { cassettes.filter { !$0.isEmpty } }
    /// 0 when nothing differs beyond volatile headers and provenance, else 1.
    package var status: Int32 { differing.isEmpty ? 0 : 1 }

    package var changedCount: Int { cassettes.reduce(0) { $0 + $1.changed.count } }
    package var addedCount: Int { cassettes.reduce(0) { $0 + $1.added.count } }
    package var removedCount: Int { cassettes.reduce(0) { $0 + $1.removed.count } }
    package var unchangedCount: Int { cassettes.reduce(0) { $0 + $1.unchanged } }
    package var breakingCount: Int { cassettes.reduce(0) { $0 + $1.breakingCount } }

    /// `2 interactions changed (1 breaking), 1 added, 0 removed, 12 unchanged; 1 of 3 cassettes changed`.
    package var summary: String {
        let breaking = breakingCount > 0 ? " (\(breakingCount) breaking)" : ""
        return "\(DriftReport.counted(changedCount, "interaction")) changed\(breaking), \(addedCount) added, \(removedCount) removed, "
            + "\(unchangedCount) unchanged; \(differing.count) of \(DriftReport.counted(cassettes.count, "cassette")) changed"
    }

    /// How lines are marked: plain, or with ANSI colours for a terminal.
    package enum Style: Sendable {
        case plain, colour

        func paint(_ text: String, _ code: String) -> String {
            self == .colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }

    /// The report for a terminal: per differing cassette its provenance, then each changed, added and removed
    /// interaction with its changes; the summary last.
    package func lines(style: Style = .plain) -> [String] {
        var lines: [String] = []
        for cassette in differing {
            lines.append(style.paint(ReviewReport.heading(cassette), "1"))
            if let provenance = ReviewReport.provenance(cassette) { lines.append("  " + provenance) }
            for change in cassette.settings { lines.append("  " + style.paint("~ \(change)", "33")) }
            for item in cassette.changed {
                let mark = item.breaking ? " " + style.paint("BREAKING", "1;31") : ""
                lines.append("  " + style.paint("~ \(item.request) [\(ReviewReport.indexes(item))]", "33") + mark)
                for change in item.changes {
                    lines.append("      " + (change.breaking ? style.paint("\(change) (breaking)", "31") : change.description))
                }
            }
            for item in cassette.added {
                lines.append("  " + style.paint("+ \(item.request) [\(item.index)]", "32"))
                if let miss = item.nearMiss {
                    lines.append("      near miss of removed [\(miss.index)] \(miss.request):")
                    for difference in miss.differences { lines.append("        " + difference) }
                }
            }
            for item in cassette.removed { lines.append("  " + style.paint("- \(item.request) [\(item.index)]", "31")) }
        }
        lines.append(summary)
        return lines
    }

    /// The summary and the first `limit` lines of the report: what a re-recording prints when it is done.
    package func briefLines(limit: Int = 12) -> [String] {
        let body = Array(lines().dropLast())
        guard !body.isEmpty else { return ["changes: none (" + summary + ")"] }
        var brief = ["changes: " + summary]
        brief += body.prefix(limit).map { "  " + $0 }
        if body.count > limit { brief.append("  … \(body.count - limit) more lines: mockapi diff shows them all") }
        return brief
    }

    /// `github/issues (old.json → new.json)`, `github/new (added: new.json)`.
    static func heading(_ cassette: CassetteDiff) -> String {
        switch (cassette.oldFile, cassette.newFile) {
        case (let old?, let new?) where old == new: return "\(cassette.name) (\(new))"
        case (let old?, let new?): return "\(cassette.name) (\(old) → \(new))"
        case (nil, let new?): return "\(cassette.name) (new cassette: \(new))"
        case (let old?, nil): return "\(cassette.name) (cassette removed: \(old))"
        case (nil, nil): return cassette.name
        }
    }

    /// `[3]`, or `[3 → 4]` when the interaction moved.
    static func indexes(_ item: CassetteDiff.Changed) -> String {
        item.oldIndex == item.newIndex ? "\(item.newIndex)" : "\(item.oldIndex) → \(item.newIndex)"
    }

    /// `recorded … by mockapi 0.0.9 → recorded … by mockapi 0.1.0`; nil when neither side notes a time or release.
    static func provenance(_ cassette: CassetteDiff) -> String? {
        let sides = [cassette.oldProvenance, cassette.newProvenance].compactMap { $0 }
        guard sides.contains(where: { $0.earliest != nil || !$0.versions.isEmpty }) else { return nil }
        return switch (cassette.oldProvenance, cassette.newProvenance) {
        case (let old?, let new?): "\(old) → \(new)"
        case (nil, let new?): "\(new)"
        case (let old?, nil): "\(old)"
        case (nil, nil): nil
        }
    }
}
