/// Checks loaded cassettes for what should not be committed: secrets left in them, interactions replay never needs or
/// cannot tell apart, bodies stored less readably than they could be, and what a killed recorder left beside them. It
/// reads cassettes (and looks for their write-ahead logs); it changes nothing. Each rule is a ``LintRule``; a
/// cassette's ``LintAllowance``s silence the findings its authors accept.
package struct Linter: Sendable {
    package struct Options: Sendable {
        /// The rules whose headers, parameters and JSON fields must hold no value: those of `mockapi record`.
        package var rules: RedactionRules
        /// Values that must appear nowhere (`--secret-env NAME`).
        package var secrets: [SecretLiteral]
        /// Headers that take part in matching, as `mockapi serve --match-header` would be given them.
        package var matchHeaders: [String]
        /// The cassettes are served with `--strict` (each recording answers once): repeated answers are not duplicates.
        package var strict: Bool
        /// The cassettes are served together through the plain URL (`--served-together`), so a request recorded in two
        /// of them is ambiguous. Off by default: one cassette per test (scoped URLs, the test helpers) is the usual
        /// layout, and there the same request in two cassettes is by design.
        package var servedTogether: Bool

        package init(rules: RedactionRules = .standard, secrets: [SecretLiteral] = [], matchHeaders: [String] = [],
                    strict: Bool = false, servedTogether: Bool = false) {
            self.rules = rules
            self.secrets = secrets
            self.matchHeaders = matchHeaders
            self.strict = strict
            self.servedTogether = servedTogether
        }
    }

    package let options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Lints cassettes: each on its own, and across all of them for ambiguity when they are served together.
    package func lint(_ cassettes: [LoadedCassette]) -> LintReport {
        let scanner = SecretScanner(rules: options.rules, literals: options.secrets)
        let together = ShadowScanner(cassettes: cassettes, matchHeaders: options.matchHeaders, strict: options.strict)
        var shadows = options.servedTogether
            ? together.scan()
            : cassettes.map { ShadowScanner(cassettes: [$0], matchHeaders: options.matchHeaders, strict: options.strict).scan()[0] }
        if !options.servedTogether, cassettes.count > 1 {
            // Served apart, the same request in two cassettes is by design, but `mockapi serve` over all of them
            // answers it from one: noted when the answers differ.
            for (position, notes) in together.sharedRequests().enumerated() { shadows[position] += notes }
        }
        var report = LintReport()
        report.cassettes = cassettes.count
        for (position, loaded) in cassettes.enumerated() {
            let shadowed = Dictionary(grouping: shadows[position]) { ShadowScanner.position($0.at) }
            let merges = Dictionary(grouping: scrubMerges(loaded.cassette)) { ShadowScanner.position($0.at) }
            var drafts: [LintDraft] = []
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                let prefix = "interactions[\(index)]"
                scanner.scan(interaction, at: prefix, into: &drafts)
                Linter.checkBodies(interaction, at: prefix, into: &drafts)
                Linter.checkUnsentHeaders(interaction, at: prefix, into: &drafts)
                drafts += shadowed[index] ?? []
                drafts += merges[index] ?? []
            }
            if let leftover = LeftoverLog.find(for: loaded) {
                drafts.append(LintDraft(at: "write-ahead log", rule: .leftoverLog, message: leftover.description))
            }
            apply(loaded.cassette.lintAllowances, to: drafts, file: loaded.file, report: &report)
        }
        return report
    }

    /// Requests that scrubbing the cassette would make one, as `mockapi scrub` would scrub it.
    func scrubMerges(_ cassette: Cassette) -> [LintDraft] {
        var copy = cassette
        return Redactor(rules: options.rules).redact(&copy).merges.map { merge in
            LintDraft(
                at: "interactions[\(merge.second)]", rule: .scrubMerge,
                message: "scrubbing would make this request and interactions[\(merge.first)] one, \(merge.request): they "
                    + "differ only in " + (merge.places.isEmpty ? "scrubbed values" : merge.places.joined(separator: ", "))
                    + "; if the value is not a secret, keep it (mockapi scrub --keep-query/--keep-header/--keep-json-field "
                    + "and the same for record and import)")
        }
    }

    /// Bodies stored as base64 that are UTF-8: `Body(bytes:)` would store them as JSON or text.
    static func checkBodies(_ interaction: Interaction, at prefix: String, into drafts: inout [LintDraft]) {
        for (side, body) in [("request", interaction.request.body), ("response", interaction.response.body)] {
            guard case .binary(let bytes) = body, String(validating: bytes, as: UTF8.self) != nil else { continue }
            let kind = if case .json = Body(bytes: bytes) { "JSON" } else { "UTF-8 text" }
            drafts.append(LintDraft(
                at: "\(prefix).\(side).body.base64", rule: .base64Text,
                message: "\(side) body is stored as base64 but is \(kind) (\(bytes.count) bytes): unreadable in diffs and "
                    + "not searched by redaction; mockapi scrub --readable-bodies stores it readably"))
        }
    }

    /// Answer headers replay leaves out (``UnsentHeaders``): one note per header.
    static func checkUnsentHeaders(_ interaction: Interaction, at prefix: String, into drafts: inout [LintDraft]) {
        for (index, field) in interaction.response.headers.fields.enumerated() where !UnsentHeaders.isSendable(field) {
            drafts.append(LintDraft(
                at: "\(prefix).response.headers[\(index)]", rule: .emptyHeader,
                message: "response header \(field.name.lowercased()) has an empty value; replay answers without it "
                    + "(libmicrohttpd 0.9.75 cannot send an empty header value)"))
        }
    }

    private func apply(_ allowances: [LintAllowance], to drafts: [LintDraft], file: String, report: inout LintReport) {
        var used = Array(repeating: false, count: allowances.count)
        for draft in drafts {
            let finding = LintFinding(file: file, at: draft.at, rule: draft.rule, message: draft.message)
            if let match = allowances.indices.first(where: { allowances[$0].covers(rule: draft.rule.rawValue, at: draft.at) }) {
                used[match] = true
                report.allowed.append((finding, allowances[match].reason))
            } else if draft.rule.isNote {
                report.notes.append(finding)
            } else {
                report.findings.append(finding)
            }
        }
        for (index, allowance) in allowances.enumerated() where !used[index] {
            let place = allowance.at.map { " at \($0)" } ?? ""
            let message = LintRule(rawValue: allowance.rule) == nil
                ? "allows \(allowance.rule), which is not a lint rule (rules: "
                    + LintRule.allCases.map(\.rawValue).joined(separator: ", ") + "); fix or remove the entry"
                : "allows \(allowance.rule)\(place), but lint finds no such problem there; remove the entry"
            report.findings.append(LintFinding(file: file, at: "lint.allow[\(index)]", rule: .unusedAllowance, message: message))
        }
    }
}
