import APIClient

extension GitHub {
    /// `GET /users/{login}`: a user's public profile.
    public struct GetUser: Endpoint {
        public typealias Response = User
        public var login: String
        public init(login: String) { self.login = login }
        public var path: String { EndpointPath.join("users", login) }
    }

    /// `GET /user`: the user the token belongs to (401 without a token).
    public struct GetAuthenticatedUser: Endpoint {
        public typealias Response = User
        public init() {}
        public var path: String { "/user" }
    }
}

extension GitHub {
    /// `GET /user/following/{user}`: whether the authenticated user follows `user`.
    /// GitHub answers with a status and no body: 204 means yes, 404 means no.
    public struct CheckFollowing: Endpoint {
        public typealias Response = Bool
        public var user: String
        public init(user: String) { self.user = user }
        public var path: String { EndpointPath.join("user", "following", user) }

        public func interpret(_ response: HTTPResponse) -> StatusInterpretation<Bool> {
            switch response.status.code {
            case 204: .value(true)
            case 404: .value(false)
            default: .reject
            }
        }
    }
}
