import Foundation
import MockAPICore
import MockAPIJSON
import Testing

/// `mockapi diff`'s comparison of two recordings of a cassette: a committed fixture against copies with one
/// synthetic change of each kind.
struct CassetteDiffTests {
    static let fixture: Cassette = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Fixtures").standardized.path
        guard let cassette = try? Cassette.load(file: root + "/github/get-repository.json") else {
            preconditionFailure("Fixtures/github/get-repository.json does not load")
        }
        return cassette
    }()

    /// The fixture's answer with `edit` applied to its JSON body.
    private static func editedBody(_ edit: (inout [JSONMember]) -> Void) -> Cassette {
        var cassette = fixture
        guard case .json(let body) = cassette.interactions[0].response.body, case .object(var members) = body.value else {
            preconditionFailure("the fixture's answer is a JSON object")
        }
        edit(&members)
        cassette.interactions[0].response.body = .json(JSONValue.object(members))
        return cassette
    }

    private static func set(_ name: String, _ value: JSONValue, in members: inout [JSONMember]) {
        if let index = members.firstIndex(where: { $0.name == name }) { members[index].value = value } else {
            members.append(JSONMember(name, value))
        }
    }

    private func changes(_ new: Cassette, from old: Cassette = CassetteDiffTests.fixture) -> [String] {
        let diff = CassetteDiff(name: "github/get-repository", old: old, oldFile: "a.json", new: new, newFile: "b.json")
        return diff.changed.flatMap { $0.changes.map(\.description) }
    }

    @Test func sameCassette_hasNoDifferences() {
        let diff = CassetteDiff(name: "x", old: Self.fixture, oldFile: "a", new: Self.fixture, newFile: "b")
        #expect(diff.isEmpty && diff.unchanged == 1)
        #expect(ReviewReport([diff]).status == 0)
    }

    @Test func volatileHeaders_areNeverReported_butETagIs() {
        var new = Self.fixture
        new.interactions[0].response.headers.set("date", "Sat, 28 Nov 2026 09:00:00 GMT")
        new.interactions[0].response.headers.set("x-github-request-id", "FFFF:1234")
        new.interactions[0].response.headers.set("x-ratelimit-remaining", "12")
        new.interactions[0].recordedAt = "2026-11-28T09:00:00Z"
        #expect(changes(new).isEmpty)
        new.interactions[0].response.headers.set("etag", #"W/"new""#)
        let reported = changes(new)
        #expect(reported.count == 1 && reported[0].hasPrefix("header etag: ") && reported[0].hasSuffix(#" → "W/\"new\"""#))
    }

    @Test func typeChange_andRemovedMember_areBreaking_addedMemberIsNot() {
        let new = Self.editedBody { members in
            Self.set("id", .string("1000"), in: &members)
            Self.set("has_discussions", .bool(false), in: &members)
            members.removeAll { $0.name == "fork" }
        }
        let diff = CassetteDiff(name: "r", old: Self.fixture, oldFile: "a", new: new, newFile: "b")
        let found = diff.changed[0].changes
        #expect(found.map(\.kind) == [.typeChanged, .memberRemoved, .memberAdded])
        #expect(found.map(\.breaking) == [true, true, false])
        #expect(found.map(\.path) == ["$.id", "$.fork", "$.has_discussions"])
        #expect(found[0].description == #"$.id: type number 1000 → string "1000""#)
        #expect(diff.breakingCount == 1)
    }

    @Test func longValue_isShownAsExcerptsAroundItsFirstDifference() {
        let long = String(repeating: "This is your first repository. ", count: 4)
        let old = Self.editedBody { Self.set("description", .string(long + "Old ending."), in: &$0) }
        let new = Self.editedBody { Self.set("description", .string(long + "New ending."), in: &$0) }
        #expect(changes(new, from: old) == [
            #"$.description: "… your first repository. Old ending." → "… your first repository. New ending." (from character 124)"#,
        ])
    }

    @Test func arrayLength_andStatus_andTextBody_areReported() {
        let old = Self.editedBody { Self.set("topics", .array([.string("api")]), in: &$0) }
        var new = Self.editedBody { Self.set("topics", .array([.string("api"), .string("octokit")]), in: &$0) }
        #expect(changes(new, from: old) == ["$.topics: 1 → 2 elements"])
        new = Self.fixture
        new.interactions[0].response.status = 404
        new.interactions[0].response.body = .text("Not Found")
        new.interactions[0].response.headers.set("content-type", "text/plain")
        let reported = changes(new)
        #expect(reported.first == "status 200 → 404")
        #expect(reported.last?.hasPrefix("body JSON, ") == true && reported.last?.hasSuffix(" → text, 9 B") == true)
    }

    @Test func streams_reportChunkCountBytesAndTiming() {
        func stream(_ texts: [String]) -> Cassette {
            Cassette(interactions: [Interaction.make("GET", "/events", body: .chunks(ChunkedBody(chunks: texts.enumerated().map {
                ChunkedBody.Chunk(atMs: Double($0.offset) * 100, text: $0.element)
            })))])
        }
        let diff = CassetteDiff(name: "s", old: stream(["data: a\n\n"]), oldFile: "a", new: stream(["data: a\n\n", "data: b\n\n"]), newFile: "b")
        #expect(diff.changed.flatMap(\.changes).map(\.description) == ["stream 1 chunk, 9 B over 0 ms → 2 chunks, 18 B over 100 ms"])
    }

    @Test func newCall_isAdded_withTheRemovedNearMiss() {
        var old = Self.fixture
        old.interactions.append(Interaction.make("GET", "/repos/octokit-fixture-org/hello-world/issues?page=1"))
        var new = Self.fixture
        new.interactions.append(Interaction.make("GET", "/repos/octokit-fixture-org/hello-world/issues?page=2"))
        new.interactions.append(Interaction.make("POST", "/repos/octokit-fixture-org/hello-world/forks", status: 202))
        let diff = CassetteDiff(name: "r", old: old, oldFile: "a", new: new, newFile: "b")
        #expect(diff.removed.map(\.request) == ["GET /repos/octokit-fixture-org/hello-world/issues?page=1"])
        #expect(diff.added.map(\.request) == [
            "GET /repos/octokit-fixture-org/hello-world/issues?page=2", "POST /repos/octokit-fixture-org/hello-world/forks",
        ])
        #expect(diff.added[0].nearMiss?.index == 1)
        #expect(diff.added[0].nearMiss?.differences == [#"query parameter page: "2" (recorded "1")"#])
        #expect(diff.added[1].nearMiss == nil)
    }

    @Test func jsonReport_namesTheSameChanges() throws {
        let new = Self.editedBody { members in
            Self.set("id", .string("1000"), in: &members)
            members.removeAll { $0.name == "fork" }
        }
        let report = ReviewReport([CassetteDiff(name: "r", old: Self.fixture, oldFile: "a", new: new, newFile: "b")])
        let parsed = try JSONValue.parse(report.jsonValue.prettyBytes())
        #expect(parsed["status"] == .integer(1))
        #expect(parsed["summary"]?["breaking"] == .integer(1))
        let listed = parsed["cassettes"]?.arrayValue?.first?["changed"]?.arrayValue?.first?["changes"]?.arrayValue ?? []
        #expect(listed.compactMap { $0["kind"]?.stringValue } == ["type-changed", "member-removed"])
        #expect(listed.compactMap { $0["path"]?.stringValue } == ["$.id", "$.fork"])
    }
}
