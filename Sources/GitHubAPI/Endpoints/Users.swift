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
