import Foundation
import HTTPTypes

extension RESTClient {
    /// The URL a call goes to, or why there is none. `attempted` is what a person should see in an error either way.
    struct URLResolution {
        var attempted: String
        var url: URL?
        var problem: String?
    }

    /// `path` and `queryItems` (spelled by `encoder`, or the client's) appended to the base URL, after its prefix.
    /// A `path` that is an absolute URL (it starts with a scheme, as in `https://…`) is used as it is, but only when
    /// its scheme, host and port are the base URL's: a URL of another origin is refused rather than appended.
    func resolveURL(path: String, queryItems: [URLQueryItem], encoder: (any QueryEncoder)?) -> URLResolution {
        let base = configuration.baseURL
        let isAbsolute = Self.startsWithScheme(path)
        var target = path
        if !isAbsolute {
            var prefix = base.absoluteString
            while prefix.hasSuffix("/") { prefix.removeLast() }
            target = prefix + (path.isEmpty || path.hasPrefix("/") ? path : "/" + path)
        }
        let query = (encoder ?? configuration.queryEncoder).encode(queryItems)
        let attempted = target + (query.isEmpty ? "" : "?" + query)

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
        if isAbsolute, !isSameOrigin(url) {
            return failure("the path '\(path)' is an absolute URL outside the base URL's origin "
                + "'\(Self.origin(of: base))'; give a path, or a URL with the base URL's scheme, host and port")
        }
        return URLResolution(attempted: attempted, url: url, problem: nil)
    }

    /// Whether `path` begins with an RFC 3986 scheme (`letter *(letter / digit / + / - / .)` then `:`), so it is an
    /// absolute URL rather than a path: `https://x/y` and `mailto:a` do, `/a:b` and `a/b:c` do not.
    static func startsWithScheme(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":"), let first = path.unicodeScalars.first,
              first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return path[..<colon].unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "+-.".unicodeScalars.contains(scalar))
        }
    }

    /// `scheme://host[:port]` of `url`, for messages.
    private static func origin(of url: URL) -> String {
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme ?? "")://\(url.host ?? "")\(port)"
    }

    /// Default headers, overridden by the endpoint's, overridden by the call's; `Content-Type` from the body if unset.
    func makeHeaders(endpoint: HTTPFields, call: HTTPFields, body: RequestBody?) -> HTTPFields {
        var headers = configuration.defaultHeaders.merging(endpoint).merging(call)
        if let contentType = body?.contentType, !headers.contains(.contentType) {
            headers[.contentType] = contentType
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
