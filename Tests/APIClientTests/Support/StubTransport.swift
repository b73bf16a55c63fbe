import APIClient
import Foundation
import Synchronization

/// A transport that answers from a script and records what it was sent. No sockets.
final class StubTransport: HTTPTransport {
    /// One scripted answer.
    enum Reply: Sendable {
        case response(HTTPResponse)
        case failure(any Error)
        /// Computes the answer from the request (to echo it, or to suspend).
        case handler(@Sendable (HTTPRequest) async throws -> HTTPResponse)
    }

    struct ScriptExhausted: Error, CustomStringConvertible {
        let request: HTTPRequest
        var description: String { "the stub has no reply left for \(request.method.name) \(request.url)" }
    }

    private let state: Mutex<(replies: [Reply], requests: [HTTPRequest])>

    init(_ replies: [Reply]) {
        state = Mutex((replies, []))
    }

    convenience init(_ responses: HTTPResponse...) {
        self.init(responses.map(Reply.response))
    }

    /// The requests sent so far, in order.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The URLs requested so far, as strings.
    var urls: [String] { requests.map(\.url.absoluteString) }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reply = state.withLock { state -> Reply? in
            state.requests.append(request)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        switch reply {
        case .response(let response)?:
            var response = response
            if response.url == nil { response.url = request.url }
            return response
        case .failure(let error)?:
            throw error
        case .handler(let handle)?:
            return try await handle(request)
        case nil:
            throw ScriptExhausted(request: request)
        }
    }
}

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

/// An error with a fixed description, for exact message tests.
struct TestError: Error, CustomStringConvertible, Equatable {
    let description: String
    init(_ description: String) { self.description = description }
}

extension URL {
    /// A URL from a literal the test controls; records an issue instead of crashing if it is not one.
    static func make(_ string: String) -> URL {
        guard let url = URL(string: string) else {
            preconditionFailure("invalid test URL literal \(string)")
        }
        return url
    }
}
