/// What `mockapi drift` found, in cassette and interaction order, with its exit status and its words for people.
package struct DriftReport: Sendable {
    package let results: [DriftResult]
    /// Cassettes that could not be read (one line each); they make the run incomplete.
    package let problems: [String]
    package let cassettes: Int

    package init(results: [DriftResult], cassettes: Int, problems: [String] = []) {
        self.results = results
        self.cassettes = cassettes
        self.problems = problems
    }

    package var checked: Int { results.count { $0.outcome == .checked } }
    package var drifted: Int { results.count(where: \.hasDrifted) }
    package var breaking: Int { results.count { $0.hasDrifted && $0.isBreaking } }
    package var stale: Int { results.count(where: \.isStale) }
    package var skipped: Int { results.count { if case .skipped = $0.outcome { true } else { false } } }
    package var failed: Int { results.count { if case .failed = $0.outcome { true } else { false } } }
    package var updated: Int { results.count(where: \.updated) }

    /// 2 when something could not be checked (a cassette unreadable, an upstream unreachable), else 1 when a finding
    /// is breaking or a recording too old, else 0.
    package var status: Int32 {
        if !problems.isEmpty || failed > 0 { return 2 }
        return results.contains { $0.isBreaking || $0.isStale } ? 1 : 0
    }

    /// One line per interaction with something to say, in order, so those of one cassette stay together:
    /// `github/repo[0] GET /repos/o/r: $.owner.login removed; $.visibility added`.
    package var lines: [String] {
        results.compactMap { result in
            if case .failed(let reason) = result.outcome { return "\(result.label): not checked: \(reason)" }
            guard !result.findings.isEmpty else { return nil }
            return "\(result.label): " + result.findings.map(\.description).joined(separator: "; ")
                + (result.updated ? " (re-recorded)" : "")
        }
    }

    /// `mockapi drift: 12 interactions in 3 cassettes: 10 checked, 2 drifted (1 breaking), 2 skipped (…)`
    package var summary: String {
        var parts = ["\(checked) checked"]
        parts.append(drifted == 0 ? "no drift" : "\(drifted) drifted (\(breaking) breaking)")
        if stale > 0 { parts.append("\(stale) older than --max-age") }
        let unsafe = results.count { if case .skipped(.unsafeMethod) = $0.outcome { true } else { false } }
        if unsafe > 0 { parts.append("\(unsafe) skipped (not GET or HEAD; --unsafe sends \(unsafe == 1 ? "it" : "them"))") }
        let webSockets = results.count { if case .skipped(.webSocket) = $0.outcome { true } else { false } }
        if skipped > unsafe + webSockets { parts.append("\(skipped - unsafe - webSockets) skipped (304 Not Modified)") }
        if webSockets > 0 { parts.append("\(webSockets) skipped (WebSocket conversations)") }
        if failed > 0 { parts.append("\(failed) not checked") }
        if updated > 0 { parts.append("\(updated) re-recorded") }
        var text = "mockapi drift: \(DriftReport.counted(results.count, "interaction")) in "
            + "\(DriftReport.counted(cassettes, "cassette")): " + parts.joined(separator: ", ")
        if !problems.isEmpty { text += "; \(DriftReport.counted(problems.count, "cassette")) could not be read" }
        return text
    }

    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
