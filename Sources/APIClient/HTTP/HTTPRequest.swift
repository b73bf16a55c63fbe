import Foundation

/// One request as a transport sends it: method (with its body), absolute URL and headers.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, with the body it sends.
    public var method: HTTPMethod
    /// The absolute URL.
    public var url: URL
    /// The headers, in order.
    public var headers: HTTPHeaders

    /// A request to `url`.
    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:]) {
        self.method = method
        self.url = url
        self.headers = headers
    }

    /// The body bytes, `nil` for methods that cannot carry a body.
    public var body: Data? { method.body?.data }
}
