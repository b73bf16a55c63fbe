import APIClient
import APIClientTesting
import Foundation
import Testing

/// Every `APIError` case: what reaches it, what it keeps, and the line a person reads.
struct APIErrorTests {
    @Test func encodingFailed_keepsTheUnderlyingErrorAndSendsNothing() async throws {
        let transport = StubTransport()
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(PostUnencodable()) })
        guard case .encodingFailed(_, let underlying) = error else {
            Issue.record("expected encodingFailed, got \(error)")
            return
        }
        #expect(underlying as? TestError == TestError("this value refuses to be encoded"))
        #expect(error.description
            == "POST https://api.example.com/things: cannot encode the request body: this value refuses to be encoded")
        #expect(transport.requests.isEmpty)
    }

    @Test func authenticationFailed_keepsTheProviderError() async throws {
        struct FailingAuth: AuthProvider {
            func authorize(_ request: HTTPRequest) async throws -> HTTPRequest { throw TestError("keychain locked") }
        }
        let transport = StubTransport()
        let client = makeClient(transport) { $0.auth = FailingAuth() }
        let error = try #require(await apiError { try await client.send(GetText()) })
        guard case .authenticationFailed(_, let underlying) = error else {
            Issue.record("expected authenticationFailed, got \(error)")
            return
        }
        #expect(underlying as? TestError == TestError("keychain locked"))
        #expect(error.description == "GET https://api.example.com/zen: authentication failed: keychain locked")
        #expect(transport.requests.isEmpty)
    }

    @Test func transport_keepsTheUnderlyingError() async throws {
        let transport = StubTransport([.failure(TestError("connection refused"))])
        let client = makeClient(transport) { $0.retryPolicy = .never }
        let error = try #require(await apiError { try await client.send(GetText()) })
        guard case .transport(_, let underlying) = error else {
            Issue.record("expected transport, got \(error)")
            return
        }
        #expect(underlying as? TestError == TestError("connection refused"))
        #expect(error.description == "GET https://api.example.com/zen: no response: connection refused")
    }

    /// A `URLError` is described by its message and code, not by its userInfo dump.
    @Test func transport_describesURLErrorsBriefly() async throws {
        let transport = StubTransport([.failure(URLError(.timedOut))])
        let client = makeClient(transport) { $0.retryPolicy = .never }
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.description.hasPrefix("GET https://api.example.com/zen: no response: "))
        #expect(error.description.hasSuffix("(URLError -1001)"))
    }

    /// The whole answer is kept: status, headers and body bytes; the API's error document when it has one.
    @Test func unexpectedStatus_keepsTheResponseAndTheDecodedErrorBody() async throws {
        let body = #"{"message": "Not Found", "code": "missing"}"#
        let transport = StubTransport(.json(404, body, headers: ["X-Request-Id": "r1"]))
        let client = makeClient(transport) { $0.errorBodyDecoder = .json(TestErrorBody.self) }
        let error = try #require(await apiError { try await client.send(GetPerson()) })
        guard case .unexpectedStatus(let request, let response, let received, _) = error else {
            Issue.record("expected unexpectedStatus, got \(error)")
            return
        }
        #expect(request == RequestSummary(method: "GET", url: "https://api.example.com/people/1"))
        #expect(response.status == 404)
        #expect(response.headerFields["x-request-id"] == "r1")
        #expect(received == Data(body.utf8))
        #expect(error.errorBody(as: TestErrorBody.self) == TestErrorBody(message: "Not Found", code: "missing"))
        #expect(error.status == 404)
        #expect(error.description == "GET https://api.example.com/people/1: unexpected status 404: Not Found [missing]")
    }

    /// Without an error document the description shows the start of a text body on one line.
    @Test func unexpectedStatus_withoutErrorBody_previewsTheText() async throws {
        let html = "<html>\n<body>Bad gateway</body>\n</html>" + String(repeating: "x", count: 300)
        let transport = StubTransport(.make(502, html))
        let client = makeClient(transport) {
            $0.retryPolicy = .never
            $0.errorBodyDecoder = .json(TestErrorBody.self)
        }
        let error = try #require(await apiError { try await client.send(GetPerson()) })
        #expect(error.errorBody(as: TestErrorBody.self) == nil)
        let expected = "<html> <body>Bad gateway</body> </html>" + String(repeating: "x", count: 161) + "…"
        #expect(error.description == "GET https://api.example.com/people/1: unexpected status 502: " + expected)
    }

    @Test func unexpectedStatus_withEmptyBody_saysOnlyTheStatus() async throws {
        let transport = StubTransport(.make(410))
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetPerson()) })
        #expect(error.description == "GET https://api.example.com/people/1: unexpected status 410")
    }

    /// The body that failed to decode is kept, and the reason names the missing field.
    @Test func decodingFailed_keepsTheBodyAndSaysWhatIsMissing() async throws {
        let body = #"{"id": 1}"#
        let transport = StubTransport(.json(200, body))
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetPerson()) })
        guard case .decodingFailed(_, _, let received, let underlying) = error else {
            Issue.record("expected decodingFailed, got \(error)")
            return
        }
        #expect(received == Data(body.utf8))
        #expect(underlying is DecodingError)
        #expect(error.description
            == "GET https://api.example.com/people/1: cannot decode the 200 response (9 bytes): missing key 'login'")
    }

    @Test func decodingFailed_typeMismatch_namesThePath() async throws {
        let transport = StubTransport(.json(200, #"[{"login": "a", "id": "one"}]"#))
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(ListPeople()) })
        #expect(error.description.hasPrefix(
            "GET https://api.example.com/people: cannot decode the 200 response (29 bytes): expected Int at [0].id"))
    }

    @Test func cancelled_describesItself() {
        let error = APIError.cancelled(request: RequestSummary(method: "GET", url: "https://api.example.com/zen"))
        #expect(error.description == "GET https://api.example.com/zen: cancelled")
        #expect(error.isCancellation)
        #expect(error.response == nil)
    }
}

extension APIErrorTests {
    /// `APIError` is a `LocalizedError` whose message is its description, so code that shows
    /// `error.localizedDescription` (alerts, logs) says what, where and why instead of "The operation could not be
    /// completed".
    @Test func localizedDescription_isTheDescription() async throws {
        let transport = StubTransport(.make(410))
        let error = try #require(await apiError { try await makeClient(transport).send(GetPerson()) })
        let expected = "GET https://api.example.com/people/1: unexpected status 410"
        #expect(error.errorDescription == expected)
        #expect(error.localizedDescription == expected)
        #expect((error as any Error).localizedDescription == expected)
    }

    @Test func localizedDescription_ofACancelledCall() {
        let request = RequestSummary(method: "GET", url: "https://api.example.com/zen")
        let error: any Error = APIError.cancelled(request: request)
        #expect(error.localizedDescription == "GET https://api.example.com/zen: cancelled")
    }
}

struct TestErrorBody: APIErrorBody, Decodable, Equatable {
    var message: String
    var code: String
    var description: String { "\(message) [\(code)]" }
}

struct ListPeople: Endpoint {
    typealias Response = [Person]
    var path: String { "/people" }
}
