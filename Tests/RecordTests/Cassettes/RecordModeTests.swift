import Foundation
import MockAPICore
@testable import MockAPITesting
import TestSupport
import Testing

/// The record modes of `withCassette`, as a test author relies on them: the first run records, later runs replay
/// without the upstream, `new` adds what is missing, `all` replaces only after a passing test, `none` and CI never
/// record, and whatever matched nothing fails the test with its near miss.
struct RecordModeTests {
    let folder = TemporaryFolder()
    let client = TestClient.shared

    var fixtures: String { folder.file("Fixtures") }
    var cassetteFile: String { fixtures + "/api/items.json" }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["MOCKAPI_FIXTURES": fixtures].merging(extra) { $1 }
    }

    /// Walks every page from `/items`, following `next` links wherever they point, as a paginating client does.
    func walk(_ base: URL) async throws -> [String] {
        var bodies: [String] = []
        var next: String? = base.absoluteString + "/items"
        while let url = next, bodies.count < 10 {
            let answer = try await client.send("GET", url, headers: [("Authorization", "token ghp_downstreamTOKEN0123456789abcdefABCD")])
            #expect(answer.status == 200, "\(url): \(answer.text)")
            bodies.append(answer.text)
            next = answer.values("link").first.map { link in
                String(link.drop { $0 != "<" }.dropFirst().prefix { $0 != ">" })
            }
        }
        return bodies
    }

    @Test func once_recordsEveryPageTheClientFollows_thenReplaysThemWithoutTheUpstream() async throws {
        let upstream = try PagedUpstream()
        let recorded = try await withCassette(
            "api/items", upstream: upstream.url, environment: environment(), file: #filePath
        ) { server in
            #expect(server.isRecording && server.mode == .once)
            let pages = try await walk(server.baseURL)
            // Every next link pointed back at the recorder, so nothing went around it.
            #expect(server.requests.map { $0.path + ($0.query.map { "?" + $0 } ?? "") } == ["/items", "/items?page=2", "/items?page=3"])
            #expect(pages.allSatisfy { $0.contains(server.baseURL.absoluteString + "/items/") })
            return pages
        }
        await upstream.stop()
        #expect(recorded.count == 3)
        let cassette = try Cassette.load(file: cassetteFile)
        #expect(cassette.interactions.map(\.request.query) == [nil, "page=2", "page=3"])
        // The cassette keeps the upstream's own URLs; the client saw the recorder's.
        #expect(cassette.interactions[0].response.headers.values("link") == ["<\(upstream.url)/items?page=2>; rel=\"next\""])

        let replayed = try await withCassette("api/items", environment: environment(), file: #filePath) { server in
            #expect(!server.isRecording)
            return try await walk(server.baseURL)
        }
        #expect(replayed.count == 3)
        #expect(replayed.map { $0.contains("\"id\":3") } == [false, false, true])
    }

    @Test func none_withoutCassette_failsNamingTheFileAndTheCommandThatRecordsIt() async throws {
        let error = await #expect(throws: CassetteFailure.self) {
            try await withCassette("api/items", upstream: "http://127.0.0.1:9", environment: environment(["CI": "true"]),
                                   file: #filePath, function: "listsItems()") { _ in }
        }
        let message = error?.description ?? ""
        #expect(message.contains("no cassette api/items (\(cassetteFile))"))
        #expect(message.contains("(CI is set)"))
        #expect(message.contains("MOCKAPI_RECORD=once swift test --filter listsItems"))
        #expect(!FileManager.default.fileExists(atPath: cassetteFile))
    }

    @Test func modes_resolveFromTheEnvironment_CIReplaysOnly_MOCKAPI_RECORDWins() throws {
        #expect(try RecordMode.resolve(.once, environment: [:]) == .once)
        #expect(try RecordMode.resolve(.all, environment: ["CI": "true"]) == .none)
        #expect(try RecordMode.resolve(.none, environment: ["CI": "true", "MOCKAPI_RECORD": "new"]) == .newEpisodes)
        #expect(try RecordMode.resolve(.once, environment: ["MOCKAPI_RECORD": "ALL"]) == .all)
        #expect(throws: CassetteFailure.self) { try RecordMode.resolve(.once, environment: ["MOCKAPI_RECORD": "sometimes"]) }
    }

    @Test(arguments: ["", "0", "false", "FALSE", "no", "No", " false "])
    func ci_turnedOff_isNotCI_andTheTestRecords(value: String) throws {
        #expect(!RecordMode.isCI(["CI": value]))
        #expect(try RecordMode.resolve(.all, environment: ["CI": value]) == .all)
    }

    @Test(arguments: ["true", "1", "yes", "github-actions"])
    func ci_setToAnythingElse_isCI_andReplaysOnly(value: String) throws {
        #expect(RecordMode.isCI(["CI": value]))
        #expect(try RecordMode.resolve(.once, environment: ["CI": value]) == .none)
    }

    @Test func newEpisodes_replaysWhatIsRecorded_andAddsWhatIsMissing() async throws {
        let upstream = try PagedUpstream()
        _ = try await withCassette("api/items", upstream: upstream.url, environment: environment(), file: #filePath) {
            try await walk($0.baseURL)
        }
        let before = upstream.requests.count
        try await withCassette("api/items", mode: .newEpisodes, environment: environment(), file: #filePath) { server in
            #expect(server.isRecording)
            _ = try await walk(server.baseURL)
            let extra = try await client.send("GET", server.baseURL.absoluteString + "/extra")
            #expect(extra.status == 200 && extra.text == "{\"extra\":1}")
        }
        // Only the missing request reached the upstream (the recorded upstream, remembered by the cassette).
        #expect(upstream.requests.dropFirst(before).map(\.path) == ["/extra"])
        #expect(try Cassette.load(file: cassetteFile).interactions.map(\.request.path) == ["/items", "/items", "/items", "/extra"])
        await upstream.stop()
    }

    @Test func all_replacesTheCassetteAfterAPassingTest_andKeepsItWhenTheTestThrows() async throws {
        let upstream = try PagedUpstream()
        _ = try await withCassette("api/items", upstream: upstream.url, environment: environment(), file: #filePath) {
            try await walk($0.baseURL)
        }
        upstream.setVersion(2)
        struct Boom: Error {}
        let failure = await #expect(throws: CassetteFailure.self) {
            try await withCassette("api/items", mode: .all, environment: environment(), file: #filePath) { server in
                _ = try await walk(server.baseURL)
                throw Boom()
            }
        }
        #expect(failure?.description.contains("new recording was discarded and \(cassetteFile) is kept") == true)
        #expect(failure?.description.contains("The test threw: Boom()") == true)
        #expect(try Cassette.load(file: cassetteFile).interactions[0].response.body.bytes.contains(Array("\"version\":1".utf8)))
        #expect(folder.allFiles().allSatisfy { !$0.path.contains(".recording") })

        _ = try await withCassette("api/items", mode: .all, environment: environment(), file: #filePath) { try await walk($0.baseURL) }
        let replaced = try Cassette.load(file: cassetteFile)
        #expect(replaced.interactions.count == 3)
        #expect(String(decoding: replaced.interactions[0].response.body.bytes, as: UTF8.self).contains("\"version\":2"))
        await upstream.stop()
    }

    @Test func replay_unmatchedRequest_failsTheTestWithItsNearestRecording() async throws {
        let upstream = try PagedUpstream()
        _ = try await withCassette("api/items", upstream: upstream.url, environment: environment(), file: #filePath) {
            try await walk($0.baseURL)
        }
        await upstream.stop()
        let failure = await #expect(throws: CassetteFailure.self) {
            try await withCassette("api/items", environment: environment(), file: #filePath) { server in
                let answer = try await client.send("GET", server.baseURL.absoluteString + "/items?page=4")
                #expect(answer.status == 404)
            }
        }
        let text = failure?.description ?? ""
        #expect(text.contains("1 request matched no recording:"))
        #expect(text.contains("GET /items?page=4: no recorded interaction matches"))
        #expect(text.contains("nearest: api/items[") && text.contains("query parameter page: \"4\""))
    }

    @Test func strict_failsForRecordingsNoRequestUsed_andOnlyWhenAsked() async throws {
        let upstream = try PagedUpstream()
        _ = try await withCassette("api/items", upstream: upstream.url, environment: environment(), file: #filePath) {
            try await walk($0.baseURL)
        }
        await upstream.stop()
        let first = "/items"
        try await withCassette("api/items", environment: environment(), file: #filePath) { server in
            _ = try await client.send("GET", server.baseURL.absoluteString + first)
        }
        let failure = await #expect(throws: CassetteFailure.self) {
            try await withCassette("api/items", strict: true, environment: environment(), file: #filePath) { server in
                _ = try await client.send("GET", server.baseURL.absoluteString + first)
            }
        }
        #expect(failure?.description.contains("2 recorded interactions never used (strict):") == true)
        #expect(failure?.description.contains("api/items[1] GET /items?page=2") == true)
    }

    @Test func redactEnvironment_scrubsTheNamedVariablesValueEverywhere() async throws {
        let secret = "downstream-secret-4f9a1c"
        let echo = try StandInUpstream { request in
            .response(.json(status: 200, Array("{\"seen\":\"\(request.headers.values("x-debug").first ?? "")\"}".utf8)))
        }
        let answer = try await withCassette(
            "api/echo", upstream: echo.url,
            environment: environment(["MOCKAPI_REDACT_ENV": "DOWNSTREAM_TOKEN", "DOWNSTREAM_TOKEN": secret]), file: #filePath
        ) { server in
            try await client.send("GET", server.baseURL.absoluteString + "/echo", headers: [("X-Debug", secret)])
        }
        await echo.stop()
        #expect(answer.text == "{\"seen\":\"\(secret)\"}")
        let written = folder.allFiles()
        #expect(!written.isEmpty)
        for (path, bytes) in written { #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(path)") }
        #expect(String(decoding: written[0].bytes, as: UTF8.self).contains("<DOWNSTREAM_TOKEN>"))
    }
}
