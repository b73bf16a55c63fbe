/// An HTTP method, with the request body where the method may carry one.
///
/// A body lives only in `post`, `put` and `patch`, so a GET (or HEAD, DELETE, OPTIONS) with a body cannot be
/// written down. A PUT that sends nothing, such as GitHub's lock-issue call, is `.put(.empty)`.
public enum HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    /// `GET`: read a resource.
    case get
    /// `HEAD`: a `GET` without the body of the answer.
    case head
    /// `DELETE`: remove a resource.
    case delete
    /// `OPTIONS`: what the server allows.
    case options
    /// `POST` with its body: create, or any action that is not idempotent.
    case post(RequestBody)
    /// `PUT` with its body (`.empty` for none): replace a resource, idempotently.
    case put(RequestBody)
    /// `PATCH` with its body: change part of a resource.
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
