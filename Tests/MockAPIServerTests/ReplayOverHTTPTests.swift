import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// Replay over real sockets: what a client on 127.0.0.1 receives.
@Suite(.timeLimit(.minutes(2)))
struct ReplayOverHTTPTests {
    /// Every recorded interaction in Fixtures/ comes back byte for byte: status, every replayed header in order, and
    /// the body — with only the upstream origin swapped for the server's own URL. (Headers with an empty value are
    /// the one exception: libmicrohttpd cannot send them; see NativeResponse.)
    @Test func everyFixtureInteraction_isServedByteForByte() async throws {
        let all = try CassetteLoader.load([TestFixtures.folder])
        var checked = 0
        for loaded in all {
            let server = try ReplayServer(cassettes: [loaded])
            let base = server.baseURL.absoluteString
            let upstreams = Set(loaded.cassette.interactions.compactMap(\.upstream))
            func rewrite(_ text: String) -> String {
                upstreams.reduce(text) { $0.replacingOccurrences(of: $1, with: base) }
            }
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                let request = interaction.request
                let target = request.query.map { "\(request.path)?\($0)" } ?? request.path
                let sent = request.headers.fields.filter { $0.name.lowercased() == "content-type" }.map { ($0.name, $0.value) }
                let response = try await TestClient.shared.send(
                    request.method, base + target, headers: sent, body: request.body.isEmpty ? nil : request.body.bytes)
                let place = "\(loaded.name)[\(index)] \(request.method) \(target)"

                #expect(response.status == interaction.response.status, "\(place)")
                let expectedBody: [UInt8]
                switch interaction.response.body {
                case .json, .text: expectedBody = Array(rewrite(String(decoding: interaction.response.body.bytes, as: UTF8.self)).utf8)
                default: expectedBody = interaction.response.body.bytes
                }
                #expect(response.body == expectedBody, "\(place): body differs")

                let framing: Set<String> = ["content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive"]
                let expectedHeaders = interaction.response.headers.fields
                    .filter { !framing.contains($0.name.lowercased()) && !$0.value.isEmpty }
                    .map { field in
                        (field.name.lowercased(), ["link", "location"].contains(field.name.lowercased()) ? rewrite(field.value) : field.value)
                    }
                let served = response.headers.fields.filter { $0.name.lowercased() != "content-length" }
                    .map { ($0.name.lowercased(), $0.value) }
                #expect(served.map(\.0) == expectedHeaders.map(\.0), "\(place): header names or order differ")
                #expect(served.map(\.1) == expectedHeaders.map(\.1), "\(place): header values differ")
                #expect(response.values("content-length").count == (interaction.response.status == 204 ? 0 : 1), "\(place)")
                checked += 1
            }
            #expect(server.unmatched.isEmpty, "\(loaded.name): \(server.unmatched.map(\.line))")
            await server.stop()
        }
        #expect(checked == all.reduce(0) { $0 + $1.cassette.interactions.count })
    }

    /// A client that follows `Link: rel="next"` walks all five recorded pages without leaving the mock.
    @Test func pagination_followsRewrittenLinksThroughAllPages() async throws {
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/paginate-issues"]))
        var next: String? = server.baseURL.absoluteString + "/repos/octokit-fixture-org/paginate-issues/issues?per_page=3"
        var issues = 0
        var pages = 0
        while let url = next {
            let response = try await TestClient.shared.send("GET", url)
            #expect(response.status == 200)
            issues += try JSONValue.parse(response.body).arrayValue?.count ?? 0
            pages += 1
            next = response.values("link").first.flatMap(Self.nextLink)
            if let next { #expect(next.hasPrefix(server.baseURL.absoluteString)) }
        }
        #expect(pages == 5)
        #expect(issues == 13)
        #expect(server.requests.count == 5)
        #expect(server.unmatched.isEmpty)
        await server.stop()
    }

    /// A POST whose JSON body has its keys in another order (and other spacing) matches the recording.
    @Test func postWithReorderedJSONKeys_matches() async throws {
        let loaded = try TestFixtures.loaded(["github/add-labels-to-issue"])
        let server = try ReplayServer(cassettes: loaded)
        let recorded = loaded[0].cassette.interactions[0].request
        guard case .json(let json) = recorded.body, case .object(let members) = json.value else {
            Issue.record("the fixture's first request should have a JSON object body")
            return
        }
        let reordered = JSONValue.object(members.reversed()).prettyBytes()
        let response = try await TestClient.shared.send("POST", server.baseURL.absoluteString + recorded.path, body: reordered)
        #expect(response.status == 201)
        #expect(server.unmatched.isEmpty)
        await server.stop()
    }

    @Test func unmatched_isMarkedAndExplained() async throws {
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/paginate-issues"]))
        let response = try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/repos/octokit-fixture-org/paginate-issues/issues?per_page=4")
        #expect(response.status == 404)
        #expect(response.values("x-mockapi-unmatched") == ["1"])
        #expect(response.values("content-type") == ["application/json; charset=utf-8"])
        #expect(response.values("date").count == 1)
        // mockapi's own answers carry the time they were made, as an HTTP date (RFC 9110 §5.6.7, IMF-fixdate).
        let date = response.values("date").first ?? ""
        #expect(date.wholeMatch(of: /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/) != nil, "Date: \(date)")
        let body = try JSONValue.parse(response.body)
        #expect(body["nearest"]?.arrayValue?.first?["differences"]
            == .array([.string(#"query parameter per_page: "4" (recorded "3")"#)]))
        #expect(server.unmatched.count == 1)
        await server.stop()
    }

    /// The request target is matched as sent: libmicrohttpd decodes `%2F` to `/`, mockapi does not.
    @Test func rawRequestTarget_isMatchedUndecoded() async throws {
        let server = try ReplayServer(cassettes: [.init(name: "c", file: "c.json", cassette: Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/files/a%2Fb"), response: RecordedResponse(status: 200, body: .text("encoded"))),
            Interaction(request: RecordedRequest(method: "GET", path: "/files/a/b"), response: RecordedResponse(status: 200, body: .text("nested"))),
        ]))])
        let base = server.baseURL.absoluteString
        #expect(try await TestClient.shared.send("GET", base + "/files/a%2Fb").text == "encoded")
        #expect(try await TestClient.shared.send("GET", base + "/files/a/b").text == "nested")
        await server.stop()
    }

    @Test func admin_healthAndJournal() async throws {
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/get-root"]))
        let base = server.baseURL.absoluteString
        _ = try await TestClient.shared.send("GET", base + "/")
        #expect(try await TestClient.shared.send("GET", base + "/__mockapi/health").status == 200)
        let journal = try JSONValue.parse(try await TestClient.shared.send("GET", base + "/__mockapi/journal").body)
        #expect(journal["requests"]?.arrayValue?.first?["cassette"] == .string("get-root"))
        await server.stop()
    }

    static func nextLink(_ header: String) -> String? {
        for part in header.split(separator: ",") where part.contains(#"rel="next""#) {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { continue }
            return String(part[part.index(after: open)..<close])
        }
        return nil
    }
}
