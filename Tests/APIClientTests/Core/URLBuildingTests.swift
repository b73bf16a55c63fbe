import APIClient
import APIClientTesting
import Foundation
import Testing

struct URLBuildingTests {
    /// A base URL with a path prefix keeps it: endpoint paths are appended after it.
    @Test(arguments: [
        ("http://127.0.0.1:8080/api/v2", "/items", "http://127.0.0.1:8080/api/v2/items"),
        ("http://127.0.0.1:8080/api/v2/", "/items", "http://127.0.0.1:8080/api/v2/items"),
        ("http://127.0.0.1:8080/@cassette", "/zen", "http://127.0.0.1:8080/@cassette/zen"),
        ("https://api.github.com", "/zen", "https://api.github.com/zen"),
        ("https://api.github.com/", "zen", "https://api.github.com/zen"),
    ])
    func pathIsAppendedToTheBaseURLPrefix(base: String, path: String, expected: String) async throws {
        // given
        let transport = StubTransport(.make(200, "ok"))
        let client = makeClient(transport, baseURL: base)
        // when
        _ = try await client.send(GetText.at(path))
        // then
        #expect(transport.urls == [expected])
    }

    /// Values put in a path with `EndpointPath` cannot escape their segment.
    @Test func pathSegmentsArePercentEncoded() {
        #expect(EndpointPath.join("users", "a b/c?d#e%f") == "/users/a%20b%2Fc%3Fd%23e%25f")
        #expect(EndpointPath.segment("octokit-fixture-org") == "octokit-fixture-org")
    }

    /// Query items follow the path, after the prefix.
    @Test func queryFollowsThePrefixedPath() async throws {
        let transport = StubTransport(.json(200, "[1, 2]"))
        let client = makeClient(transport, baseURL: "http://127.0.0.1:8080/api/v2")
        _ = try await client.send(ListNumbers())
        #expect(transport.urls == ["http://127.0.0.1:8080/api/v2/numbers?per_page=2"])
    }

    /// A base URL without scheme or host cannot be sent anywhere: the call fails before reaching the transport.
    @Test func baseURLWithoutHost_isInvalidURL() async throws {
        let transport = StubTransport()
        let client = makeClient(transport, baseURL: "just/a/path")
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.description
            == "GET just/a/path/zen: invalid URL: the base URL 'just/a/path' has no scheme or host")
        #expect(transport.requests.isEmpty)
    }

    /// A query smuggled into the path is refused rather than double-encoded.
    @Test func pathWithQuery_isInvalidURL() async throws {
        let transport = StubTransport()
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetText.at("/zen?x=1")) })
        guard case .invalidURL(let request, let reason) = error else {
            Issue.record("expected invalidURL, got \(error)")
            return
        }
        #expect(request.url == "https://api.example.com/zen?x=1")
        #expect(reason == "the path '/zen?x=1' contains '?' or '#'; give query items to the endpoint")
        #expect(transport.requests.isEmpty)
    }
}

extension GetText {
    /// A text endpoint at another path.
    static func at(_ path: String) -> some Endpoint<String> {
        AnyTextEndpoint(path: path)
    }
}

struct AnyTextEndpoint: Endpoint {
    typealias Response = String
    var path: String
}
