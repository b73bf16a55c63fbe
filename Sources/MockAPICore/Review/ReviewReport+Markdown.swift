extension ReviewReport {
    /// The report as Markdown for a pull request comment (`mockapi diff --markdown`): the summary, then per differing
    /// cassette its provenance and a list of what changed, breaking changes in bold.
    package var markdown: String {
        var lines = ["### mockapi diff", "", "**\(summary)**"]
        for cassette in differing {
            lines += ["", "#### \(ReviewReport.code(cassette.name))", ""]
            if let provenance = ReviewReport.provenance(cassette) { lines += [provenance, ""] }
            for change in cassette.settings { lines.append("- cassette: \(ReviewReport.inline(change))") }
            for item in cassette.changed {
                let mark = item.breaking ? " — **breaking**" : ""
                lines.append("- changed \(ReviewReport.code(item.request)) [\(ReviewReport.indexes(item))]\(mark)")
                for change in item.changes { lines.append("  - \(ReviewReport.inline(change))") }
            }
            for item in cassette.added {
                lines.append("- added \(ReviewReport.code(item.request)) [\(item.index)]")
                if let miss = item.nearMiss {
                    lines.append("  - near miss of removed [\(miss.index)] \(ReviewReport.code(miss.request)):")
                    for difference in miss.differences { lines.append("    - \(ReviewReport.code(difference))") }
                }
            }
            for item in cassette.removed { lines.append("- removed \(ReviewReport.code(item.request)) [\(item.index)]") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A change as code, a breaking one marked in bold.
    private static func inline(_ change: ReviewChange) -> String {
        code(change.description) + (change.breaking ? " **(breaking)**" : "")
    }

    /// Text as inline code, with a fence longer than any run of backticks in it.
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded + fence
    }
}
