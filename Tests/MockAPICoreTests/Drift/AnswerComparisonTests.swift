import MockAPICore
import MockAPIJSON
import Testing

/// A whole answer against its recording: status, media type, body.
struct AnswerComparisonTests {
    private func compare(_ recorded: RecordedResponse, status: Int = 200, headers: HTTPHeaders = [("content-type", "application/json")],
                         body: String, method: String = "GET") -> [String] {
        AnswerComparison.compare(recorded: recorded, liveStatus: status, liveHeaders: headers, liveBody: Array(body.utf8), method: method)
            .map(\.description)
    }

    private let recorded = RecordedResponse(
        status: 200, headers: [("Content-Type", "application/json; charset=utf-8")],
        body: .json(try! JSONValue.parse(#"{"id":1,"login":"octocat"}"#)))

    /// A charset parameter, another header value, other values: the same structure.
    @Test func sameStructure_isNoDrift() {
        #expect(compare(recorded, headers: [("content-type", "Application/JSON"), ("etag", "W/\"x\"")], body: #"{"login":"hubot","id":2}"#) == [])
    }

    /// Another status brings another body: only the status is reported.
    @Test func changedStatus_isTheOnlyFinding() {
        let findings = AnswerComparison.compare(
            recorded: recorded, liveStatus: 404, liveHeaders: [("content-type", "text/html")], liveBody: Array("<h1>no</h1>".utf8),
            method: "GET")
        #expect(findings.map(\.description) == ["status 200 → 404"])
        #expect(findings.allSatisfy { $0.breaking })
        #expect(compare(recorded, status: 301, body: "") == ["status 200 → 301"])
    }

    @Test func changedMediaType_isBreaking_andTheBodyIsJudgedToo() {
        let findings = AnswerComparison.compare(
            recorded: recorded, liveStatus: 200, liveHeaders: [("content-type", "text/html; charset=utf-8")],
            liveBody: Array("<html></html>".utf8), method: "GET")
        #expect(findings.map(\.description) == ["content type application/json → text/html", "body JSON → not JSON"])
        #expect(findings.allSatisfy { $0.breaking })
    }

    /// A content type the recording did not have is news, not breakage; losing one is breaking.
    @Test func contentTypeAppearing_isNotBreaking_disappearingIs() {
        let plain = RecordedResponse(status: 200, body: .text("ok"))
        let appeared = AnswerComparison.compare(recorded: plain, liveStatus: 200, liveHeaders: [("content-type", "text/plain")],
                                                liveBody: Array("fine".utf8), method: "GET")
        #expect(appeared.map(\.description) == ["content type none → text/plain"])
        #expect(appeared.map(\.breaking) == [false])
        let gone = AnswerComparison.compare(recorded: recorded, liveStatus: 200, liveHeaders: [], liveBody: Array(#"{"id":1,"login":"x"}"#.utf8), method: "GET")
        #expect(gone.map(\.description) == ["content type application/json → none"])
        #expect(gone.map(\.breaking) == [true])
    }

    /// JSON stored as text (written with spaces, from Python clients or HAR imports) is still compared by structure.
    @Test func jsonStoredAsText_isComparedByStructure() {
        let spaced = RecordedResponse(status: 200, headers: [("content-type", "application/json")], body: .text(#"{"id": 1, "name": "x"}"#))
        #expect(compare(spaced, body: #"{"id":"1","name":"y"}"#) == ["$.id: number → string"])
    }

    @Test func textBodies_areValues() {
        let zen = RecordedResponse(status: 200, headers: [("content-type", "text/plain")], body: .text("Keep it logically awesome."))
        #expect(compare(zen, headers: [("content-type", "text/plain")], body: "Design for failure.") == [])
        #expect(compare(zen, headers: [("content-type", "text/plain")], body: "true") == [])
    }

    @Test func emptyBodyWhereJSONWas_isBreaking() {
        #expect(compare(recorded, body: "") == ["body JSON → empty"])
    }

    /// A HEAD answer has no body, whatever its headers say.
    @Test func head_comparesStatusAndTypeOnly() {
        #expect(compare(recorded, body: "", method: "HEAD") == [])
    }
}
