import MockAPIJSON

extension ReviewReport {
    /// The report as one JSON document (`mockapi diff --json`): the exit status, the counts, and per differing
    /// cassette its files, provenance and every change.
    package var jsonValue: JSONValue {
        let summary: JSONValue = .object([
            JSONMember("cassettes", .integer(cassettes.count)), JSONMember("differing", .integer(differing.count)),
            JSONMember("changed", .integer(changedCount)), JSONMember("breaking", .integer(breakingCount)),
            JSONMember("added", .integer(addedCount)), JSONMember("removed", .integer(removedCount)),
            JSONMember("unchanged", .integer(unchangedCount)),
        ])
        return .object([
            JSONMember("status", .integer(Int(status))), JSONMember("summary", summary),
            JSONMember("cassettes", .array(differing.map(ReviewReport.json))),
        ])
    }

    private static func json(_ cassette: CassetteDiff) -> JSONValue {
        .object([
            JSONMember("name", .string(cassette.name)),
            JSONMember("oldFile", cassette.oldFile.map(JSONValue.string) ?? .null),
            JSONMember("newFile", cassette.newFile.map(JSONValue.string) ?? .null),
            JSONMember("provenance", .object([
                JSONMember("old", cassette.oldProvenance.map(json) ?? .null),
                JSONMember("new", cassette.newProvenance.map(json) ?? .null),
            ])),
            JSONMember("settings", .array(cassette.settings.map(json))),
            JSONMember("changed", .array(cassette.changed.map { item in
                .object([
                    JSONMember("old", .integer(item.oldIndex)), JSONMember("new", .integer(item.newIndex)),
                    JSONMember("request", .string(item.request)), JSONMember("breaking", .bool(item.breaking)),
                    JSONMember("changes", .array(item.changes.map(json))),
                ])
            })),
            JSONMember("added", .array(cassette.added.map(json))),
            JSONMember("removed", .array(cassette.removed.map(json))),
            JSONMember("unchanged", .integer(cassette.unchanged)),
        ])
    }

    private static func json(_ change: ReviewChange) -> JSONValue {
        .object([
            JSONMember("kind", .string(change.kind.rawValue)), JSONMember("path", change.path.map(JSONValue.string) ?? .null),
            JSONMember("old", change.old.map(JSONValue.string) ?? .null), JSONMember("new", change.new.map(JSONValue.string) ?? .null),
            JSONMember("breaking", .bool(change.breaking)),
        ])
    }

    private static func json(_ item: CassetteDiff.Unpaired) -> JSONValue {
        var members = [JSONMember("index", .integer(item.index)), JSONMember("request", .string(item.request))]
        if let miss = item.nearMiss {
            members.append(JSONMember("nearMiss", .object([
                JSONMember("index", .integer(miss.index)), JSONMember("request", .string(miss.request)),
                JSONMember("differences", .array(miss.differences.map(JSONValue.string))),
            ])))
        }
        return .object(members)
    }

    private static func json(_ provenance: Provenance) -> JSONValue {
        .object([
            JSONMember("earliest", provenance.earliest.map(JSONValue.string) ?? .null),
            JSONMember("latest", provenance.latest.map(JSONValue.string) ?? .null),
            JSONMember("versions", .array(provenance.versions.map(JSONValue.string))),
        ])
    }
}
