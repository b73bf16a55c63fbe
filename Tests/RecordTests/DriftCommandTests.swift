import ArgumentParser
import Foundation
import MockAPICLI
import MockAPICore
import MockAPIJSON
import MockAPIServer
import MockAPITesting
import Synchronization
import TestSupport
import Testing

/// `mockapi drift` against a stand-in upstream on 127.0.0.1: what it reports, its exit status, `--update`.
@Suite(.serialized) struct DriftCommandTests {
    /// A recorded session of a small GitHub-like API: a repository, its open issues, the user, and a POST.
    private func recordGitHub(upstream: String, in folder: TemporaryFolder, recordedAt: String = "2026-11-20T10:00:00.000Z")
        throws -> String
    {
        func json(_ text: String) -> Body { .json(try! JSONValue.parse(text)) }
        let headers: HTTPHeaders = [("content-type", "application/json; charset=utf-8")]
        let interactions = [
            Interaction(
                request: RecordedRequest(method: "GET", path: "/repos/o/r", headers: [("authorization", "token <redacted>")]),
                response: RecordedResponse(status: 200, headers: headers,
                                           body: json(#"{"id":1,"name":"r","owner":{"login":"o","id":7},"topics":["a"]}"#))),
            Interaction(
                request: RecordedRequest(method: "GET", path: "/repos/o/r/issues", query: "state=open"),
                response: RecordedResponse(status: 200, headers: headers, body: json(#"[{"number":1,"title":"t","closed_at":null}]"#))),
            Interaction(
                request: RecordedRequest(method: "GET", path: "/user"),
                response: RecordedResponse(status: 200, headers: headers, body: json(#"{"login":"o","id":7}"#))),
            Interaction(
                request: RecordedRequest(method: "POST", path: "/repos/o/r/issues", body: json(#"{"title":"new"}"#)),
                response: RecordedResponse(status: 201, headers: headers, body: json(#"{"number":2}"#))),
        ].map { interaction in
            var interaction = interaction
            interaction.upstream = upstream
            interaction.recordedAt = recordedAt
            return interaction
        }
        try FileIO.createFolder(folder.file("Fixtures/github"))
        let file = folder.file("Fixtures/github/repo.json")
        try Cassette(interactions: interactions).save(to: file)
        return file
    }

    /// The same API a few days later: other values, the same structure.
    private static func sameShapes(_ request: HTTPRequest) -> Reply {
        switch (request.method, request.path) {
        case ("GET", "/repos/o/r"): .response(.json(status: 200, Array(#"{"id":2,"name":"s","owner":{"id":8,"login":"p"},"topics":[]}"#.utf8)))
        case ("GET", "/repos/o/r/issues"):
            .response(.json(status: 200, Array(#"[{"number":5,"title":"u","closed_at":null},{"number":6,"title":"v","closed_at":null}]"#.utf8)))
        case ("GET", "/user"): .response(.json(status: 200, Array(#"{"id":8,"login":"p"}"#.utf8)))
        default: .response(.text(status: 500, "unexpected \(request.method) \(request.path)"))
        }
    }

    /// The API changed: `owner.login` removed, `id` a string, `visibility` added, the issues gone (404).
    private static func changed(_ request: HTTPRequest) -> Reply {
        switch (request.method, request.path) {
        case ("GET", "/repos/o/r"):
            .response(.json(status: 200, Array(#"{"id":"R_1","name":"r","owner":{"id":7},"topics":["a"],"visibility":"public"}"#.utf8)))
        case ("GET", "/repos/o/r/issues"): .response(.json(status: 404, Array(#"{"message":"Not Found"}"#.utf8)))
        default: sameShapes(request)
        }
    }

    private func drift(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandOutput {
        let parsed = try MockAPI.parseAsRoot(["drift"] + arguments)
        let command = try #require(parsed as? MockAPI.Drift)
        let upstream = HTTPClientUpstream(options: .init(timeout: 10))
        do {
            let output = try await command.execute(environment: environment, upstream: upstream)
            await upstream.shutdown()
            return output
        } catch {
            await upstream.shutdown()
            throw error
        }
    }

    @Test func otherValuesSameShapes_exitZero_andUnsafeRequestsAreNotSent() async throws {
        let upstream = try StandInUpstream(DriftCommandTests.sameShapes)
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder)
        let output = try await drift([folder.file("Fixtures"), "--header", "Authorization: token tok_drift_123456"])
        #expect(output.status == 0)
        #expect(output.standard == "mockapi drift: 4 interactions in 1 cassette: 3 checked, no drift, "
            + "1 skipped (not GET or HEAD; --unsafe sends it)\n")
        let received = upstream.requests
        #expect(received.map { "\($0.method) \($0.target)" }.sorted() == ["GET /repos/o/r", "GET /repos/o/r/issues?state=open", "GET /user"])
        // The recorded placeholder is not sent; the credential given is, to every request.
        #expect(received.allSatisfy { $0.headers.values("authorization") == ["token tok_drift_123456"] })
        await upstream.stop()
    }

    /// Over cassettes of two APIs, each credential goes to its own upstream only, and a bare --header is refused.
    @Test func headers_reachOnlyTheUpstreamTheyAreBoundTo() async throws {
        let github = try StandInUpstream(DriftCommandTests.sameShapes)
        let qiita = try StandInUpstream { _ in .response(.json(status: 200, Array(#"[{"id":"c686397e4a0f4f11683d","title":"t"}]"#.utf8))) }
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: github.url, in: folder)
        var items = Interaction(
            request: RecordedRequest(method: "GET", path: "/api/v2/items", headers: [("authorization", "Bearer <redacted>")]),
            response: RecordedResponse(status: 200, headers: [("content-type", "application/json")],
                                       body: .json(try JSONValue.parse(#"[{"id":"x","title":"y"}]"#))))
        items.upstream = qiita.url
        try FileIO.createFolder(folder.file("Fixtures/qiita"))
        try Cassette(interactions: [items]).save(to: folder.file("Fixtures/qiita/items.json"))

        let refused = await validationMessage { try await drift([folder.file("Fixtures"), "--header", "Authorization: token gh_secret_1"]) }
        #expect(refused == "--header Authorization would go to 2 upstreams (\(github.url), \(qiita.url)); bind it to the one "
            + "it is for: --header \"\(github.url)=Authorization: …\"")
        #expect(github.requests.isEmpty && qiita.requests.isEmpty)

        let output = try await drift([
            folder.file("Fixtures"), "--header", "\(github.url)=Authorization: token gh_secret_1",
            "--header", "\(qiita.url)/=Authorization: Bearer qiita_secret_2",
        ])
        #expect(output.status == 0)
        #expect(github.requests.count == 3)
        #expect(github.requests.allSatisfy { $0.headers.values("authorization") == ["token gh_secret_1"] })
        #expect(qiita.requests.map(\.path) == ["/api/v2/items"])
        #expect(qiita.requests.allSatisfy { $0.headers.values("authorization") == ["Bearer qiita_secret_2"] })
        await github.stop()
        await qiita.stop()
    }

    private func validationMessage(_ body: () async throws -> CommandOutput) async -> String {
        do {
            _ = try await body()
            return "accepted"
        } catch {
            return MockAPI.message(for: error)
        }
    }

    @Test func removedChangedAddedAndStatus_exitOne_namingEach() async throws {
        let upstream = try StandInUpstream(DriftCommandTests.changed)
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder)
        let output = try await drift([folder.file("Fixtures")])
        #expect(output.status == 1)
        #expect(output.standard == """
            github/repo[0] GET /repos/o/r: $.id: number → string; $.owner.login removed; $.visibility added
            github/repo[1] GET /repos/o/r/issues?state=open: status 200 → 404
            mockapi drift: 4 interactions in 1 cassette: 3 checked, 2 drifted (2 breaking), 1 skipped (not GET or HEAD; --unsafe sends it)

            """)
        #expect(output.error == "")
        await upstream.stop()
    }

    /// `--update` writes the live answers in place, scrubbed; the cassette then replays them and shows no drift.
    @Test func update_makesTheCassetteReplayTheNewAnswers() async throws {
        let token = "tok_update_abcdef123456"
        // The live API echoes the credential it was sent in its body: it must not reach the file.
        let upstream = try StandInUpstream { request in
            if request.path == "/user" {
                let echo = request.headers["authorization"] ?? ""
                return .response(.json(status: 200, Array(#"{"id":8,"login":"p","seen":"\#(echo)"}"#.utf8)))
            }
            return DriftCommandTests.changed(request)
        }
        let folder = TemporaryFolder()
        let file = try recordGitHub(upstream: upstream.url, in: folder)
        let before = try Cassette.load(file: file)
        let output = try await drift([file, "--update", "--header", "Authorization: token \(token)"])
        #expect(output.status == 1)
        #expect(output.standard.contains("mockapi drift: \(file): re-recorded 3 interactions\n"))
        // What changed is said at once, as mockapi diff would say it.
        #expect(output.standard.contains(
            "mockapi drift: \(file): changes: 3 interactions changed (2 breaking), 0 added, 0 removed, 1 unchanged; 1 of 1 cassette changed\n"))
        #expect(output.standard.contains("mockapi drift: \(file):         $.owner.login removed (was \"o\") (breaking)\n"))
        #expect(output.standard.hasSuffix(", 3 drifted (2 breaking), 1 skipped (not GET or HEAD; --unsafe sends it), 3 re-recorded\n"))

        let after = try Cassette.load(file: file)
        #expect(after.interactions.map { "\($0.request.method) \($0.request.path)" } == before.interactions.map { "\($0.request.method) \($0.request.path)" })
        #expect(after.interactions[0].request == before.interactions[0].request)
        #expect(after.interactions[1].response.status == 404)
        #expect(after.interactions[3] == before.interactions[3])
        #expect(after.interactions[2].response.body == .json(try JSONValue.parse(#"{"id":8,"login":"p","seen":"token <redacted>"}"#)))
        #expect(after.interactions[0].recordedAt != before.interactions[0].recordedAt)
        #expect(!folder.allFiles().contains { String(decoding: $0.bytes, as: UTF8.self).contains(token) })

        // Replayed, the cassette gives the new answers.
        let server = try ReplayServer(cassettes: try CassetteLoader.load([file]))
        let client = TestClient()
        let repo = try await client.send("GET", server.baseURL.absoluteString + "/repos/o/r")
        #expect(try JSONValue.parse(repo.body)["visibility"] == .string("public"))
        #expect(try await client.send("GET", server.baseURL.absoluteString + "/repos/o/r/issues?state=open").status == 404)
        await client.shutdown()
        await server.stop()

        // And the live API no longer drifts from it.
        #expect(try await drift([file, "--header", "Authorization: token \(token)"]).status == 0)
        await upstream.stop()
    }

    @Test func json_parsesAndCarriesTheFindings() async throws {
        let upstream = try StandInUpstream(DriftCommandTests.changed)
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder)
        let output = try await drift([folder.file("Fixtures"), "--json"])
        #expect(output.status == 1)
        let document = try JSONValue.parse(output.standard)
        #expect(document["status"] == .integer(1))
        #expect(document["summary"]?["drifted"] == .integer(2))
        let interactions = try #require(document["cassettes"]?.arrayValue?.first?["interactions"]?.arrayValue)
        #expect(interactions.compactMap { $0["target"]?.stringValue } == ["/repos/o/r", "/repos/o/r/issues?state=open", "/repos/o/r/issues"])
        #expect(interactions[0]["findings"]?.arrayValue?.compactMap { $0["message"]?.stringValue }
            == ["$.id: number → string", "$.owner.login removed", "$.visibility added"])
        await upstream.stop()
    }

    @Test func maxAge_reportsOldRecordings() async throws {
        let upstream = try StandInUpstream(DriftCommandTests.sameShapes)
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder, recordedAt: "2020-01-01T00:00:00.000Z")
        let output = try await drift([folder.file("Fixtures"), "--max-age", "90d"])
        #expect(output.status == 1)
        let lines = output.standard.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("github/repo[0] GET /repos/o/r: recorded 2020-01-01T00:00:00.000Z ("))
        #expect(lines[0].hasSuffix(" days ago), older than 90d"))
        #expect(lines[4].hasSuffix("3 checked, no drift, 4 older than --max-age, 1 skipped (not GET or HEAD; --unsafe sends it)"))
        #expect(try await drift([folder.file("Fixtures"), "--max-age", "100000d"]).status == 0)
        await upstream.stop()
    }

    @Test func unsafe_sendsEveryMethod() async throws {
        let upstream = try StandInUpstream { request in
            request.method == "POST" ? .response(.json(status: 201, Array(#"{"number":3}"#.utf8))) : DriftCommandTests.sameShapes(request)
        }
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder)
        let output = try await drift([folder.file("Fixtures"), "--unsafe"])
        #expect(output.standard == "mockapi drift: 4 interactions in 1 cassette: 4 checked, no drift\n")
        #expect(upstream.requests.first { $0.method == "POST" }?.body == Array(#"{"title":"new"}"#.utf8))
        await upstream.stop()
    }

    @Test func noCassette_orNoUpstream_exitTwo() async throws {
        let folder = TemporaryFolder()
        let missing = try await drift([folder.file("Fixtures")])
        #expect(missing.status == 2)
        #expect(missing.error == "mockapi: error: \(folder.file("Fixtures")): no such file or folder\n")

        let (port, socket) = try RawTCP.refusingPort()
        defer { close(socket) }
        let closed = "http://127.0.0.1:\(port)"
        _ = try recordGitHub(upstream: closed, in: folder)
        let unreachable = try await drift([folder.file("Fixtures")])
        #expect(unreachable.status == 2)
        #expect(unreachable.standard.hasPrefix("github/repo[0] GET /repos/o/r: not checked: upstream \(closed) failed: connection refused"))
        #expect(unreachable.standard.hasSuffix("0 checked, no drift, 1 skipped (not GET or HEAD; --unsafe sends it), 3 not checked\n"))
    }

    /// However the folder is written, drift names its cassettes and files the same way.
    @Test func folderForms_nameCassettesAlike() async throws {
        let upstream = try StandInUpstream(DriftCommandTests.changed)
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder)
        let plain = folder.file("Fixtures")
        var reports: [String] = []
        for form in [plain, plain + "/", folder.path + "/./Fixtures//", folder.path + "//Fixtures/./"] {
            let output = try await drift([form, "--json"])
            #expect(output.status == 1)
            let cassettes = try #require(try JSONValue.parse(output.standard)["cassettes"]?.arrayValue)
            reports.append(cassettes.map { "\($0["name"]?.stringValue ?? "?") \($0["file"]?.stringValue ?? "?")" }.joined(separator: "; "))
        }
        #expect(reports.allSatisfy { $0 == "github/repo \(plain)/github/repo.json" }, "\(reports)")
        #expect(CassetteLoader.tidy("./Fixtures/") == "Fixtures" && CassetteLoader.tidy("Fixtures//github/.") == "Fixtures/github"
            && CassetteLoader.tidy("./") == ".")
        await upstream.stop()
    }

    /// A 429 with `Retry-After: 1` is waited out and the request sent again; the answer then is compared.
    @Test func retryAfter_isHonoured() async throws {
        let calls = Calls()
        let upstream = try StandInUpstream { request in
            if calls.next() == 1 {
                return .response(HTTPResponse(status: 429, headers: [("retry-after", "1")], body: Array("slow down".utf8)))
            }
            return DriftCommandTests.sameShapes(request)
        }
        let folder = TemporaryFolder()
        let file = try recordGitHub(upstream: upstream.url, in: folder)
        let started = ContinuousClock.now
        let output = try await drift([file, "--concurrency", "1"])
        #expect(output.status == 0)
        #expect(ContinuousClock.now - started >= .milliseconds(900))
        #expect(upstream.requests.count == 4)
        await upstream.stop()
    }

    /// As people run it: the exit status, the report on stdout, progress on stderr.
    @Test func binary_exitsOne_withProgressOnStderr() async throws {
        let upstream = try StandInUpstream(DriftCommandTests.changed)
        let folder = TemporaryFolder()
        _ = try recordGitHub(upstream: upstream.url, in: folder)
        let run = try await MockAPIProcess.run(["drift", folder.file("Fixtures")])
        #expect(run.status == 1)
        #expect(run.stdout.contains("github/repo[1] GET /repos/o/r/issues?state=open: status 200 → 404\n"))
        #expect(run.stderr == "mockapi drift: 1 of 3\nmockapi drift: 2 of 3\nmockapi drift: 3 of 3\n")
        await upstream.stop()
    }

    @Test func options_areCheckedWithAnExample() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try MockAPI.parseAsRoot(["drift"] + arguments)
                return "accepted"
            } catch {
                return MockAPI.message(for: error)
            }
        }
        #expect(message([]) == "Give at least one cassette file or folder, for example: mockapi drift Fixtures")
        #expect(message(["F", "--upstream", "api.github.com"])
            == "--upstream api.github.com: expected an http:// or https:// URL, as in https://api.github.com")
        #expect(message(["F", "--concurrency", "0"]) == "--concurrency must be 1–64.")
        #expect(message(["F", "--header", "Authorization"]).contains("--header"))
        #expect(message(["F", "--max-age", "3 months"]).contains("--max-age"))
        #expect(message(["F", "--upstream", "/qiita=https://qiita.com", "--header", "Authorization: Bearer x", "--max-age", "90d"]) == "accepted")
    }
}

/// Counts calls from the stand-in's threads.
private final class Calls: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
