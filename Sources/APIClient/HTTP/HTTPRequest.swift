import Foundation

/// One request as a transport sends it: method (with its body), absolute URL and headers.
public struct HTTPRequest: Sendable, Hashable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders

    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:]) {
        self.method = method
        self.url = url
        self.headers = headers
    }

    /// The body bytes, `nil` for methods that cannot carry a body.
    public var body: Data? { method.body?.data }
}
