import APIClient
import APIClientTesting
import Foundation
import Testing

struct HeaderTests {
    /// Every request carries the client's User-Agent and Accept.
    @Test func defaultHeadersAreSent() async throws {
        let transport = StubTransport(.json(200, #"{"login": "a", "id": 1}"#))
        let client = makeClient(transport)
        _ = try await client.send(GetPerson())
        let headers = try #require(transport.requests.first).headers
        #expect(headers["User-Agent"] == "mockapi-APIClient/1")
        #expect(headers["accept"] == "application/json")
    }

    /// Endpoint headers override defaults; per-call headers override both; other defaults stay.
    @Test func endpointAndCallHeadersOverrideInThatOrder() async throws {
        let transport = StubTransport(.json(200, #"{"login": "a", "id": 1}"#))
        let client = makeClient(transport)
        let endpoint = GetPerson(headers: ["Accept": "application/vnd.test+json", "X-Endpoint": "e"])
        _ = try await client.send(endpoint, headers: ["x-endpoint": "call", "X-Trace": "t"])
        let headers = try #require(transport.requests.first).headers
        #expect(headers["Accept"] == "application/vnd.test+json")
        #expect(headers[values: "X-Endpoint"] == ["call"])
        #expect(headers["X-Trace"] == "t")
        #expect(headers["User-Agent"] == "mockapi-APIClient/1")
    }

    /// A JSON body is sent with its content type and the encoded bytes (sorted keys).
    @Test func jsonBodyIsSentWithContentType() async throws {
        let transport = StubTransport(.json(201, #"{"login": "a", "id": 1}"#))
        let client = makeClient(transport)
        _ = try await client.send(PostPerson(person: Person(login: "octo", id: 7)))
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"id":7,"login":"octo"}"#)
    }
}
