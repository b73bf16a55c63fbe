/// Which call an error or event is about: method and URL, as a person would read them in a log.
///
/// `url` is the full URL that was (or would have been) requested. When the URL could not be built it is the base
/// URL and path as given.
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method: `GET`, `POST`, …
    public var method: String
    /// The URL as sent, or the path as given when no URL could be made.
    public var url: String

    /// A summary of a request to `url` with `method`.
    public init(method: String, url: String) {
        self.method = method
        self.url = url
    }

    /// `METHOD URL`.
    public var description: String { "\(method) \(url)" }
}
