import MockAPICore
import MockAPIJSON
import Testing

/// The report people read and the document CI reads, and the exit status they share.
struct DriftReportTests {
    private func result(_ index: Int, _ target: String, method: String = "GET", outcome: DriftResult.Outcome = .checked,
                        _ findings: [DriftFinding] = [], cassette: String = "github/repo") -> DriftResult {
        DriftResult(cassette: cassette, file: "Fixtures/\(cassette).json", index: index, interaction: .make(method, target),
                    outcome: outcome, findings: findings)
    }

    private let removed = DriftFinding(kind: .removed, path: "$.owner.login", recorded: "string", live: nil, breaking: true)
    private let added = DriftFinding(kind: .added, path: "$.visibility", recorded: nil, live: "string", breaking: false)

    @Test func linesNameCassetteInteractionAndPaths() {
        let report = DriftReport(results: [
            result(0, "/repos/o/r", [removed, added]),
            result(1, "/repos/o/r/issues?state=open", [DriftFinding(kind: .status, recorded: "200", live: "404", breaking: true)]),
            result(2, "/user"),
            result(3, "/repos/o/r/issues", method: "POST", outcome: .skipped(.unsafeMethod("POST"))),
            result(0, "/api/v2/items", [added], cassette: "qiita/items"),
        ], cassettes: 2)
        #expect(report.lines == [
            "github/repo[0] GET /repos/o/r: $.owner.login removed; $.visibility added",
            "github/repo[1] GET /repos/o/r/issues?state=open: status 200 → 404",
            "qiita/items[0] GET /api/v2/items: $.visibility added",
        ])
        #expect(report.summary == "mockapi drift: 5 interactions in 2 cassettes: 4 checked, 3 drifted (2 breaking), "
            + "1 skipped (not GET or HEAD; --unsafe sends it)")
        #expect(report.status == 1)
    }

    @Test func onlyAdditions_exitZero() {
        let report = DriftReport(results: [result(0, "/user", [added]), result(1, "/user")], cassettes: 1)
        #expect(report.status == 0)
        #expect(report.summary == "mockapi drift: 2 interactions in 1 cassette: 2 checked, 1 drifted (0 breaking)")
        #expect(DriftReport(results: [result(0, "/user")], cassettes: 1).summary == "mockapi drift: 1 interaction in 1 cassette: 1 checked, no drift")
    }

    /// What could not be checked makes the run incomplete: 2, even beside breaking drift.
    @Test func uncheckedInteractions_exitTwo() {
        let report = DriftReport(results: [
            result(0, "/repos/o/r", [removed]), result(1, "/user", outcome: .failed("upstream http://127.0.0.1:9 failed: connection refused")),
        ], cassettes: 1)
        #expect(report.status == 2)
        #expect(report.lines.last == "github/repo[1] GET /user: not checked: upstream http://127.0.0.1:9 failed: connection refused")
        #expect(report.summary.hasSuffix("1 checked, 1 drifted (1 breaking), 1 not checked"))
        #expect(DriftReport(results: [], cassettes: 0, problems: ["x.json: no such file or folder"]).status == 2)
    }

    /// A recording older than --max-age fails the run (that is what the option is for), without being breaking.
    @Test func staleRecordings_exitOne() {
        let stale = DriftFinding(kind: .stale, recorded: "2026-01-01T00:00:00Z (379 days ago)", live: "90d", breaking: false)
        let report = DriftReport(results: [result(0, "/user", [stale])], cassettes: 1)
        #expect(report.status == 1)
        #expect(report.lines == ["github/repo[0] GET /user: recorded 2026-01-01T00:00:00Z (379 days ago), older than 90d"])
        #expect(report.summary == "mockapi drift: 1 interaction in 1 cassette: 1 checked, no drift, 1 older than --max-age")
    }

    @Test func json_groupsByCassette_withEveryFindingsFields() throws {
        var updated = result(0, "/repos/o/r", [removed, added])
        updated.updated = true
        let report = DriftReport(results: [
            updated, result(1, "/user"), result(2, "/x", method: "PUT", outcome: .skipped(.unsafeMethod("PUT"))),
        ], cassettes: 1)
        let document = try JSONValue.parse(report.jsonValue.compactBytes())
        #expect(document["status"] == .integer(1))
        #expect(document["summary"]?["breaking"] == .integer(1))
        #expect(document["summary"]?["updated"] == .integer(1))
        let cassettes = try #require(document["cassettes"]?.arrayValue)
        #expect(cassettes.count == 1)
        #expect(cassettes[0]["name"] == .string("github/repo"))
        let interactions = try #require(cassettes[0]["interactions"]?.arrayValue)
        #expect(interactions.map { $0["index"] } == [.integer(0), .integer(2)])
        #expect(interactions[0]["updated"] == .bool(true))
        #expect(interactions[1]["skipped"] == .string("PUT is not a safe method"))
        #expect(interactions[0]["findings"]?.arrayValue?.first == .object([
            "kind": .string("removed"), "path": .string("$.owner.login"), "recorded": .string("string"), "live": .null,
            "breaking": .bool(true), "message": .string("$.owner.login removed"),
        ]))
    }
}
