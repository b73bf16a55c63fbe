import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// The query encoder and per-call headers, against recordings that only match when they are right. The replay
/// server decodes queries before matching (`+` and `%20` are both a space, `%2B` is a plus) and keeps the raw query
/// in its journal, so a test sees both whether the request matched and how it was spelled.
struct RequestCustomisationTests {
    typealias RepositorySearch = GitHub.SearchResult<GitHub.Repository>

    /// `GET /search/repositories` as a typed endpoint, with its own query encoder when it is given one.
    struct SearchRepositories: Endpoint {
        typealias Response = RepositorySearch
        var query: String
        var queryEncoder: (any QueryEncoder)?
        var path: String { "/search/repositories" }
        var queryItems: [URLQueryItem] {
            [URLQueryItem(name: "q", value: query), URLQueryItem(name: "sort", value: "stars"),
             URLQueryItem(name: "order", value: "desc")]
        }
    }

    /// Spells the query as `URLComponents` does, which leaves `+` (and `:`) as they are.
    struct URLComponentsEncoder: QueryEncoder {
        func encode(_ items: [URLQueryItem]) -> String {
            var components = URLComponents()
            components.queryItems = items
            return components.percentEncodedQuery ?? ""
        }
    }

    /// How the query encoder is chosen in each case below.
    enum EncoderChoice: String, CaseIterable, Sendable {
        case clientDefault, clientPlus, endpointPlus, callPlus
    }

    /// The documented search spells spaces `+`. Spaces as `%20` (the default) or as `+` (a replaced encoder, set for
    /// the client, for one endpoint, or for one call) match it alike, and the server saw exactly the spelling chosen.
    @Test(arguments: EncoderChoice.allCases)
    func spaces_asPercent20OrPlus_matchTheDocumentedSearch(_ choice: EncoderChoice) async throws {
        try await withReplayServer(cassettes: ["github/client/search-repositories"]) { server in
            let plus = PercentQueryEncoder(spaces: .plus)
            let github = GitHubClient(baseURL: server.baseURL) { if choice == .clientPlus { $0.queryEncoder = plus } }
            let query = "tetris language:assembly"
            let result: RepositorySearch = switch choice {
            case .clientDefault, .clientPlus:
                try await github.rest.send(SearchRepositories(query: query))
            case .endpointPlus:
                try await github.rest.send(SearchRepositories(query: query, queryEncoder: plus))
            case .callPlus:
                try await github.rest.request(.get, "/search/repositories").query("q", query)
                    .query([URLQueryItem(name: "sort", value: "stars"), URLQueryItem(name: "order", value: "desc")])
                    .queryEncoder(plus).decode(RepositorySearch.self)
            }

            #expect(result.totalCount == 40)
            #expect(result.items.map(\.fullName) == ["dtrupenn/Tetris"])
            let space = choice == .clientDefault ? "%20" : "+"
            #expect(server.requests.map(\.query) == ["q=tetris\(space)language%3Aassembly&sort=stars&order=desc"])
            #expect(answers(server) == ["github/client/search-repositories#0"])
        }
    }

    /// A literal `+` must go out as `%2B`: the default encoder (and its `+`-for-space variant) does so, and the
    /// recorded `language:c++` search answers.
    @Test(arguments: [PercentQueryEncoder.SpaceEncoding.percent20, .plus])
    func literalPlus_isSentAsPercent2B(_ spaces: PercentQueryEncoder.SpaceEncoding) async throws {
        try await withReplayServer(cassettes: ["github/client/search-repositories"]) { server in
            let github = GitHubClient(baseURL: server.baseURL) { $0.queryEncoder = PercentQueryEncoder(spaces: spaces) }
            let result = try await github.rest.send(SearchRepositories(query: "tetris language:c++"))

            #expect(result.totalCount == 0)
            let space = spaces == .plus ? "+" : "%20"
            #expect(server.requests.map(\.query) == ["q=tetris\(space)language%3Ac%2B%2B&sort=stars&order=desc"])
            #expect(answers(server) == ["github/client/search-repositories#1"])
        }
    }

    /// An encoder that leaves `+` raw sends `c++`, which means `c` and two spaces: nothing recorded matches, and the
    /// mock says so. This is why the encoder is the caller's to choose, and why the default escapes `+`.
    @Test func encoderLeavingPlusRaw_missesTheRecording() async throws {
        try await withReplayServer(cassettes: ["github/client/search-repositories"]) { server in
            let github = GitHubClient(baseURL: server.baseURL) {
                $0.queryEncoder = URLComponentsEncoder()
                $0.retryPolicy = .never
            }
            let error = try #require(await #expect(throws: APIError.self) {
                try await github.rest.send(SearchRepositories(query: "tetris language:c++"))
            })

            #expect(error.status == 404)
            #expect(error.response?.headerFields[HTTPField.Name("X-Mockapi-Unmatched")!] == "1")
            #expect(server.unmatched.map(\.query) == ["q=tetris%20language:c++&sort=stars&order=desc"])
        }
    }

    /// The recorded README request asked for the raw media type. With replay matching `accept`, only a call that
    /// sets that header itself gets the file: per call on a typed endpoint, or on a one-off call. The per-call
    /// value replaces GitHub's default `Accept` (two values would not match either).
    @Test func perCallHeader_matchesTheRecordedAccept() async throws {
        struct GetReadme: Endpoint {
            typealias Response = String
            var path: String { "/repos/octokit-fixture-org/hello-world/contents/README.md" }
        }
        let raw = "application/vnd.github.v3.raw"
        try await withReplayServer(cassettes: ["github/get-content"], options: ReplayOptions(matchHeaders: ["accept"])) {
            server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token") { $0.retryPolicy = .never }
            let typed = try await github.rest.send(GetReadme(), headers: [.accept: raw])
            let oneOff = try await github.rest.request(.get, GetReadme().path).header(.accept, raw).string()
            let withoutHeader = try #require(await #expect(throws: APIError.self) { try await github.rest.send(GetReadme()) })

            #expect(typed == "# hello-world")
            #expect(oneOff == "# hello-world")
            #expect(withoutHeader.response?.headerFields[HTTPField.Name("X-Mockapi-Unmatched")!] == "1")
            #expect(answers(server) == ["github/get-content#1", "github/get-content#1", "unmatched"])
        }
    }
}
