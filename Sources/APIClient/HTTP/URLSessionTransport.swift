import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `HTTPTransport` over `URLSession`.
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

    /// Sends `request` and returns the whole answer; a failure to connect throws URLSession's error.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (data, response) = try await session.data(for: Self.makeURLRequest(request))
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        }
        return Self.makeResponse(http, body: data)
    }

    static func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.name
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    static func makeResponse(_ response: HTTPURLResponse, body: Data) -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            headers.add(String(describing: name), String(describing: value))
        }
        return HTTPResponse(status: response.statusCode, headers: headers, body: body, url: response.url)
    }
}
