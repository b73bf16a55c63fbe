/// One problem `mockapi lint` found: where (file and a JSON path into it), which rule, and what to do. Never holds a
/// secret value: messages name places and rules only.
public struct LintFinding: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// A JSON path into the file: `interactions[3].request.headers[1]`, `lint.allow[0]`.
    public let at: String
    public let rule: LintRule
    public let message: String

    public init(file: String, at: String, rule: LintRule, message: String) {
        self.file = file
        self.at = at
        self.rule = rule
        self.message = message
    }

    /// `Fixtures/x.json: interactions[0].request.headers[2]: request header authorization is not redacted … [secret-header]`
    public var description: String { "\(file): \(at): \(message) [\(rule.rawValue)]" }
}

/// Everything one lint run found.
public struct LintReport: Sendable, Equatable {
    /// Findings no allowance covers, by file (in the order the files were given) and position in the file.
    public var findings: [LintFinding] = []
    /// Findings a cassette's allow-list covers, with the reason it gives.
    public var allowed: [(finding: LintFinding, reason: String)] = []
    /// How many cassettes were linted.
    public var cassettes = 0

    public init() {}

    public var isClean: Bool { findings.isEmpty }

    /// How many cassettes have at least one finding.
    public var cassettesWithFindings: Int { Set(findings.map(\.file)).count }

    public static func == (lhs: LintReport, rhs: LintReport) -> Bool {
        lhs.findings == rhs.findings && lhs.cassettes == rhs.cassettes
            && lhs.allowed.map(\.finding) == rhs.allowed.map(\.finding) && lhs.allowed.map(\.reason) == rhs.allowed.map(\.reason)
    }
}
