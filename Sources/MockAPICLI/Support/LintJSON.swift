import MockAPICore
import MockAPIJSON

/// `mockapi lint --format json`: one document for CI.
///
/// ```json
/// {"status": 1, "cassettes": 45,
///  "findings": [{"file": "…", "at": "interactions[0].request.headers[2]", "rule": "secret-header", "message": "…"}],
///  "allowed": [{"file": "…", "at": "…", "rule": "…", "message": "…", "reason": "…"}],
///  "notes": [{"file": "…", "at": "interactions[0].response.headers[5]", "rule": "empty-header", "message": "…"}],
///  "errors": ["Fixtures/x.json: interactions[3].response.status: expected a number, found a string"]}
/// ```
enum LintJSON {
    static func document(_ report: LintReport, problems: [String], status: Int32) -> String {
        func finding(_ finding: LintFinding, reason: String? = nil) -> JSONValue {
            var members = [
                JSONMember("file", .string(finding.file)), JSONMember("at", .string(finding.at)),
                JSONMember("rule", .string(finding.rule.rawValue)), JSONMember("message", .string(finding.message)),
            ]
            if let reason { members.append(JSONMember("reason", .string(reason))) }
            return .object(members)
        }
        let document = JSONValue.object([
            JSONMember("status", .integer(status)),
            JSONMember("cassettes", .integer(report.cassettes)),
            JSONMember("findings", .array(report.findings.map { finding($0) })),
            JSONMember("allowed", .array(report.allowed.map { finding($0.finding, reason: $0.reason) })),
            JSONMember("notes", .array(report.notes.map { finding($0) })),
            JSONMember("errors", .array(problems.map { .string($0) })),
        ])
        return String(decoding: document.prettyBytes(), as: UTF8.self) + "\n"
    }
}
