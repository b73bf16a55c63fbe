/// An HTTP method, with the request body where the method may carry one.
///
/// A body lives only in `post`, `put` and `patch`, so a GET (or HEAD, DELETE, OPTIONS) with a body cannot be
/// written down. A PUT that sends nothing, such as GitHub's lock-issue call, is `.put(.empty)`.
public enum HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    case get
    case head
    case delete
    case options
    case post(RequestBody)
    case put(RequestBody)
    case patch(RequestBody)

    /// The method token as sent on the wire: `GET`, `POST`, …
    public var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .post: "POST"
        case .put: "PUT"
        case .patch: "PATCH"
        }
    }

    /// The body to send, `nil` for methods that cannot carry one.
    public var body: RequestBody? {
        switch self {
        case .get, .head, .delete, .options: nil
        case .post(let body), .put(let body), .patch(let body): body
        }
    }

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    /// Retries after server errors and transport failures are only automatic for idempotent methods.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .delete, .options, .put: true
        case .post, .patch: false
        }
    }

    /// The method's name: `GET`, `POST`, …
    public var description: String { name }
}
