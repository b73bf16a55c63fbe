import Foundation
import HTTPTypes

/// A polled endpoint sent with `If-None-Match`: a `304 Not Modified` is accepted and read as `nil` (nothing new);
/// every other status is read as the polled endpoint reads it.
struct ConditionalEndpoint<Base: Endpoint>: Endpoint {
    typealias Response = Base.Response?

    let base: Base
    /// Whether the request carries `If-None-Match`: only then does a 304 mean "what you have is current".
    let isConditional: Bool

    var method: HTTPRequest.Method { base.method }
    var body: RequestBody? { base.body }
    var path: String { base.path }
    var queryItems: [URLQueryItem] { base.queryItems }
    var queryEncoder: (any QueryEncoder)? { base.queryEncoder }
    var headers: HTTPFields { base.headers }
    var decoder: JSONDecoder { base.decoder }

    func interpret(_ response: HTTPResponse) -> StatusInterpretation<Base.Response?> {
        if isConditional, response.status == .notModified { return .value(nil) }
        switch base.interpret(response) {
        case .decode: return .decode
        case .value(let value): return .value(value)
        case .reject: return .reject
        }
    }

    func decode(_ body: Data, from response: HTTPResponse) throws -> Base.Response? {
        try base.decode(body, from: response)
    }
}
