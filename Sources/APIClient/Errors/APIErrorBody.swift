import Foundation
import HTTPTypes

/// An API's own error document, such as GitHub's `{"message": …, "documentation_url": …}`.
///
/// Its `description` is shown in `APIError.description`, so it should be one short line.
public protocol APIErrorBody: Sendable, CustomStringConvertible {}

/// Reads an API's error document from an unaccepted answer. Configure one per API on the client.
public struct ErrorBodyDecoder: Sendable {
    private let decodeBody: @Sendable (HTTPResponse, Data) -> (any APIErrorBody)?

    /// Decodes with `decode`, given the answer's head and body, which returns `nil` when the answer is not an error
    /// document it knows.
    public init(_ decode: @escaping @Sendable (HTTPResponse, Data) -> (any APIErrorBody)?) {
        self.decodeBody = decode
    }

    /// Decodes JSON bodies as `T`; anything that does not decode (HTML from a proxy, empty bodies) gives `nil`.
    public static func json<T: APIErrorBody & Decodable>(_ type: T.Type) -> ErrorBodyDecoder {
        ErrorBodyDecoder { _, body in
            guard !body.isEmpty else { return nil }
            return try? JSONDecoder().decode(T.self, from: body)
        }
    }

    /// The error body read from `response` and its `body`, or nil when it is not in this API's error format.
    public func decode(_ response: HTTPResponse, body: Data) -> (any APIErrorBody)? {
        decodeBody(response, body)
    }
}
