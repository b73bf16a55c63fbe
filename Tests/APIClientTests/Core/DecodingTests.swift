import APIClient
import APIClientTesting
import Foundation
import Testing

struct DecodingTests {
    /// A 204 has no body; `EmptyResponse` endpoints succeed without reading one.
    @Test func noContent_decodesAsEmptyResponse() async throws {
        let transport = StubTransport(.make(204))
        let client = makeClient(transport)
        let response = try await client.send(DeleteThing())
        #expect(response == EmptyResponse())
        #expect(transport.requests.first?.method == .delete)
    }

    /// A JSON endpoint answered with 204 fails loudly instead of inventing a value.
    @Test func noContent_forJSONEndpoint_isDecodingFailed() async throws {
        let transport = StubTransport(.make(204))
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetPerson()) })
        #expect(EventRecorder.caseName(error) == "decodingFailed")
    }

    @Test func stringEndpoint_readsUTF8Text() async throws {
        let transport = StubTransport(.make(200, "Keep it logically awesome.", headers: ["Content-Type": "text/plain"]))
        let client = makeClient(transport)
        #expect(try await client.send(GetText()) == "Keep it logically awesome.")
    }

    @Test func stringEndpoint_rejectsInvalidUTF8() async throws {
        let transport = StubTransport(.bytes(200, Data([0xFF, 0xFE])))
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.description == "GET https://api.example.com/zen: cannot decode the 200 response (2 bytes): "
            + "corrupted data at the top level: The body is not valid UTF-8.")
    }

    @Test func dataEndpoint_returnsTheBytes() async throws {
        let bytes = Data([0, 1, 2, 255])
        let transport = StubTransport(.bytes(200, bytes))
        let client = makeClient(transport)
        #expect(try await client.send(GetBytes()) == bytes)
    }

    /// `sendWithResponse` hands back the answer's headers with the value.
    @Test func sendWithResponse_returnsTheHeadersToo() async throws {
        let transport = StubTransport(.json(200, #"{"login": "a", "id": 1}"#, headers: ["ETag": "\"abc\""]))
        let client = makeClient(transport)
        let (person, response) = try await client.sendWithResponse(GetPerson())
        #expect(person == Person(login: "a", id: 1))
        #expect(response.headerFields[.eTag] == "\"abc\"")
    }
}
