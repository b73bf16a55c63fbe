/// Checks loaded cassettes for what should not be committed: secrets left in them, interactions replay never needs or
/// cannot tell apart, and bodies stored less readably than they could be. Pure: it reads cassettes, it changes
/// nothing. Each rule is a ``LintRule``; a cassette's ``LintAllowance``s silence the findings its authors accept.
public struct Linter: Sendable {
    public struct Options: Sendable {
        /// The rules whose headers, parameters and JSON fields must hold no value: those of `mockapi record`.
        public var rules: RedactionRules
        /// Values that must appear nowhere (`--secret-env NAME`).
        public var secrets: [SecretLiteral]
        /// Headers that take part in matching, as `mockapi serve --match-header` would be given them.
        public var matchHeaders: [String]
        /// The cassettes are served with `--strict` (each recording answers once): repeated answers are not duplicates.
        public var strict: Bool

        public init(rules: RedactionRules = .standard, secrets: [SecretLiteral] = [], matchHeaders: [String] = [],
                    strict: Bool = false) {
            self.rules = rules
            self.secrets = secrets
            self.matchHeaders = matchHeaders
            self.strict = strict
        }
    }

    public let options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Lints cassettes that are served together (duplicates and ambiguity are judged across all of them).
    public func lint(_ cassettes: [LoadedCassette]) -> LintReport {
        let scanner = SecretScanner(rules: options.rules, literals: options.secrets)
        let shadows = ShadowScanner(cassettes: cassettes, matchHeaders: options.matchHeaders, strict: options.strict).scan()
        var report = LintReport()
        report.cassettes = cassettes.count
        for (position, loaded) in cassettes.enumerated() {
            let shadowed = Dictionary(grouping: shadows[position]) { ShadowScanner.position($0.at) }
            var drafts: [LintDraft] = []
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                let prefix = "interactions[\(index)]"
                scanner.scan(interaction, at: prefix, into: &drafts)
                Linter.checkBodies(interaction, at: prefix, into: &drafts)
                drafts += shadowed[index] ?? []
            }
            apply(loaded.cassette.lintAllowances, to: drafts, file: loaded.file, report: &report)
        }
        return report
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

    private func apply(_ allowances: [LintAllowance], to drafts: [LintDraft], file: String, report: inout LintReport) {
        var used = Array(repeating: false, count: allowances.count)
        for draft in drafts {
            let finding = LintFinding(file: file, at: draft.at, rule: draft.rule, message: draft.message)
            if let match = allowances.indices.first(where: { allowances[$0].covers(rule: draft.rule.rawValue, at: draft.at) }) {
                used[match] = true
                report.allowed.append((finding, allowances[match].reason))
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
