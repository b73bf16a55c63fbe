import APIClient
import APIClientTesting
import Foundation
import Testing

/// Endpoints for core tests, independent of GitHub and Qiita.
struct Person: Codable, Sendable, Equatable {
    var login: String
    var id: Int
}

struct GetPerson: Endpoint {
    typealias Response = Person
    var path = "/people/1"
    var queryItems: [URLQueryItem] = []
    var headers: HTTPFields = [:]
}

struct PostPerson: Endpoint {
    typealias Response = Person
    var person = Person(login: "a", id: 1)
    var method: HTTPRequest.Method { .post }
    var body: RequestBody? { .json(person) }
    var path: String { "/people" }
}

struct GetText: Endpoint {
    typealias Response = String
    var path: String { "/zen" }
}

struct GetBytes: Endpoint {
    typealias Response = Data
    var path: String { "/blob" }
}

struct DeleteThing: Endpoint {
    typealias Response = EmptyResponse
    var method: HTTPRequest.Method { .delete }
    var path: String { "/things/1" }
}

struct ListNumbers: Endpoint {
    typealias Response = [Int]
    var path: String { "/numbers" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "per_page", value: "2")] }
}

/// A value that cannot be encoded, to reach `APIError.encodingFailed`.
struct Unencodable: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw TestError("this value refuses to be encoded")
    }
}

struct PostUnencodable: Endpoint {
    typealias Response = EmptyResponse
    var method: HTTPRequest.Method { .post }
    var body: RequestBody? { .json(Unencodable()) }
    var path: String { "/things" }
}

/// Builds a client on a stub transport and a test clock.
func makeClient(
    _ transport: StubTransport,
    baseURL: String = "https://api.example.com",
    clock: TestClock = TestClock(),
    configure: (inout ClientConfiguration) -> Void = { _ in }
) -> RESTClient {
    var configuration = ClientConfiguration(baseURL: .make(baseURL), clock: clock)
    configure(&configuration)
    return RESTClient(configuration: configuration, transport: transport)
}

/// Runs `body` and returns the `APIError` it threw, or `nil` if it succeeded. Any other error is a test failure.
func apiError<T>(
    _ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async -> APIError? {
    do {
        _ = try await body()
        return nil
    } catch let error as APIError {
        return error
    } catch {
        Issue.record("expected an APIError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
