import MockAPICore
import MockAPIJSON
import Testing

/// Near misses point at the difference: an element added or removed in an array by its index, and a long string's
/// excerpt around where it first differs.
struct NearMissAlignmentTests {
    static let messages = [
        #"{"role":"system","content":"be brief"}"#, #"{"role":"user","content":"hi"}"#,
        #"{"role":"assistant","content":"hello"}"#, #"{"role":"user","content":"bye"}"#,
    ]

    static func body(_ elements: [String]) -> String { #"{"model":"m","messages":[\#(elements.joined(separator: ","))]}"# }

    /// The differences the unmatched answer lists for `sent` against the one recording of `recorded`.
    static func differences(recorded: String, sent: String) async -> [String] {
        let interaction = Interaction.make(
            "POST", "/v1/chat", requestBody: .json(try! JSONValue.parse(recorded)), requestHeaders: [("Content-Type", "application/json")])
        let replayer = Replayer.make([.make([interaction])])
        let answer = await replayer.respond(to: .post("/v1/chat", json: sent))
        #expect(answer.status == 404)
        return answer.json?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func anElementAdded_isReportedAtItsIndexOnly() async {
        let lines = await Self.differences(recorded: Self.body(Array(Self.messages.prefix(3))), sent: Self.body(Self.messages))
        #expect(lines == [#"body field $.messages[3]: {"role":"user","content":"bye"} (not recorded)"#])
    }

    @Test func anElementRemovedInTheMiddle_isReportedAtThatIndexOnly() async {
        var sent = Self.messages
        sent.remove(at: 1)
        let lines = await Self.differences(recorded: Self.body(Self.messages), sent: Self.body(sent))
        #expect(lines == [#"body field $.messages[1]: absent (recorded {"role":"user","content":"hi"})"#])
    }

    @Test func aChangedElement_isReportedByItsLeaf() async {
        var sent = Self.messages
        sent[2] = #"{"role":"assistant","content":"hey"}"#
        let lines = await Self.differences(recorded: Self.body(Self.messages), sent: Self.body(sent))
        #expect(lines == [#"body field $.messages[2].content: "hey" (recorded "hello")"#])
    }

    @Test func aLongStringThatDiffersLate_showsTheDifferingCharacters() async {
        let prefix = String(repeating: "query { repository { issues { nodes { title } } } } ", count: 4)
        let lines = await Self.differences(
            recorded: #"{"q":"\#(prefix)first: 10"}"#, sent: #"{"q":"\#(prefix)first: 20"}"#)
        #expect(lines.count == 1)
        let line = lines.first ?? ""
        #expect(line.contains("first: 20") && line.contains("first: 10"), "\(line)")
        #expect(line.contains("from character \(prefix.count + 7)"), "\(line)")
    }

    /// Of recordings differing in three, two and one leaves (recorded in that order), the one-leaf one is nearest.
    @Test func fewestDifferingLeaves_isNearest_notTheFirstRecorded() async {
        let bodies = [#"{"a":9,"b":9,"c":9}"#, #"{"a":9,"b":9,"c":3}"#, #"{"a":9,"b":2,"c":3}"#]
        let interactions = bodies.map {
            Interaction.make("POST", "/v1/x", requestBody: .json(try! JSONValue.parse($0)), requestHeaders: [("Content-Type", "application/json")])
        }
        let answer = await Replayer.make([.make(interactions)]).respond(to: .post("/v1/x", json: #"{"a":1,"b":2,"c":3}"#))
        let order = answer.json?["nearest"]?.arrayValue?.compactMap { $0["index"].flatMap { Int($0.description) } }
        #expect(order == [2, 1, 0])
    }

    /// Recordings that each differ in one field: the one whose value is closest is nearest, whatever its index.
    @Test func equallyManyDifferences_closestValueIsNearest() async {
        let bodies = [#"{"q":"goodbye cruel world"}"#, #"{"q":"hello wrld"}"#, #"{"q":"hello world, again"}"#]
        let interactions = bodies.map {
            Interaction.make("POST", "/v1/x", requestBody: .json(try! JSONValue.parse($0)), requestHeaders: [("Content-Type", "application/json")])
        }
        let answer = await Replayer.make([.make(interactions)]).respond(to: .post("/v1/x", json: #"{"q":"hello world"}"#))
        let order = answer.json?["nearest"]?.arrayValue?.compactMap { $0["index"].flatMap { Int($0.description) } }
        #expect(order == [1, 2, 0])
    }

    /// A long text body that differs late shows a window around its first difference and where it is.
    @Test func longTextBody_showsWhereItDiffers() async {
        let text = String(repeating: "line of a plain text body\n", count: 10)
        let interaction = Interaction.make("POST", "/upload", requestBody: .text(text + "end: 1"))
        let answer = await Replayer.make([.make([interaction])])
            .respond(to: HTTPRequest(method: "POST", target: "/upload", body: Array((text + "end: 2").utf8)))
        let line = answer.json?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue?.first?.stringValue ?? ""
        #expect(line.hasPrefix("body: \"…") && line.contains("end: 2") && line.contains("end: 1"), "\(line)")
        #expect(line.hasSuffix("from character \(text.count + 5))"), "\(line)")
    }

    /// A GraphQL argument that differs late in a long string: the excerpt is around the difference, as for a JSON
    /// string, not the start both share.
    @Test func GraphQL_longArgumentThatDiffersLate_showsTheDifferingCharacters() async {
        let words = String(repeating: "repo:octocat/hello-world is:open label:bug ", count: 3)
        func query(_ tail: String) -> String { #"query Find { search(query: "\#(words)\#(tail)", type: ISSUE, first: 5) { issueCount } }"# }
        let interaction = GraphQLRequests.recorded(query("sort:created-asc"))
        let answer = await Replayer.make([.make([interaction])]).respond(to: GraphQLRequests.sent(query("sort:updated-desc")))
        let lines = answer.json?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(lines.count == 1)
        let line = lines.first ?? ""
        #expect(line.hasPrefix("query: search(query:) …"), "\(line)")
        #expect(line.contains("sort:updated-desc") && line.contains("sort:created-asc"), "\(line)")
        // The argument's canonical text starts with its quote: the first difference is after it and the words.
        #expect(line.hasSuffix("from character \(words.count + 1 + "sort:".count))"), "\(line)")
    }

    /// More differing leaves than are shown: the report says exactly how many more.
    @Test func manyDifferingLeaves_andNMore_isExact() async {
        let names = (0..<13).map { "f\($0)" }
        func body(_ value: Int) -> String { "{" + names.map { #""\#($0)":\#(value)"# }.joined(separator: ",") + "}" }
        let lines = await Self.differences(recorded: body(1), sent: body(2))
        #expect(lines.count == 9, "\(lines)")
        #expect(lines.prefix(8).allSatisfy { $0.hasPrefix("body field $.f") }, "\(lines)")
        #expect(lines.last == "… and 5 more")
    }

    /// Every differing leaf counts in ranking, not only the shown ones: ten long strings are nearer than twelve
    /// one-digit changes, whatever their edit distance.
    @Test func leavesBeyondTheShownOnes_countInRanking() async {
        let names = (0..<12).map { "f\($0)" }
        func body(_ value: (Int) -> String) -> String {
            "{" + names.enumerated().map { #""\#($1)":\#(value($0))"# }.joined(separator: ",") + "}"
        }
        let long = #""\#(String(repeating: "x", count: 40))""#
        let bodies = [body { _ in "2" }, body { $0 < 10 ? long : "1" }]
        let interactions = bodies.map {
            Interaction.make("POST", "/v1/x", requestBody: .json(try! JSONValue.parse($0)), requestHeaders: [("Content-Type", "application/json")])
        }
        let answer = await Replayer.make([.make(interactions)]).respond(to: .post("/v1/x", json: body { _ in "1" }))
        let order = answer.json?["nearest"]?.arrayValue?.compactMap { $0["index"].flatMap { Int($0.description) } }
        #expect(order == [1, 0])
        let more = answer.json?["nearest"]?.arrayValue?.compactMap { $0["differences"]?.arrayValue?.last?.stringValue }
        #expect(more == ["… and 2 more", "… and 4 more"])
    }
}
