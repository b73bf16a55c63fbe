import APIClient
import APIClientTesting
import Foundation

extension HTTPResponse {
    /// A response whose body is `text` (UTF-8).
    static func make(_ status: Int, _ text: String = "", headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    /// A JSON response.
    static func json(_ status: Int = 200, _ json: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        make(status, json, headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]))
    }
}

extension StubTransport {
    /// The URLs requested so far, as strings.
    var urls: [String] { requests.map(\.url.absoluteString) }
}

/// An error with a fixed description, for exact message tests.
struct TestError: Error, CustomStringConvertible, Equatable {
    let description: String
    init(_ description: String) { self.description = description }
}

extension URL {
    /// A URL from a literal the test controls; stops the test run with the literal if it is not one.
    static func make(_ string: String) -> URL {
        guard let url = URL(string: string) else {
            preconditionFailure("invalid test URL literal \(string)")
        }
        return url
    }
}
