/// The methods of `RESTClient.request(_:_:)`, split in two types so that only POST, PUT and PATCH get
/// body-setting calls: `client.request(.get, "/x").json(…)` does not compile.
public protocol RequestMethod: Sendable {
    /// This method with `body` where it can carry one.
    func httpMethod(body: RequestBody?) -> HTTPMethod
}

/// Methods without a request body.
public enum BodylessMethod: RequestMethod, Hashable {
    /// `GET`.
    case get
    /// `HEAD`.
    case head
    /// `DELETE`.
    case delete
    /// `OPTIONS`.
    case options

    /// The method to send; these methods take no body.
    public func httpMethod(body: RequestBody?) -> HTTPMethod {
        switch self {
        case .get: .get
        case .head: .head
        case .delete: .delete
        case .options: .options
        }
    }
}

/// Methods that carry a request body (empty unless one is set).
public enum BodyMethod: RequestMethod, Hashable {
    /// `POST`.
    case post
    /// `PUT`.
    case put
    /// `PATCH`.
    case patch

    /// The method to send, with `body` (an empty one when nil).
    public func httpMethod(body: RequestBody?) -> HTTPMethod {
        let body = body ?? .empty
        return switch self {
        case .post: .post(body)
        case .put: .put(body)
        case .patch: .patch(body)
        }
    }
}
