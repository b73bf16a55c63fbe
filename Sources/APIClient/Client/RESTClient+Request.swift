import Foundation

extension RESTClient {
    /// The URL a call goes to, or why there is none. `attempted` is what a person should see in an error either way.
    struct URLResolution {
        var attempted: String
        var url: URL?
        var problem: String?
    }

    /// `path` and `queryItems` (spelled by `encoder`, or the client's) appended to the base URL, after its prefix.
    func resolveURL(path: String, queryItems: [URLQueryItem], encoder: (any QueryEncoder)?) -> URLResolution {
        let base = configuration.baseURL
        var prefix = base.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let suffix = path.isEmpty || path.hasPrefix("/") ? path : "/" + path
        let query = (encoder ?? configuration.queryEncoder).encode(queryItems)
        let attempted = prefix + suffix + (query.isEmpty ? "" : "?" + query)

        func failure(_ problem: String) -> URLResolution {
            URLResolution(attempted: attempted, url: nil, problem: problem)
        }
        guard base.scheme != nil, base.host?.isEmpty == false else {
            return failure("the base URL '\(base.absoluteString)' has no scheme or host")
        }
        guard base.query == nil, base.fragment == nil else {
            return failure("the base URL '\(base.absoluteString)' carries a query or fragment; give query items to the endpoint")
        }
        guard !path.contains("?"), !path.contains("#") else {
            return failure("the path '\(path)' contains '?' or '#'; give query items to the endpoint")
        }
        guard let url = URL(string: attempted) else {
            return failure("'\(attempted)' is not a valid URL")
        }
        return URLResolution(attempted: attempted, url: url, problem: nil)
    }

    /// Default headers, overridden by the endpoint's, overridden by the call's; `Content-Type` from the body if unset.
    func makeHeaders(endpoint: HTTPHeaders, call: HTTPHeaders, body: RequestBody?) -> HTTPHeaders {
        var headers = configuration.defaultHeaders.merging(endpoint).merging(call)
        if let contentType = body?.contentType, !headers.contains("Content-Type") {
            headers["Content-Type"] = contentType
        }
        return headers
    }

    /// Whether `url` has the scheme, host and port of the base URL: only then are credentials attached.
    func isSameOrigin(_ url: URL) -> Bool {
        let base = configuration.baseURL
        return url.scheme?.lowercased() == base.scheme?.lowercased()
            && url.host?.lowercased() == base.host?.lowercased()
            && Self.port(of: url) == Self.port(of: base)
    }

    private static func port(of url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }
}
