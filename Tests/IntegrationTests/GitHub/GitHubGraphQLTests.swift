import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPIJSON
import MockAPITesting
import Testing

/// `GitHubClient.graphql` against real GitHub GraphQL recordings (`Fixtures/github-graphql/`, and decap-cms sessions in
/// `Recordings/decap-cms/`), the base URL swapped
/// for the replay server's. The documents sent here are laid out differently from the recorded ones on purpose:
/// replay matches GraphQL by meaning.
struct GitHubGraphQLTests {
    /// mergestat-lite's stargazers query (shurcooL/githubv4 writes it on one line), re-written by hand: other
    /// whitespace, a comment, other field and argument order, the variables declared in another order.
    static let stargazersQuery = """
        # the stargazers of a repository, 50 at a time
        query ($owner: String!, $name: String!, $perpage: Int!, $starorder: StarOrder, $stargazersCursor: String) {
          repository(name: $name, owner: $owner) {
            name
            owner { login }
            stargazers(orderBy: $starorder, after: $stargazersCursor, first: $perpage) {
              pageInfo { hasNextPage endCursor }
              edges {
                starredAt
                node { login name email bio company location websiteUrl twitterUsername avatarUrl createdAt updatedAt }
              }
            }
          }
          rateLimit { used resetAt remaining nodeCount limit cost }
        }
        """

    struct Stargazers: Decodable, Sendable {
        struct Repository: Decodable, Sendable {
            struct Connection: Decodable, Sendable {
                struct Edge: Decodable, Sendable {
                    struct Node: Decodable, Sendable { let login: String }
                    let starredAt: String
                    let node: Node
                }
                let edges: [Edge]
                let pageInfo: GitHub.GraphQLPageInfo
            }
            let stargazers: Connection
        }
        let repository: Repository
    }

    /// Ten pages of 50, each asked with the previous page's `endCursor`, all answered from the recording in order.
    /// The recording stops at page 10 although it says `hasNextPage: true`: the 11th call is a miss that names the
    /// cursor the recording never saw.
    @Test func GraphQL_stargazerPages_areWalkedToTheEndOfTheRecording() async throws {
        try await withReplayServer(cassettes: ["github-graphql/stargazers"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            let pages = github.graphqlPages(
                Self.stargazersQuery,
                variables: ["owner": "mergestat", "name": "mergestat", "perpage": 50,
                            "stargazersCursor": nil as String?, "starorder": nil as String?],
                cursor: "stargazersCursor", as: Stargazers.self
            ) { $0.repository.stargazers.pageInfo }
            var logins: [String] = []
            var pageCount = 0
            var failure: APIError?
            do throws(APIError) {
                for try await page in pages {
                    pageCount += 1
                    logins += page.repository.stargazers.edges.map(\.node.login)
                }
            } catch {
                failure = error
            }
            #expect(pageCount == 10)
            #expect(logins.count == 500)
            #expect(Set(logins).count == 500)
            #expect(answers(server).prefix(10) == ArraySlice((0..<10).map { "github-graphql/stargazers#\($0)" }))
            #expect(failure?.status == 404)
            let miss = try #require(server.unmatched.first)
            #expect(miss.operation == "query")
            #expect(miss.nearest.first?.differences.first?.hasPrefix("variables $.stargazersCursor: ") == true)
        }
    }

    struct AutoMerge: Decodable, Sendable {
        struct Payload: Decodable, Sendable {
            struct PullRequest: Decodable, Sendable { let id: String }
            let pullRequest: PullRequest
        }
        let enablePullRequestAutoMerge: Payload
    }

    static func autoMergeMutation(email: String) -> String {
        """
        mutation EnableAutoMerge {
          enablePullRequestAutoMerge(input: {
            clientMutationId: "github-api", pullRequestId: "PR_kwDON6BPMc6Ox8DC",
            expectedHeadOid: "4888b44d7204dd05680e90159af839c8b1194b6d",
            commitHeadline: "This is commit title.", commitBody: "This is commit body.",
            authorEmail: "\(email)"\(email == "sa20207@naver.com" ? ", mergeMethod: MERGE" : "")
          }) {
            pullRequest { id }
          }
        }
        """
    }

    /// hub4j/github-api's recorded mutation, the input object written in another order and layout.
    @Test func GraphQL_aMutation_isAnsweredFromTheRecording() async throws {
        try await withReplayServer(cassettes: ["github-graphql/enable-auto-merge"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            let result = try await github.graphql(Self.autoMergeMutation(email: "sa20207@naver.com"), as: AutoMerge.self)
            #expect(result.enablePullRequestAutoMerge.pullRequest.id == "PR_kwDON6BPMc6Ox8DC")
            #expect(answers(server) == ["github-graphql/enable-auto-merge#1"])
        }
    }

    /// GitHub answers a failed mutation with 200 and `errors`: the client throws `APIError.graphQL` with every error.
    @Test func GraphQL_aRecordedErrorsAnswer_isAnAPIErrorKeepingEveryError() async throws {
        try await withReplayServer(cassettes: ["github-graphql/enable-auto-merge-failure"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            do throws(APIError) {
                _ = try await github.graphql(Self.autoMergeMutation(email: "failureEmail@gmail.com"), as: AutoMerge.self)
                Issue.record("expected APIError.graphQL")
            } catch {
                guard case .graphQL(_, let response, _, let errors) = error else {
                    Issue.record("expected APIError.graphQL, got \(error)")
                    return
                }
                #expect(response.status == 200)
                #expect(errors == [GraphQLResponseError(
                    message: "seate does not have a verified email, which is required to enable auto-merging.",
                    path: [.field("enablePullRequestAutoMerge")], locations: [.init(line: 1, column: 28)], type: "UNPROCESSABLE")])
                #expect(error.description.hasSuffix(
                    "/graphql: GraphQL error: UNPROCESSABLE at enablePullRequestAutoMerge: seate does not have a verified "
                        + "email, which is required to enable auto-merging."))
            }
            #expect(answers(server) == ["github-graphql/enable-auto-merge-failure#0"])
        }
    }

    /// The decap-cms session cassettes: one in `Fixtures/github-graphql/`, the others in
    /// `Tests/IntegrationTests/Recordings/decap-cms/` (sessions that answer the same request differently, served one at
    /// a time), each with the name the replay server gives it.
    static func decapSessions() throws -> [(name: String, file: String)] {
        let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Recordings/decap-cms").standardized.path
        let files = try FileManager.default.contentsOfDirectory(atPath: recordings)
            .filter { $0.hasPrefix("decap-") && $0.hasSuffix(".json") }.sorted()
        let served = "github-graphql/decap-simple-workflow-loads"
        return [(served, try Fixtures.resolve(served))] + files.map { (String($0.dropLast(5)), recordings + "/" + $0) }
    }

    /// Every GraphQL call of the decap-cms recordings (Apollo: named fragments, inline fragments, aliases,
    /// `__typename`), sent again laid out as another client would (``reformatted(_:)``), with its variables' keys and its
    /// body's members in reverse order, finds its recording, in recorded order. Between them the recordings hold every
    /// operation decap-cms sends.
    @Test func GraphQL_decapQueriesReformatted_stillMatch() async throws {
        let sessions = try Self.decapSessions()
        #expect(sessions.count == 5)
        var operations: Set<String> = []
        var sent = 0
        for (name, file) in sessions {
            let cassette = try Cassette(bytes: try FileIO.read(file), file: file)
            let calls = cassette.interactions.enumerated().filter { $0.element.request.path == "/graphql" }
            try await withReplayServer(cassettes: [file]) { server in
                for (_, interaction) in calls {
                    guard case .object(let members) = try JSONValue.parse(interaction.request.body.bytes),
                        let query = members.first(where: { $0.name == "query" })?.value.stringValue
                    else { Issue.record("a GraphQL body"); continue }
                    operations.insert(members.first { $0.name == "operationName" }?.value.stringValue ?? "(anonymous)")
                    var reformatted: [JSONMember] = []
                    for member in members.reversed() {
                        switch member.name {
                        case "query":
                            let text = Self.reformatted(query)
                            #expect(text != query)
                            reformatted.append(JSONMember("query", .string(text)))
                        case "variables":
                            reformatted.append(JSONMember("variables", .object(member.value.objectValue?.reversed() ?? [])))
                        default:
                            reformatted.append(member)
                        }
                    }
                    let answer = try await GitHubClient(baseURL: server.baseURL).rest.sendWithResponse(
                        RawPost(bytes: Data(JSONValue.object(reformatted).compactBytes())))
                    #expect(answer.response.status == 200, "\(name): \(String(decoding: answer.value, as: UTF8.self).prefix(600))")
                    sent += 1
                }
                #expect(answers(server) == calls.map { "\(name)#\($0.offset)" })
            }
        }
        #expect(sent == 94)
        #expect(operations == [
            "(anonymous)", "blob", "branch", "fileSha", "files", "openAuthoringBranches", "pullRequests", "repoPermission",
            "statues", "closePullRequestAndDeleteBranch", "createBranch", "createBranchAndPullRequest", "createPullRequest",
            "deleteRef", "updateRef",
        ])
    }

    /// A decap-cms document (Apollo prints one field a line, fragments after the operation, `__typename` last in each
    /// selection set) as another client might lay it out: the fragments first, `__typename` first in each selection
    /// set, a comment at the top and after each `{`, and every line break a comma, a line break and a tab.
    static func reformatted(_ query: String) -> String {
        let definitions = query.components(separatedBy: "\n\n").filter { !$0.allSatisfy(\.isWhitespace) }
        var lines: [String] = []
        // Where the first line of each selection set still open goes.
        var opened: [Int] = []
        for line in definitions.reversed().joined(separator: "\n").components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "__typename", let first = opened.last {
                lines.insert(line, at: first)
                continue
            }
            lines.append(trimmed.hasSuffix("{") ? line + " # another client" : line)
            if trimmed.hasSuffix("{") { opened.append(lines.count) }
            if trimmed.hasPrefix("}"), !opened.isEmpty { opened.removeLast() }
        }
        return "# sent again by a test\n" + lines.joined(separator: " ,\n\t")
    }
}

/// `POST /graphql` with a body as given, answered as bytes: for sending a recorded body re-formatted.
private struct RawPost: Endpoint {
    typealias Response = Data
    let bytes: Data
    var method: HTTPTypes.HTTPRequest.Method { .post }
    var body: RequestBody? { RequestBody(data: bytes, contentType: "application/json") }
    var path: String { "/graphql" }
}
