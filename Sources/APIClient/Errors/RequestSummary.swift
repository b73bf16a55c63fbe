/// Which call an error or event is about: method and URL, as a person would read them in a log.
///
/// `url` is the full URL that was (or would have been) requested. When the URL could not be built it is the base
/// URL and path as given.
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    public var method: String
    public var url: String

    public init(method: String, url: String) {
        self.method = method
        self.url = url
    }

    public var description: String { "\(method) \(url)" }
}
