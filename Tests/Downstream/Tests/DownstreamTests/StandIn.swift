import APIClient
import Foundation

/// The stand-in API scripts/test-downstream starts (scripts/lib/standin_api.py), as a user's own client would see it.
enum StandIn {
    static let environment = ProcessInfo.processInfo.environment
    /// Where the real API is while recording; unset when the tests must replay.
    static var upstream: String? { environment["DOWNSTREAM_UPSTREAM"] }

    /// A client for `baseURL` that sends the token from the environment, as a test run with a real token would.
    static func client(_ baseURL: URL) -> RESTClient {
        let token = environment["DOWNSTREAM_TOKEN"] ?? "no-token-needed-for-replay"
        return RESTClient(configuration: ClientConfiguration(
            baseURL: baseURL, auth: TokenAuth(token: token, scheme: "token"), retryPolicy: .never))
    }

    struct Item: Decodable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    struct ListItems: Endpoint {
        typealias Response = [Item]
        var path: String { "/items" }
    }

    struct Profile: Decodable, Sendable {
        let login: String
        let plan: String
    }

    struct GetProfile: Endpoint {
        typealias Response = Profile
        var path: String { "/profile" }
    }

    struct Extra: Decodable, Sendable {
        let extra: Bool
    }

    struct GetExtra: Endpoint {
        typealias Response = Extra
        var path: String { "/extra" }
    }

    /// Steps the script turns on: `DOWNSTREAM_STEP=extra` adds a request, `unrecorded` one nobody recorded.
    static func step(_ name: String) -> Bool { environment["DOWNSTREAM_STEP"] == name }
}
