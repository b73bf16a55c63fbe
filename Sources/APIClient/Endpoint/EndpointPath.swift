import Foundation

/// Helpers to build an endpoint's percent-encoded `path`.
public enum EndpointPath {
    /// Characters left as they are inside one path segment: RFC 3986 unreserved characters and sub-delims
    /// that are safe in a segment, but never `/`, `?`, `#` or `%`.
    private static let segmentAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

    /// `value` percent-encoded as one path segment: `"a/b c"` becomes `"a%2Fb%20c"`.
    public static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? value
    }

    /// `"/" + segments`, each percent-encoded: `join("repos", owner, repo)` is `"/repos/o/r"`.
    public static func join(_ segments: String...) -> String {
        "/" + segments.map(segment).joined(separator: "/")
    }
}
