import APIClient
import APIClientTesting
import Foundation
import Testing

/// Endpoints declare what statuses mean; the client core has no special cases.
struct StatusInterpretationTests {
    /// A status-only endpoint: 204 is `true`, 404 is `false`, without reading a body.
    struct IsStarred: Endpoint {
        typealias Response = Bool
        var path: String { "/user/starred/o/r" }
        func interpret(_ response: HTTPResponse) -> StatusInterpretation<Bool> {
            switch response.status.code {
            case 204: .value(true)
            case 404: .value(false)
            default: .reject
            }
        }
    }

    @Test func statusesAsValues() async throws {
        let transport = StubTransport(.make(204), .json(404, #"{"message": "Not Found"}"#), .make(204))
        let client = makeClient(transport)
        var answers: [Bool] = []
        for _ in 0..<3 { answers.append(try await client.send(IsStarred())) }
        #expect(answers == [true, false, true])
    }

    /// Statuses the endpoint does not declare are still failures, with the usual retries.
    @Test func undeclaredStatuses_areStillRejected() async throws {
        let clock = TestClock()
        let transport = StubTransport(.make(503), .make(403))
        let client = makeClient(transport, clock: clock)
        let error = try #require(await apiError { try await client.send(IsStarred()) })
        #expect(error.status == 403)
        #expect(clock.sleeps == [.seconds(1)])
    }

    /// `treating(404, as: [])`: a list endpoint whose 404 means "nothing there".
    @Test func treating404AsEmptyList() async throws {
        let recorder = EventRecorder()
        let transport = StubTransport(.json(404, #"{"message": "Not Found"}"#), .json(200, "[1, 2]"))
        let client = makeClient(transport) { $0.listeners = [recorder] }
        let endpoint = ListNumbers().treating(404, as: [])
        #expect(try await client.send(endpoint) == [])
        #expect(try await client.send(endpoint) == [1, 2])
        #expect(recorder.trace.prefix(6) == ["start", "received 404", "validated 404", "decoded", "success", "end 1"])
        #expect(transport.urls.first == "https://api.example.com/numbers?per_page=2")
    }

    /// The wrapper keeps what it wraps: other statuses, method, path, query and headers.
    @Test func treatingKeepsTheRestOfTheEndpoint() async throws {
        let transport = StubTransport(.json(200, #"{"login": "a", "id": 1}"#), .make(410))
        let client = makeClient(transport)
        let endpoint = GetPerson(headers: ["X-A": "1"]).treating(404, as: Person(login: "nobody", id: 0))
        #expect(try await client.send(endpoint) == Person(login: "a", id: 1))
        let error = try #require(await apiError { try await client.send(endpoint) })
        #expect(error.status == 410)
        #expect(transport.requests.allSatisfy { $0.headers["X-A"] == "1" && $0.url?.path == "/people/1" })
    }

    /// Pages of a treated endpoint: a 404 first page is one empty page.
    @Test func treatedEndpointsPage() async throws {
        let transport = StubTransport(.make(404))
        let client = makeClient(transport)
        var pages: [[Int]] = []
        for try await page in client.pages(ListNumbers().treating(404, as: [])) { pages.append(page.content) }
        #expect(pages == [[]])
    }
}
