import Foundation
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import Testing
import TestSupport

/// Importing the formats GitHub GraphQL recordings come in: go-vcr cassettes and WireMock stub mappings, detected from
/// their content.
struct GraphQLImportTests {
    /// A go-vcr cassette as mergestat-lite's are written (values shortened): `url`, `code`, `status` text, header
    /// lists, a block-scalar body ending in a newline, `duration` in Go's notation.
    static let goVCR = """
        ---
        version: 1
        interactions:
        - request:
            body: |
              {"query":"query($owner:String!){repository(owner: $owner, name: \\"r\\"){name}}","variables":{"owner":"o"}}
            form: {}
            headers:
              Content-Type:
              - application/json
            url: https://api.github.com/graphql
            method: POST
          response:
            body: '{"data":{"repository":{"name":"r"}}}'
            headers:
              Content-Type:
              - application/json; charset=utf-8
              X-Ratelimit-Resource:
              - graphql
            status: 200 OK
            code: 200
            duration: 133.869294ms
        - request:
            body: ""
            form: {}
            headers: {}
            url: https://api.github.com/zen?x=1
            method: GET
          response:
            body: Keep it logically awesome.
            headers: {}
            status: 404 Not Found
            code: 404
            duration: 1.5s
        """

    @Test func GraphQL_goVCRCassette_isDetectedAndImported() throws {
        let result = try CassetteImporter(rules: .none).importContents(
            [("TestRepo.yaml", Array(GraphQLImportTests.goVCR.utf8))], output: "out.json")
        let interactions = result.cassette.interactions
        #expect(result.inputs.map(\.description) == ["go-vcr cassette (version 1)"])
        #expect(interactions.count == 2)
        #expect(interactions.map(\.request.method) == ["POST", "GET"])
        #expect(interactions.map(\.request.path) == ["/graphql", "/zen"])
        #expect(interactions.map(\.request.query) == [nil, "x=1"])
        #expect(interactions.map(\.upstream) == ["https://api.github.com", "https://api.github.com"])
        #expect(interactions.map(\.response.status) == [200, 404])
        #expect(interactions.map(\.durationMs) == [133.869, 1500], "kept to the microsecond, as recordings are")
        #expect(interactions[0].request.body.bytes == Array(
            #"{"query":"query($owner:String!){repository(owner: $owner, name: \"r\"){name}}","variables":{"owner":"o"}}"#.utf8 + [0x0A]))
        #expect(interactions[0].response.headers["x-ratelimit-resource"] == "graphql")
        #expect(interactions[1].response.body == .text("Keep it logically awesome."))
    }

    @Test func GraphQL_goVCRDurationThatIsNotGo_isAnErrorSayingWhere() {
        let broken = GraphQLImportTests.goVCR.replacingOccurrences(of: "duration: 1.5s", with: "duration: soon")
        #expect(throws: InteropError.invalid(
            file: "t.yaml", at: "interactions[1].response.duration",
            reason: #"expected a Go duration such as 133.869294ms or 1.5s, found "soon""#, line: 34)
        ) {
            try CassetteImporter(rules: .none).importContents([("t.yaml", Array(broken.utf8))], output: "out.json")
        }
    }

    /// WireMock's recorder layout: one stub per file under `mappings/`, a body inline (the GraphQL `errors` answer)
    /// or in `__files/`, the GraphQL request as an `equalToJson` string.
    @Test func GraphQL_wireMockMappings_areDetectedAndImported_withBodiesFromFiles() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("__files"), withIntermediateDirectories: true)
        let user = #"{"request":{"url":"/user","method":"GET","headers":{"Accept":{"equalTo":"application/vnd.github+json"}}},"#
            + #""response":{"status":200,"bodyFileName":"1-user.json","headers":{"Content-Type":"application/json"}}}"#
        let graphql = #"{"request":{"url":"/graphql","method":"POST","bodyPatterns":[{"equalToJson":"{\"query\":\"mutation M { a }\"}","#
            + #""ignoreArrayOrder":true}]},"response":{"status":200,"body":"{\"data\":{\"a\":null},\"errors\":[{\"message\":\"no\"}]}","#
            + #""headers":{"X-GitHub-Media-Type":"github.v4; format=json","Vary":["Accept","Accept-Encoding"]}}}"#
        let pattern = #"{"request":{"urlPattern":"/repos/.*","method":"GET"},"response":{"status":204}}"#
        try Data(user.utf8).write(to: URL(fileURLWithPath: folder.file("mappings/1-user.json")))
        try Data(graphql.utf8).write(to: URL(fileURLWithPath: folder.file("mappings/2-graphql.json")))
        try Data(pattern.utf8).write(to: URL(fileURLWithPath: folder.file("mappings/3-pattern.json")))
        try Data(#"{"login":"octocat"}"#.utf8).write(to: URL(fileURLWithPath: folder.file("__files/1-user.json")))

        let result = try CassetteImporter(rules: .none).importFiles(
            ["1-user", "2-graphql", "3-pattern"].map { folder.file("mappings/\($0).json") }, output: "out.json")
        let interactions = result.cassette.interactions
        #expect(result.inputs.map(\.description) == Array(repeating: "WireMock stub mapping", count: 3))
        #expect(interactions.count == 2)
        #expect(interactions[0].request.headers["accept"] == "application/vnd.github+json")
        #expect(interactions[0].response.body.bytes == Array(#"{"login":"octocat"}"#.utf8))
        #expect(interactions[1].request.body.bytes == Array(#"{"query":"mutation M { a }"}"#.utf8))
        #expect(interactions[1].response.body.bytes == Array(#"{"data":{"a":null},"errors":[{"message":"no"}]}"#.utf8))
        #expect(interactions[1].response.headers.values("vary") == ["Accept", "Accept-Encoding"])
        #expect(interactions.allSatisfy { $0.upstream == nil })
        #expect(result.warnings.map(\.message) == ["matches URLs by pattern (no url or urlPath): stub skipped"])
    }

    /// The committed fixtures were made by these importers from the shared data, and replay: each names its origin.
    @Test func GraphQL_fixturesSayWhereTheyCameFrom() throws {
        let folder = try Inputs.fixtures + "/github-graphql"
        for name in ["stargazers", "repo-info", "enable-auto-merge", "enable-auto-merge-failure", "mark-ready-for-review",
                     "decap-simple-workflow-loads"] {
            let cassette = try Cassette(bytes: try FileIO.read("\(folder)/\(name).json"), file: name)
            let source = try #require(cassette.source)
            #expect(["mergestat/mergestat-lite@", "hub4j/github-api@", "decaporg/decap-cms@"].contains { source.contains($0) })
        }
    }
}
