import HTTPTypes

/// The methods of `RESTClient.request(_:_:)`, split in two types so that only POST, PUT and PATCH get
/// body-setting calls: `client.request(.get, "/x").json(…)` does not compile.
public protocol RequestMethod: Sendable {
    /// The method as swift-http-types names it.
    var httpMethod: HTTPRequest.Method { get }

    /// The body sent with this method when `body` was set (or not): none for a method without one, and for the
    /// others `body`, or an empty one.
    func body(_ body: RequestBody?) -> RequestBody?
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
    public var httpMethod: HTTPRequest.Method {
        switch self {
        case .get: .get
        case .head: .head
        case .delete: .delete
        case .options: .options
        }
    }

    /// None: these methods take no body.
    public func body(_ body: RequestBody?) -> RequestBody? { nil }
}

/// Methods that carry a request body (empty unless one is set).
public enum BodyMethod: RequestMethod, Hashable {
    /// `POST`.
    case post
    /// `PUT`.
    case put
    /// `PATCH`.
    case patch

    /// The method to send (with an empty body unless one is set).
    public var httpMethod: HTTPRequest.Method {
        switch self {
        case .post: .post
        case .put: .put
        case .patch: .patch
        }
    }

    /// `body`, or an empty one when none was set.
    public func body(_ body: RequestBody?) -> RequestBody? { body ?? .empty }
}
