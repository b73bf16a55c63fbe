/// One problem `mockapi lint` found: where (file and a JSON path into it), which rule, and what to do. Never holds a
/// secret value: messages name places and rules only.
package struct LintFinding: Sendable, Equatable, CustomStringConvertible {
    package let file: String
    /// A JSON path into the file: `interactions[3].request.headers[1]`, `lint.allow[0]`.
    package let at: String
    package let rule: LintRule
    package let message: String

    package init(file: String, at: String, rule: LintRule, message: String) {
        self.file = file
        self.at = at
        self.rule = rule
        self.message = message
    }

    /// `Fixtures/x.json: interactions[0].request.headers[2]: request header authorization is not redacted … [secret-header]`
    package var description: String { "\(file): \(at): \(message) [\(rule.rawValue)]" }
}

/// Everything one lint run found.
package struct LintReport: Sendable, Equatable {
    /// Findings no allowance covers, by file (in the order the files were given) and position in the file.
    package var findings: [LintFinding] = []
    /// Findings a cassette's allow-list covers, with the reason it gives.
    package var allowed: [(finding: LintFinding, reason: String)] = []
    /// What replay cannot reproduce of the cassettes (``LintRule/isNote``): reported, never a failure.
    package var notes: [LintFinding] = []
    /// How many cassettes were linted.
    package var cassettes = 0

    package init() {}

    package var isClean: Bool { findings.isEmpty }

    /// How many cassettes have at least one finding.
    package var cassettesWithFindings: Int { Set(findings.map(\.file)).count }

    package static func == (lhs: LintReport, rhs: LintReport) -> Bool {
        lhs.findings == rhs.findings && lhs.notes == rhs.notes && lhs.cassettes == rhs.cassettes
            && lhs.allowed.map(\.finding) == rhs.allowed.map(\.finding) && lhs.allowed.map(\.reason) == rhs.allowed.map(\.reason)
    }
}
