import Foundation
import HTTPTypes
import HTTPTypesFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `HTTPTransport` over `URLSession`, converting with swift-http-types' `HTTPTypesFoundation`.
///
/// On Linux (FoundationNetworking) URLSession decompresses bodies, merges repeated header names into one and
/// follows redirects; what reaches the client is what URLSession reports.
public struct URLSessionTransport: HTTPTransport {
    /// The session that sends the requests.
    public let session: URLSession

    /// A transport over `session` (`URLSession.shared` by default).
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends `request` with `body` and returns the whole answer; a failure to connect throws URLSession's error.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let (data, response) = if let body {
            try await session.upload(for: request, from: body)
        } else {
            try await session.data(for: request)
        }
        return (response, data)
    }
}
