import MockAPIJSON

extension DriftReport {
    /// The report as one JSON document (`mockapi drift --json`): the exit status, the counts, the problems, and per
    /// cassette every interaction that has findings, could not be checked or was skipped.
    package var jsonValue: JSONValue {
        let summary: JSONValue = .object([
            "cassettes": .integer(cassettes), "interactions": .integer(results.count), "checked": .integer(checked),
            "drifted": .integer(drifted), "breaking": .integer(breaking), "stale": .integer(stale),
            "skipped": .integer(skipped), "failed": .integer(failed), "updated": .integer(updated),
        ])
        var groups: [JSONValue] = []
        var current: (name: String, file: String, entries: [JSONValue])?
        for result in results {
            if current?.file != result.file {
                if let current, !current.entries.isEmpty { groups.append(DriftReport.group(current)) }
                current = (result.cassette, result.file, [])
            }
            if let entry = DriftReport.entry(result) { current?.entries.append(entry) }
        }
        if let current, !current.entries.isEmpty { groups.append(DriftReport.group(current)) }
        return .object([
            "status": .integer(status), "summary": summary, "problems": .array(problems.map { .string($0) }),
            "cassettes": .array(groups),
        ])
    }

    private static func group(_ group: (name: String, file: String, entries: [JSONValue])) -> JSONValue {
        .object(["name": .string(group.name), "file": .string(group.file), "interactions": .array(group.entries)])
    }

    private static func entry(_ result: DriftResult) -> JSONValue? {
        var members = [
            JSONMember("index", .integer(result.index)), JSONMember("method", .string(result.method)),
            JSONMember("target", .string(result.target)),
        ]
        switch result.outcome {
        case .checked:
            guard !result.findings.isEmpty else { return nil }
        case .skipped(let reason): members.append(JSONMember("skipped", .string(reason.description)))
        case .failed(let reason): members.append(JSONMember("error", .string(reason)))
        }
        members.append(JSONMember("breaking", .bool(result.isBreaking)))
        members.append(JSONMember("updated", .bool(result.updated)))
        members.append(JSONMember("findings", .array(result.findings.map(finding))))
        return .object(members)
    }

    private static func finding(_ finding: DriftFinding) -> JSONValue {
        .object([
            "kind": .string(finding.kind.rawValue), "path": finding.path.map { .string($0) } ?? .null,
            "recorded": finding.recorded.map { .string($0) } ?? .null, "live": finding.live.map { .string($0) } ?? .null,
            "breaking": .bool(finding.breaking), "message": .string(finding.description),
        ])
    }
}
