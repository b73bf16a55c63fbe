import APIClient
import APIClientTesting
import Foundation
import Testing

/// One-off calls by chaining, without an endpoint type.
struct RequestBuilderTests {
    @Test func getString_underAPrefixedBaseURL() async throws {
        let transport = StubTransport(.make(200, "Practicality beats purity."))
        let client = makeClient(transport, baseURL: "http://127.0.0.1:8080/@cassette")
        #expect(try await client.request(.get, "/zen").string() == "Practicality beats purity.")
        #expect(transport.urls == ["http://127.0.0.1:8080/@cassette/zen"])
        #expect(transport.requests.first?.method == .get)
    }

    @Test func queryAndHeadersThenDecode() async throws {
        let transport = StubTransport(.json(200, #"[{"login": "a", "id": 1}]"#))
        let client = makeClient(transport)
        let people = try await client.request(.get, "/people")
            .query("q", "a b:c")
            .query([URLQueryItem(name: "per_page", value: "2")])
            .header("X-Trace", "t1")
            .header("Accept", "application/vnd.test+json")
            .decode([Person].self)
        #expect(people == [Person(login: "a", id: 1)])
        let request = try #require(transport.requests.first)
        #expect(request.url?.absoluteString == "https://api.example.com/people?q=a%20b%3Ac&per_page=2")
        #expect(request.headers["X-Trace"] == "t1")
        #expect(request.headers[values: "Accept"] == ["application/vnd.test+json"])
        #expect(request.headers["User-Agent"] == "mockapi-APIClient/1")
    }

    @Test func postJSON() async throws {
        let transport = StubTransport(.json(201, #"{"login": "new", "id": 9}"#))
        let client = makeClient(transport)
        let created = try await client.request(.post, "/people").json(Person(login: "new", id: 9)).decode(Person.self)
        #expect(created == Person(login: "new", id: 9))
        let request = try #require(transport.requests.first)
        #expect(request.method.rawValue == "POST")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"id":9,"login":"new"}"#)
    }

    /// A PUT without a body sends an empty one; `empty()` accepts the 204.
    @Test func putWithoutBody_andEmptyAnswer() async throws {
        let transport = StubTransport(.make(204))
        let client = makeClient(transport)
        try await client.request(.put, "/repos/o/r/issues/1/lock").empty()
        #expect(transport.requests.first?.method == .put)
    }

    @Test func rawBodyWithContentType() async throws {
        let transport = StubTransport(.make(200, "<b>ok</b>"))
        let client = makeClient(transport)
        _ = try await client.request(.post, "/markdown/raw").body(Data("**ok**".utf8), contentType: "text/plain").data()
        let request = try #require(transport.requests.first)
        #expect(request.headers["Content-Type"] == "text/plain")
        #expect(request.body == Data("**ok**".utf8))
    }

    @Test func dataAndResponse() async throws {
        let transport = StubTransport(
            .bytes(200, Data([1, 2])), .make(200, "x", headers: ["ETag": "\"e\""]))
        let client = makeClient(transport)
        #expect(try await client.request(.get, "/blob").data() == Data([1, 2]))
        let (response, _) = try await client.request(.head, "/blob").response()
        #expect(response.headerFields[.eTag] == "\"e\"")
        #expect(transport.requests.last?.method == .head)
    }

    /// Retries, auth refresh and listeners apply exactly as for typed endpoints.
    @Test func getsRetriesRefreshAndEvents() async throws {
        let clock = TestClock()
        let recorder = EventRecorder()
        let auth = CountingAuth()
        let transport = StubTransport(.make(503), .make(401), .make(200, "ok"))
        let client = makeClient(transport, clock: clock) {
            $0.auth = auth
            $0.listeners = [recorder]
        }
        #expect(try await client.request(.get, "/zen").string() == "ok")
        #expect(clock.sleeps == [.seconds(1)])
        #expect(auth.refreshes == 1)
        #expect(recorder.trace == [
            "start", "received 503", "retry 2 1.0 seconds", "received 401", "authRefresh",
            "received 200", "validated 200", "decoded", "success", "end 3",
        ])
    }

    @Test func errorsAreTyped() async throws {
        let transport = StubTransport(.json(404, #"{"message": "Not Found", "code": "gone"}"#))
        let client = makeClient(transport) { $0.errorBodyDecoder = .json(TestErrorBody.self) }
        let error = try #require(await apiError { try await client.request(.delete, "/things/1").empty() })
        #expect(error.description == "DELETE https://api.example.com/things/1: unexpected status 404: Not Found [gone]")
    }

    @Test func unencodableJSON_isEncodingFailed() async throws {
        let transport = StubTransport()
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.request(.patch, "/things/1").json(Unencodable()).empty() })
        #expect(EventRecorder.caseName(error) == "encodingFailed")
        #expect(transport.requests.isEmpty)
    }

    /// One call can spell its query differently from the client.
    @Test func perCallQueryEncoder() async throws {
        let transport = StubTransport(.make(200, "ok"), .make(200, "ok"))
        let client = makeClient(transport)
        _ = try await client.request(.get, "/search").query("q", "a b").queryEncoder(PercentQueryEncoder(spaces: .plus)).string()
        _ = try await client.request(.get, "/search").query("q", "a b").string()
        #expect(transport.urls == ["https://api.example.com/search?q=a+b", "https://api.example.com/search?q=a%20b"])
    }

    /// An absolute URL of another origin is refused, not appended to the base URL (which sent
    /// `https://api.example.com/https://other.example.com/x`): nothing is sent.
    @Test func absoluteURLOfAnotherOrigin_isInvalidURL_andNothingIsSent() async throws {
        let transport = StubTransport(.make(200, "never"))
        let client = makeClient(transport)
        let error = try #require(await apiError {
            try await client.request(.get, "https://other.example.com/x").string()
        })
        guard case .invalidURL(let request, let reason) = error else {
            Issue.record("expected invalidURL, got \(error)")
            return
        }
        #expect(request.url == "https://other.example.com/x")
        #expect(reason == "the path 'https://other.example.com/x' is an absolute URL outside the base URL's origin "
            + "'https://api.example.com'; give a path, or a URL with the base URL's scheme, host and port")
        #expect(transport.requests.isEmpty)
    }

    /// Scheme and port count too: http instead of https, or another port, is another origin.
    @Test(arguments: ["http://api.example.com/x", "https://api.example.com:8443/x", "mailto:someone@example.com"])
    func absoluteURLWithAnotherSchemeOrPort_isInvalidURL(url: String) async throws {
        let transport = StubTransport()
        let error = try #require(await apiError { try await makeClient(transport).request(.get, url).string() })
        #expect(EventRecorder.caseName(error) == "invalidURL")
        #expect(transport.requests.isEmpty)
    }

    /// An absolute URL on the base URL's scheme, host and port (a `url` field of an earlier answer) is sent as it is,
    /// with the query items and the credentials of the base URL.
    @Test func absoluteURLOfTheBaseOrigin_isSentAsItIs() async throws {
        let transport = StubTransport(.make(200, "ok"))
        let client = makeClient(transport, baseURL: "http://127.0.0.1:8080/@cassette") { $0.auth = CountingAuth() }
        _ = try await client.request(.get, "http://127.0.0.1:8080/repositories/1/issues").query("page", "2").string()
        #expect(transport.urls == ["http://127.0.0.1:8080/repositories/1/issues?page=2"])
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer token-1")
    }

    /// A path that only contains a colon is still a path.
    @Test func pathWithAColon_isAppended() async throws {
        let transport = StubTransport(.make(200, "ok"))
        _ = try await makeClient(transport).request(.get, "/repos/o/r/compare/main:feature").string()
        #expect(transport.urls == ["https://api.example.com/repos/o/r/compare/main:feature"])
    }
}
