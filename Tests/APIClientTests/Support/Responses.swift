import APIClient
import APIClientTesting
import Foundation

extension StubTransport.Reply {
    /// An answer whose body is `text` (UTF-8).
    static func make(_ status: Int, _ text: String = "", headers: HTTPFields = [:]) -> Self {
        .text(HTTPResponse.Status(code: status), text, headers: headers)
    }

    /// An answer whose body is `bytes`.
    static func bytes(_ status: HTTPResponse.Status, _ bytes: Data, headers: HTTPFields = [:]) -> Self {
        .response(HTTPResponse(status: status, headerFields: headers), body: bytes)
    }
}

extension HTTPResponse {
    /// A head with `status` and `headers`.
    static func make(_ status: Status, headers: HTTPFields = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headerFields: headers)
    }
}

extension StubTransport {
    /// A transport that answers with these replies, one per request in order.
    convenience init(_ first: Reply, _ more: Reply...) {
        self.init([first] + more)
    }

    /// The URLs requested so far, as strings.
    var urls: [String] { requests.map { $0.url?.absoluteString ?? "" } }
}

extension StubTransport.ReceivedRequest {
    /// The request's header fields.
    var headers: HTTPFields { request.headerFields }
    /// The request's method.
    var method: HTTPRequest.Method { request.method }
}

/// Field names written as the wire spells them (`["Retry-After": "1"]`, `.header("X-Trace", "t1")`), so the tests read
/// like the exchanges they describe. A literal that is no valid field name stops the test run.
extension HTTPField.Name: @retroactive ExpressibleByStringLiteral {
    public init(stringLiteral name: String) {
        guard let parsed = HTTPField.Name(name) else { preconditionFailure("invalid test field name \(name)") }
        self = parsed
    }
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
