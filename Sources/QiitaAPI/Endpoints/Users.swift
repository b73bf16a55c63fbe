import APIClient

extension Qiita {
    /// `GET /authenticated_user`: the owner of the access token, with upload quotas.
    public struct GetAuthenticatedUser: Endpoint {
        public typealias Response = User
        public init() {}
        public var path: String { "/authenticated_user" }
    }

    /// `GET /users/{id}`
    public struct GetUser: Endpoint {
        public typealias Response = User
        public var id: String
        public init(id: String) { self.id = id }
        public var path: String { EndpointPath.join("users", id) }
    }

    /// `GET /tags/{id}`
    public struct GetTag: Endpoint {
        public typealias Response = Tag
        public var id: String
        public init(id: String) { self.id = id }
        public var path: String { EndpointPath.join("tags", id) }
    }
}
