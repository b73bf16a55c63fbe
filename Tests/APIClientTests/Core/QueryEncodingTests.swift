import APIClient
import APIClientTesting
import Foundation
import Testing

struct QueryEncodingTests {
    /// The default spelling is the one GitHub's recorded traffic uses, so requests match cassettes byte for byte.
    @Test func defaultEncoder_matchesGitHubRecordedSearch() {
        let query = PercentQueryEncoder().encode([
            URLQueryItem(name: "q", value: "sesame repo:octokit-fixture-org/search-issues"),
        ])
        #expect(query == "q=sesame%20repo%3Aoctokit-fixture-org%2Fsearch-issues")
    }

    /// Reserved characters in values are escaped; unreserved ones are not; order and bare names are kept.
    @Test func defaultEncoder_escapesReservedCharactersAndKeepsOrder() {
        let query = PercentQueryEncoder().encode([
            URLQueryItem(name: "z", value: "a+b&c=d"),
            URLQueryItem(name: "flag", value: nil),
            URLQueryItem(name: "a", value: "-._~ü"),
        ])
        #expect(query == "z=a%2Bb%26c%3Dd&flag&a=-._~%C3%BC")
    }

    /// Form style sends spaces as `+`, and then a literal `+` must be `%2B`.
    @Test func plusEncoder_writesSpacesAsPlus() {
        let query = PercentQueryEncoder(spaces: .plus).encode([URLQueryItem(name: "q", value: "a b+c")])
        #expect(query == "q=a+b%2Bc")
    }

    /// The client uses the encoder it is given.
    @Test func clientUsesTheConfiguredEncoder() async throws {
        let transport = StubTransport(.make(200, "ok"))
        let client = makeClient(transport) { $0.queryEncoder = PercentQueryEncoder(spaces: .plus) }
        _ = try await client.send(SearchText(query: "is:open label:bug"))
        #expect(transport.urls == ["https://api.example.com/search?q=is%3Aopen+label%3Abug"])
    }

    /// Any `QueryEncoder` can replace the default.
    @Test func customEncoderReplacesTheDefault() async throws {
        struct Reversed: QueryEncoder {
            func encode(_ items: [URLQueryItem]) -> String {
                items.reversed().map { "\($0.name)=\($0.value ?? "")" }.joined(separator: ";")
            }
        }
        let transport = StubTransport(.make(200, "ok"))
        let client = makeClient(transport) { $0.queryEncoder = Reversed() }
        _ = try await client.send(SearchText(query: "x", page: 2))
        #expect(transport.urls == ["https://api.example.com/search?page=2;q=x"])
    }
}

struct SearchText: Endpoint {
    typealias Response = String
    var query: String
    var page: Int?
    var path: String { "/search" }
    var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "q", value: query)] + (page.map { [URLQueryItem(name: "page", value: String($0))] } ?? [])
    }
}
